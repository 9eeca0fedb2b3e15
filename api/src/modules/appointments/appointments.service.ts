/**
 * Appointment orders: create, edit, and the escrow officer's and operators' lists. Each
 * change runs in one transaction with its audit row and the notification jobs it causes.
 */
import type { Db, Tx } from '@signingdesk/db';
import { CONFIRMATION_CLEARED } from '@signingdesk/domain/signing-day';
import { schema } from '@signingdesk/db';
import { and, eq, ilike, inArray, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { APPOINTMENT_FIELD_LABELS as LABEL, appointmentFieldLabels, appointmentFieldOf } from '@signingdesk/domain/appointment-fields';
import { CHOOSE_OFFICER_MESSAGE, TIME_REQUIRED_MESSAGE } from '@signingdesk/domain/appointment-input';
import { CLOSED_STATUSES, IN_PROCESS_STATUSES, isOverdue, orderEditable, signingTimePassed } from '@signingdesk/domain/appointment-rules';
import { escrowMayChangeOfferedFee, feesWithAgentPay, newOrderFees, OFFERED_FEE_LOCKED_MESSAGE } from '@signingdesk/domain/fee-rules';
import { COUNT_AHEAD, countLimit, pageOffset } from '@signingdesk/domain/pagination';
import { appointmentStatusLabel, type AppointmentStatus } from '@signingdesk/domain/codes';
import { isEscrowRole, isOperator } from '@signingdesk/domain/roles';
import { appointmentInstant, TBD_TIME, type TimeZoneCode } from '@signingdesk/domain/time-zones';
import { orderTermsProblems, TERMS_LOCKED_MESSAGE, type SigningTerms } from '@signingdesk/domain/signing-terms';
import { termsFromInput } from '@signingdesk/domain/signing-terms-input';
import { visibleAppointments, visibleAppointmentsShape, findVisibleAppointment } from '../../lib/access';
import { prepared } from '../../lib/prepared';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { coordinatesOfZip } from '../../lib/geo';
import { escapeLike } from '../../lib/like';
import { notify, operatorIds } from '../../delivery/notify';
import type { AttentionKind } from '@signingdesk/domain/attention';
import { attentionWhere, nowValues, PREPARED_NOW } from './attention';
import { countAppointmentsUpTo, countPreparedUpTo } from './capped-count';
import type { CreateAppointmentInput, EscrowFilter, EscrowSort, OperatorSort, UpdateAppointmentInput } from './appointments.schemas';
import { dispatchSettingsOf, startLocked } from '../dispatch/dispatcher';
import { viewFor } from './appointments.views';
import { firmTermsOf } from '../signing-terms/signing-terms.service';

const { appointments, user, profiles, firms, files, fileEvents, notes, offers, invoices } = schema;
type Appointment = typeof appointments.$inferSelect;

/** Where the order belongs: the firm and the escrow officer who owns it. */
async function resolveOwner(db: Db | Tx, actor: Actor, input: CreateAppointmentInput) {
  if (isEscrowRole(actor.role)) {
    if (input.firmId && input.firmId !== actor.firmId) {
      throw new AppError('VALIDATION_FAILED', 'You can only create orders for your own firm.', [
        { field: 'firmId', message: `${LABEL.firmId} must be your own firm` },
      ]);
    }
    const officerId = actor.role === 'creator_admin' ? (input.escrowOfficerId ?? actor.userId) : actor.userId;
    if (actor.role === 'creator' && input.escrowOfficerId && input.escrowOfficerId !== actor.userId) {
      throw new AppError('VALIDATION_FAILED', 'Escrow officers create orders for themselves.', [
        { field: 'escrowOfficerId', message: `${LABEL.escrowOfficerId} must be yourself` },
      ]);
    }
    return { firmId: actor.firmId, officer: await findEscrowOfficer(db, officerId, actor.firmId) };
  }
  if (!input.escrowOfficerId) {
    throw new AppError('VALIDATION_FAILED', 'Choose the escrow officer the order is for.', [
      { field: 'escrowOfficerId', message: CHOOSE_OFFICER_MESSAGE },
    ]);
  }
  const officer = await findEscrowOfficer(db, input.escrowOfficerId, input.firmId);
  return { firmId: officer.firmId, officer };
}

async function findEscrowOfficer(db: Db | Tx, userId: string, firmId: string | undefined) {
  const [officer] = await db
    .select({ id: user.id, email: user.email, name: user.name, role: user.role, firmId: profiles.firmId, status: profiles.status })
    .from(user)
    .innerJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId));
  if (!officer || !['creator', 'creator_admin'].includes(officer.role) || (firmId && officer.firmId !== firmId)) {
    throw new AppError('VALIDATION_FAILED', 'That escrow officer was not found in the firm.', [
      { field: 'escrowOfficerId', message: `${LABEL.escrowOfficerId} must be an escrow officer of the firm` },
    ]);
  }
  if (officer.status === 'disabled') {
    throw new AppError('VALIDATION_FAILED', 'That escrow officer is disabled.', [
      { field: 'escrowOfficerId', message: `${LABEL.escrowOfficerId} is disabled` },
    ]);
  }
  return officer;
}

function schedule(date: string, time: string | null | undefined, timeTbd: boolean, timeZone: string) {
  const wall = timeTbd ? TBD_TIME : time!;
  return {
    date,
    time: wall,
    timeTbd,
    timeZone: timeZone as TimeZoneCode,
    startsAt: appointmentInstant(date, wall, timeZone as TimeZoneCode),
  };
}

/** Terms that disagree with the order's time or fee (domain orderTermsProblems): 400 naming each field. */
function refuseTermsProblems(terms: SigningTerms, order: Parameters<typeof orderTermsProblems>[1]) {
  const problems = orderTermsProblems(terms, order);
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', problems[0]!.message, problems);
}

/** A signing is never ordered or moved to a time that has passed (issue 27, item 7): 400 on the field. */
function refusePastSigning(when: ReturnType<typeof schedule>) {
  const passed = signingTimePassed(when);
  if (passed) throw new AppError('VALIDATION_FAILED', passed.message, [passed]);
}

export async function createAppointment(db: Db, actor: Actor, input: CreateAppointmentInput) {
  if (!isOperator(actor.role) && input.firmFee !== undefined) {
    throw new AppError('VALIDATION_FAILED', 'Only operators set the firm fee.', [
      { field: 'firmFee', message: `${LABEL.firmFee} is set by operators` },
    ]);
  }
  const when = schedule(input.date, input.time, input.timeTbd, input.timeZone);
  refusePastSigning(when);
  return db.transaction(async (tx) => {
    const { firmId, officer } = await resolveOwner(tx, actor, input);
    const coordinates = coordinatesOfZip(input.zip);
    const [firm] = await tx.select({ fee: firms.serviceFeeCents }).from(firms).where(eq(firms.id, firmId));
    // The firm's default terms, with whatever the form changed (issue 33): the order keeps its own copy.
    const chosen = termsFromInput(input);
    const terms: SigningTerms = { ...(await firmTermsOf(tx, firmId)), pageCount: null, ...chosen };
    if (terms.returnMethod === 'none') terms.returnCarrier = null;
    refuseTermsProblems(terms, { ...when, agentFeeCents: input.agentFee });
    const [created] = await tx
      .insert(appointments)
      .values({
        firmId,
        createdBy: officer.id,
        escrowEmail: input.escrowEmail ?? officer.email,
        name: input.name,
        ...when,
        street: input.street,
        city: input.city,
        state: input.state,
        zip: input.zip,
        latitude: coordinates?.latitude ?? null,
        longitude: coordinates?.longitude ?? null,
        lender: input.lender,
        ...newOrderFees(input.agentFee, firm?.fee ?? 0, input.firmFee),
        fileNumber: input.fileNumber,
        comments: input.comments,
        contactName: input.contactName,
        contactPhone1: input.contactPhone1,
        contactPhone2: input.contactPhone2,
        contactEmail1: input.contactEmail1,
        contactEmail2: input.contactEmail2,
        scanBackRequired: input.scanBackRequired,
        transactionType: input.transactionType,
        financeType: input.financeType,
        ...terms,
      })
      .returning();
    const appointment = created!;
    await audit(tx, {
      actorId: actor.userId,
      action: 'appointment.created',
      entityType: 'appointment',
      entityId: appointment.id,
      appointmentId: appointment.id,
      details: { status: 'Open' },
    });
    await notify(tx, {
      type: 'appointment.created',
      recipientIds: (await operatorIds(tx)).filter((id) => id !== actor.userId),
      appointmentId: appointment.id,
      payload: { name: appointment.name, firmId },
    });
    // The firm's auto-start (decision 067): dispatch sends its first wave in this transaction.
    if ((await dispatchSettingsOf(tx, firmId)).autoStart) await startLocked(tx, appointment, { actorId: null, now: new Date() });
    const access = isOperator(actor.role) ? 'operator' : actor.role === 'creator_admin' ? 'firm' : 'owner';
    return {
      message: 'Your appointment request was received. We will notify signing agents near the signing and keep you posted.',
      appointment: await viewFor(tx, actor, appointment, access),
    };
  });
}

const EDITABLE_FIELDS = [
  'name',
  'date',
  'time',
  'timeTbd',
  'timeZone',
  'street',
  'city',
  'state',
  'zip',
  'agentFeeCents',
  'firmFeeCents',
  'lender',
  'fileNumber',
  'comments',
  'escrowEmail',
  'contactName',
  'contactPhone1',
  'contactPhone2',
  'contactEmail1',
  'contactEmail2',
  'scanBackRequired',
  'transactionType',
  'financeType',
  'scanBackHours',
  'returnMethod',
  'returnCarrier',
  'shipByDay',
  'shipByTime',
  'printedBy',
  'pageCount',
  'paymentTermsDays',
  'tripFeeCents',
  'extraSignerFeeCents',
] as const;
type EditableField = (typeof EDITABLE_FIELDS)[number];
const TERMS_COLUMNS = new Set<EditableField>([
  'scanBackHours',
  'returnMethod',
  'returnCarrier',
  'shipByDay',
  'shipByTime',
  'printedBy',
  'pageCount',
  'paymentTermsDays',
  'tripFeeCents',
  'extraSignerFeeCents',
]);
/** What the terms are checked against: a change to any of these checks them again. */
const TERMS_CHECKED_WITH = new Set<EditableField>([...TERMS_COLUMNS, 'date', 'time', 'timeTbd', 'timeZone', 'agentFeeCents']);

/** The version an editor read (`updatedAt`), quoted as an entity tag or not. */
const versionOf = (ifMatch: string) => ifMatch.trim().replace(/^W\//, '').replace(/^"|"$/g, '');

/**
 * Who made the order's latest recorded change, as the conflict notice names them (issue 30):
 * their name, "You (in another window)" for the caller, "Someone else" when no one is recorded.
 */
async function lastChangedBy(tx: Tx, actor: Actor, appointmentId: string): Promise<string> {
  const [last] = await tx
    .select({ actorId: schema.auditLog.actorId, name: schema.user.name })
    .from(schema.auditLog)
    .leftJoin(schema.user, eq(schema.user.id, schema.auditLog.actorId))
    .where(eq(schema.auditLog.appointmentId, appointmentId))
    .orderBy(sql`${schema.auditLog.createdAt} desc, ${schema.auditLog.id} desc`)
    .limit(1);
  if (!last?.actorId || !last.name) return 'Someone else';
  return last.actorId === actor.userId ? 'You (in another window)' : last.name;
}

export async function updateAppointment(
  db: Db,
  actor: Actor,
  appointmentId: string,
  input: UpdateAppointmentInput,
  options: { ifMatch?: string | undefined } = {},
) {
  if (!isOperator(actor.role) && input.firmFee !== undefined) {
    throw new AppError('VALIDATION_FAILED', 'Only operators set the firm fee.', [
      { field: 'firmFee', message: `${LABEL.firmFee} is set by operators` },
    ]);
  }
  return db.transaction(async (tx) => {
    const { appointment: current, access } = await findVisibleAppointment(tx, actor, appointmentId, { forUpdate: true });
    if (access !== 'operator' && access !== 'firm' && access !== 'owner')
      throw new AppError('NOT_FOUND', 'This appointment was not found.');
    if (!orderEditable(current.status)) {
      throw new AppError('NOT_ALLOWED_IN_STATUS', `A ${current.status.toLowerCase()} appointment can no longer be edited.`);
    }
    if (options.ifMatch !== undefined && versionOf(options.ifMatch) !== current.updatedAt.toISOString()) {
      throw new AppError(
        'CONFLICT',
        `${await lastChangedBy(tx, actor, current.id)} changed this order after you opened it. Nothing was saved: review their changes, then update again.`,
      );
    }
    const { agentFee, firmFee, tripFee, extraSignerFee, ...rest } = input;
    const proposed: Partial<Appointment> = { ...rest, ...termsFromInput({ tripFee, extraSignerFee }) } as Partial<Appointment>;
    if (proposed.returnMethod === 'none') proposed.returnCarrier = null;
    if (agentFee !== undefined) proposed.agentFeeCents = agentFee;
    if (firmFee !== undefined) proposed.firmFeeCents = firmFee;
    const timeTbd = input.timeTbd ?? current.timeTbd;
    const time = timeTbd ? TBD_TIME : (input.time ?? (current.timeTbd ? null : current.time));
    if (!time) {
      throw new AppError('VALIDATION_FAILED', TIME_REQUIRED_MESSAGE, [{ field: 'time', message: TIME_REQUIRED_MESSAGE }]);
    }
    proposed.time = time;
    proposed.timeTbd = timeTbd;
    if (proposed.agentFeeCents !== undefined && proposed.agentFeeCents !== current.agentFeeCents) {
      Object.assign(proposed, await agentFeeChange(tx, current, proposed, access === 'operator'));
    }
    const merged = { ...current, ...proposed };
    const changedFields = EDITABLE_FIELDS.filter((field) => field in proposed && merged[field] !== current[field]);
    if (changedFields.length === 0) {
      return { message: 'Nothing changed.', changedFields: [], appointment: await viewFor(tx, actor, current, access) };
    }
    const derived = schedule(merged.date, merged.time, merged.timeTbd, merged.timeZone);
    if (changedFields.some((field) => field === 'date' || field === 'time' || field === 'timeTbd' || field === 'timeZone'))
      refusePastSigning(derived);
    const termsChanged = changedFields.filter((field) => TERMS_COLUMNS.has(field));
    if (termsChanged.length > 0 && access !== 'operator' && (await sentToAgents(tx, current.id))) {
      throw new AppError(
        'VALIDATION_FAILED',
        TERMS_LOCKED_MESSAGE,
        termsChanged.map((field) => ({ field: appointmentFieldOf(field)!, message: TERMS_LOCKED_MESSAGE })),
      );
    }
    if (changedFields.some((field) => TERMS_CHECKED_WITH.has(field))) refuseTermsProblems(merged, merged);
    const coordinates = changedFields.includes('zip') ? coordinatesOfZip(merged.zip) : null;
    const [updated] = await tx
      .update(appointments)
      .set({
        ...Object.fromEntries(changedFields.map((f) => [f, merged[f]])),
        startsAt: derived.startsAt,
        // The signer confirmed the old time: a new date or time asks for a new confirmation.
        ...(changedFields.some((f) => f === 'date' || f === 'time' || f === 'timeTbd' || f === 'timeZone') ? CONFIRMATION_CLEARED : {}),
        ...(changedFields.includes('zip') ? { latitude: coordinates?.latitude ?? null, longitude: coordinates?.longitude ?? null } : {}),
      })
      .where(eq(appointments.id, current.id))
      .returning();
    await audit(tx, {
      actorId: actor.userId,
      action: 'appointment.updated',
      entityType: 'appointment',
      entityId: current.id,
      appointmentId: current.id,
      details: { changedFields },
    });
    const recipients = [
      ...(current.assignedAgentId ? [current.assignedAgentId] : []),
      ...(access === 'operator' ? [current.createdBy] : await operatorIds(tx)),
    ].filter((id) => id !== actor.userId);
    await notify(tx, {
      type: 'appointment.updated',
      recipientIds: recipients,
      appointmentId: current.id,
      payload: { name: updated!.name, changedFields },
    });
    return {
      message: `The order was updated (${appointmentFieldLabels(changedFields).join(', ')}) and notifications were sent.`,
      changedFields: [...changedFields],
      appointment: await viewFor(tx, actor, updated!, access),
    };
  });
}

/** Whether the order was ever offered to a signing agent. */
async function sentToAgents(tx: Tx, appointmentId: string): Promise<boolean> {
  const [sent] = await tx.select({ id: offers.id }).from(offers).where(eq(offers.appointmentId, appointmentId)).limit(1);
  return sent !== undefined;
}

/**
 * A changed agent fee (decision 047). The escrow side changes the fee it offers only until the
 * order is sent to signing agents: afterwards agents have been offered, and may have claimed, that
 * fee. Operators may change it at any time before completion; once an agent is assigned it is the
 * agent's agreed pay, so the accepted bid changes with it. The firm fee follows with the order's
 * markup unless the same edit sets it.
 */
async function agentFeeChange(
  tx: Tx,
  current: Appointment,
  proposed: Partial<Appointment>,
  byOperator: boolean,
): Promise<Partial<Appointment>> {
  const agentFeeCents = proposed.agentFeeCents!;
  if (!byOperator) {
    if (!escrowMayChangeOfferedFee({ sentToAgents: await sentToAgents(tx, current.id) })) {
      throw new AppError('VALIDATION_FAILED', OFFERED_FEE_LOCKED_MESSAGE, [{ field: 'agentFee', message: OFFERED_FEE_LOCKED_MESSAGE }]);
    }
  }
  if (current.assignedAgentId) {
    await tx
      .update(offers)
      .set({ bidCents: agentFeeCents })
      .where(and(eq(offers.appointmentId, current.id), eq(offers.agentId, current.assignedAgentId), eq(offers.status, 'approved')));
  }
  if (proposed.firmFeeCents !== undefined && proposed.firmFeeCents !== current.firmFeeCents) return {};
  const [firm] = await tx.select({ fee: firms.serviceFeeCents }).from(firms).where(eq(firms.id, current.firmId));
  return { firmFeeCents: feesWithAgentPay(current, agentFeeCents, firm?.fee ?? 0).firmFeeCents };
}

export async function readAppointment(db: Db, actor: Actor, appointmentId: string) {
  // The one route that answers the assigned agent's record after the window (agentRecordView).
  const { appointment, access } = await findVisibleAppointment(db, actor, appointmentId, { agentRecord: true });
  if (access === 'operator') {
    await audit(db, {
      actorId: actor.userId,
      action: 'appointment.pii_read',
      entityType: 'appointment',
      entityId: appointment.id,
      appointmentId: appointment.id,
    });
  }
  return viewFor(db, actor, appointment, access);
}

/**
 * The ids of one page, chosen first: the per-row subqueries of a list (file counts, downloads,
 * unread notes) then run for that page only, instead of being planned over every match.
 */
function pageOfIds(db: Db, where: SQL | undefined, order: (SQL | AnyPgColumn)[], page: PageWindow) {
  return db
    .select({ id: appointments.id })
    .from(appointments)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
    .as('page_ids');
}

/** One page: numbers, or the placeholders `limit` and `offset` of a prepared list. */
interface PageWindow {
  limit: number | Placeholder;
  offset: number | Placeholder;
}

const PREPARED_PAGE: PageWindow = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
const pageValues = (query: { page: number; pageSize: number }) => ({ limit: query.pageSize, offset: pageOffset(query) });

type OperatorFilter = {
  status: Appointment['status'];
  firmId?: string | undefined;
  attention?: AttentionKind | undefined;
  q?: string | undefined;
  sort?: OperatorSort | undefined;
  order?: 'asc' | 'desc' | undefined;
  /** Orders chosen by id (the CSV of selected rows): these, whatever the rest of the filter says. */
  ids?: string[] | undefined;
};

/**
 * The Assignments search: a dashboard bucket or a status, a firm, and a term found in the file
 * number, the signer's name, the assigned agent's name or the city. A prepared shape
 * (lib/prepared.ts): `where` is built once per shape with placeholders, `values` fill them.
 */
function operatorSearch(actor: Actor, filter: OperatorFilter, now: Date) {
  const visible = visibleAppointmentsShape(actor);
  const term = filter.q;
  return {
    shape: [visible.shape, filter.attention ?? 'status', filter.firmId ? 'firm' : 'all', term ? 'q' : ''].join(':'),
    where: () =>
      and(
        visible.where(),
        filter.attention ? attentionWhere(filter.attention, PREPARED_NOW) : eq(appointments.status, sql.placeholder('status')),
        filter.firmId ? eq(appointments.firmId, sql.placeholder('firmId')) : undefined,
        term
          ? or(
              fileNumberContains(sql.placeholder('lexeme')),
              ilike(appointments.contactName, sql.placeholder('like')),
              ilike(appointments.city, sql.placeholder('like')),
              sql`exists (select 1 from ${user} where ${user.id} = ${appointments.assignedAgentId} and ${user.name} ilike ${sql.placeholder('like')})`,
            )
          : undefined,
      ),
    values: {
      ...visible.values,
      ...(filter.attention ? nowValues(now) : { status: filter.status }),
      ...(filter.firmId ? { firmId: filter.firmId } : {}),
      ...(term ? { lexeme: fileNumberLexeme(term), like: `%${escapeLike(term)}%` } : {}),
    },
  };
}

/** Closed orders read newest first (the last worked on), the rest soonest first. */
function operatorDirection(filter: OperatorFilter): 'asc' | 'desc' {
  const closed = !filter.attention && (CLOSED_STATUSES as readonly string[]).includes(filter.status);
  return filter.order ?? (closed ? 'desc' : 'asc');
}

function operatorOrder(filter: OperatorFilter): SQL[] {
  const dir = operatorDirection(filter) === 'asc' ? sql`asc` : sql`desc`;
  const sort = filter.sort ?? 'startsAt';
  const first = {
    startsAt: () => sql`${appointments.startsAt} ${dir}`,
    name: () => sql`lower(${appointments.name}) ${dir}`,
    fileNumber: () => sql`${appointments.fileNumber} ${dir} nulls last`,
    status: () => sql`${appointments.status} ${dir}`,
    agent: () => sql`(select ${user.name} from ${user} where ${user.id} = ${appointments.assignedAgentId}) ${dir} nulls last`,
    firm: () => sql`(select ${firms.name} from ${firms} where ${firms.id} = ${appointments.firmId}) ${dir}`,
    agentFee: () => sql`${appointments.agentFeeCents} ${dir}`,
  }[sort]();
  return sort === 'startsAt'
    ? [first, sql`${appointments.id} ${dir}`]
    : [first, sql`${appointments.startsAt} ${dir}`, sql`${appointments.id} ${dir}`];
}

/** The order's direction and sort: part of a prepared list's shape. */
const operatorOrderShape = (filter: OperatorFilter) => `${filter.sort ?? 'startsAt'}:${operatorDirection(filter)}`;

const filesCount = sql<number>`(select count(*)::int from ${files} where ${files.appointmentId} = ${appointments.id} and ${files.kind} <> 'invoice')`;

const operatorAgent = alias(user, 'agent');
const operatorAgentProfile = alias(profiles, 'agent_profile');

/** An Assignments page: the rows of one page of `where`, in `order`. */
function operatorRows(db: Db, where: SQL | undefined, order: SQL[], page: PageWindow) {
  const agent = operatorAgent;
  const agentProfile = operatorAgentProfile;
  return db
    .select({
      id: appointments.id,
      name: appointments.name,
      fileNumber: appointments.fileNumber,
      date: appointments.date,
      time: appointments.time,
      timeTbd: appointments.timeTbd,
      timeZone: appointments.timeZone,
      startsAt: appointments.startsAt,
      city: appointments.city,
      state: appointments.state,
      status: appointments.status,
      filesAttachedCount: filesCount,
      filesUploaded: appointments.filesUploaded,
      agentDownloaded: sql<boolean>`exists (select 1 from ${fileEvents} join ${files} on ${files.id} = ${fileEvents.fileId} where ${files.appointmentId} = ${appointments.id} and ${fileEvents.action} = 'read' and ${fileEvents.confirmed} and ${fileEvents.userId} = ${appointments.assignedAgentId})`,
      unreadMessages: sql<number>`(select count(*)::int from ${notes} where ${notes.appointmentId} = ${appointments.id} and ${notes.adminReadAt} is null)`,
      agentPaid: appointments.agentPaid,
      agentPaidAt: appointments.agentPaidAt,
      agentFeeCents: appointments.agentFeeCents,
      firmFeeCents: appointments.firmFeeCents,
      invoiceNumber: sql<
        number | null
      >`(select max(${invoices.number}) from ${invoices} where ${invoices.appointmentId} = ${appointments.id})`,
      agentId: agent.id,
      agentName: agent.name,
      agentEmail: agent.email,
      agentPhone: agentProfile.phone,
      firmId: firms.id,
      firmName: firms.name,
    })
    .from(pageOfIds(db, where, order, page))
    .innerJoin(appointments, eq(appointments.id, sql`page_ids.id`))
    .innerJoin(firms, eq(firms.id, appointments.firmId))
    .leftJoin(agent, eq(agent.id, appointments.assignedAgentId))
    .leftJoin(agentProfile, eq(agentProfile.userId, appointments.assignedAgentId))
    .orderBy(...order);
}

export async function listForOperators(db: Db, actor: Actor, query: OperatorFilter & { page: number; pageSize: number }, now = new Date()) {
  let counted: { total: number; totalCapped: boolean };
  let rows: Awaited<ReturnType<typeof operatorRows>>;
  if (query.ids) {
    // The CSV of chosen rows: a one-off list of ids, not a prepared shape.
    const where = and(visibleAppointments(actor), inArray(appointments.id, query.ids));
    counted = await countAppointmentsUpTo(db, where, countLimit(query));
    rows = await operatorRows(db, where, operatorOrder(query), pageValues(query));
  } else {
    const search = operatorSearch(actor, query, now);
    counted = await countPreparedUpTo(db, `operator-count:${search.shape}`, search.where, search.values, countLimit(query));
    rows = await prepared(db, `operator-list:${search.shape}:${operatorOrderShape(query)}`, () =>
      operatorRows(db, search.where(), operatorOrder(query), PREPARED_PAGE),
    ).execute({ ...search.values, ...pageValues(query) });
  }
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      fileNumber: r.fileNumber,
      date: r.date,
      time: r.time,
      timeTbd: r.timeTbd,
      timeZone: r.timeZone,
      startsAt: r.startsAt,
      city: r.city,
      state: r.state,
      status: r.status,
      overdue: isOverdue(r, Math.floor(now.getTime() / 1000)),
      filesAttachedCount: Number(r.filesAttachedCount),
      filesUploaded: r.filesUploaded,
      agentDownloaded: Boolean(r.agentDownloaded),
      unreadMessages: Number(r.unreadMessages),
      agentPaid: r.agentPaid,
      agentPaidAt: r.agentPaidAt ? r.agentPaidAt.toISOString() : null,
      agentFeeCents: r.agentFeeCents,
      firmFeeCents: r.firmFeeCents,
      invoiceNumber: r.invoiceNumber === null ? null : Number(r.invoiceNumber),
      agent: r.agentId ? { id: r.agentId, name: r.agentName!, email: r.agentEmail!, phone: r.agentPhone } : null,
      firm: { id: r.firmId, name: r.firmName },
    })),
    page: query.page,
    pageSize: query.pageSize,
    ...counted,
  };
}

const escrowAgent = alias(user, 'agent');
const escrowOfficer = alias(user, 'officer');
const escrowAgentProfile = alias(profiles, 'agent_profile');

/**
 * The escrow list's rows for a filter (one page of it, or a batch of the CSV export), prepared
 * once per shape (lib/prepared.ts).
 */
async function escrowRows(db: Db, actor: Actor, filter: EscrowFilter, window: { limit: number; offset: number }) {
  const search = escrowSearchShape(actor, filter);
  const rows = await prepared(db, `escrow-list:${search.shape}:${filter.sort}:${escrowDirection(filter)}`, () => {
    const agent = escrowAgent;
    const officer = escrowOfficer;
    const agentProfile = escrowAgentProfile;
    const order = escrowOrder(filter, { officer, agent });
    const pageIds = db
      .select({ id: appointments.id })
      .from(appointments)
      .innerJoin(officer, eq(officer.id, appointments.createdBy))
      .leftJoin(agent, eq(agent.id, appointments.assignedAgentId))
      .where(search.where())
      .orderBy(...order)
      .limit(PREPARED_PAGE.limit)
      .offset(PREPARED_PAGE.offset)
      .as('page_ids');
    return db
      .select({
        id: appointments.id,
        date: appointments.date,
        time: appointments.time,
        timeTbd: appointments.timeTbd,
        timeZone: appointments.timeZone,
        fileNumber: appointments.fileNumber,
        escrowOfficer: officer.name,
        signerName: appointments.contactName,
        status: appointments.status,
        agentId: agent.id,
        agentName: agent.name,
        agentEmail: agent.email,
        agentPhone: agentProfile.phone,
        filesAttachedCount: filesCount,
        filesUploaded: appointments.filesUploaded,
        unreadMessages: sql<number>`(select count(*)::int from ${notes} where ${notes.appointmentId} = ${appointments.id} and ${notes.escrowReadAt} is null)`,
        invoiceNumber: sql<
          number | null
        >`(select max(${invoices.number}) from ${invoices} where ${invoices.appointmentId} = ${appointments.id})`,
        invoiceFileId: sql<
          string | null
        >`(select ${invoices.fileId} from ${invoices} where ${invoices.appointmentId} = ${appointments.id} order by ${invoices.sentAt} desc limit 1)`,
      })
      .from(pageIds)
      .innerJoin(appointments, eq(appointments.id, sql`page_ids.id`))
      .innerJoin(officer, eq(officer.id, appointments.createdBy))
      .leftJoin(agent, eq(agent.id, appointments.assignedAgentId))
      .leftJoin(agentProfile, eq(agentProfile.userId, appointments.assignedAgentId))
      .orderBy(...order);
  }).execute({ ...search.values, ...window });
  return rows.map(({ agentId, agentName, agentEmail, agentPhone, invoiceNumber, invoiceFileId, ...r }) => ({
    ...r,
    invoice: invoiceNumber === null ? null : { number: Number(invoiceNumber), fileId: invoiceFileId },
    assignedAgent: agentId ? { id: agentId, name: agentName!, email: agentEmail!, phone: agentPhone } : null,
    filesAttachedCount: Number(r.filesAttachedCount),
    unreadMessages: Number(r.unreadMessages),
  }));
}

export type EscrowListRow = Awaited<ReturnType<typeof escrowRows>>[number];

/** The statuses of a view: in-process or completed (Completed and Canceled). */
function viewStatuses(view: EscrowFilter['view']): readonly AppointmentStatus[] {
  return view === 'in-process' ? IN_PROCESS_STATUSES : CLOSED_STATUSES;
}

/** A status filter outside the view's statuses is a bad request, not an empty list. */
export function checkEscrowFilter(filter: EscrowFilter): void {
  const statuses = viewStatuses(filter.view);
  if (filter.status && !statuses.includes(filter.status)) {
    const names = statuses.map(appointmentStatusLabel).join(', ');
    throw new AppError('VALIDATION_FAILED', `Status must be one of ${names} for ${filter.view} orders.`, [
      { field: 'status', message: `Status must be one of ${names}` },
    ]);
  }
}

/**
 * creator: own orders; creator_admin: the firm's (visibleAppointments); the view's statuses (or
 * the one chosen); the search: file number, signer, the appointment's name, its street, the
 * agent. A prepared shape, as operatorSearch.
 */
function escrowSearchShape(actor: Actor, filter: EscrowFilter) {
  const visible = visibleAppointmentsShape(actor);
  const statuses = filter.status ? [filter.status] : [...viewStatuses(filter.view)];
  const term = filter.q;
  return {
    shape: [visible.shape, statuses.join(','), term ? 'q' : ''].join(':'),
    where: () =>
      and(
        visible.where(),
        inArray(appointments.status, statuses),
        term
          ? or(
              fileNumberContains(sql.placeholder('lexeme')),
              ilike(appointments.contactName, sql.placeholder('like')),
              ilike(appointments.name, sql.placeholder('like')),
              ilike(appointments.street, sql.placeholder('like')),
              sql`${appointments.assignedAgentId} in (select ${user.id} from ${user} where ${user.name} ilike ${sql.placeholder('like')})`,
            )
          : undefined,
      ),
    values: { ...visible.values, ...(term ? { lexeme: fileNumberLexeme(term), like: `%${escapeLike(term)}%` } : {}) },
  };
}

/**
 * A file number that holds `term` anywhere, case-insensitively (what ILIKE '%term%' would find):
 * the term is the start of one of the number's suffixes, which the GIN index on search_suffixes()
 * finds by prefix (migration 0011, decision 038). The term is one quoted tsquery lexeme, `'…':*`,
 * with its quotes and backslashes escaped, so every character of it is taken literally.
 */
function fileNumberContains(lexeme: SQLWrapper): SQL {
  return sql`search_suffixes(${appointments.fileNumber}) @@ lower(${lexeme})::tsquery`;
}

/** The term as the one tsquery lexeme fileNumberContains looks for. */
const fileNumberLexeme = (term: string) => `'${term.replace(/['\\]/g, '\\$&')}':*`;

const escrowDirection = (filter: EscrowFilter) => filter.order ?? (filter.view === 'in-process' ? 'asc' : 'desc');

function escrowOrder(filter: EscrowFilter, joined: { officer: { name: AnyPgColumn }; agent: { name: AnyPgColumn } }): SQL[] {
  const direction = escrowDirection(filter);
  const by = (column: AnyPgColumn) => (direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`);
  // Columns that are never null sort without a nulls clause, so an index can give the order
  // in both directions (appointments_firm_starts_idx, appointments_creator_starts_idx).
  const plain = (column: AnyPgColumn) => (direction === 'asc' ? sql`${column} asc` : sql`${column} desc`);
  const columns: Record<EscrowSort, AnyPgColumn> = {
    date: appointments.startsAt,
    fileNumber: appointments.fileNumber,
    signerName: appointments.contactName,
    escrowOfficer: joined.officer.name,
    status: appointments.status,
    agent: joined.agent.name,
  };
  const first = filter.sort === 'date' ? plain(appointments.startsAt) : by(columns[filter.sort]);
  return [first, plain(appointments.id)];
}

export async function listForEscrow(db: Db, actor: Actor, query: EscrowFilter & { page: number; pageSize: number }) {
  checkEscrowFilter(query);
  const count = (filter: EscrowFilter, limit: number) => {
    const search = escrowSearchShape(actor, filter);
    return countPreparedUpTo(db, `escrow-count:${search.shape}`, search.where, search.values, limit);
  };
  const counted = await count(query, countLimit(query));
  // Each of the view's statuses counted with the search but not the status filter, so the
  // filter's choices say how many each holds; capped like the list (capped-count.ts).
  const statusCounts = [];
  for (const status of viewStatuses(query.view)) {
    const { total, totalCapped } = await count({ ...query, status }, COUNT_AHEAD);
    statusCounts.push({ status, count: total, capped: totalCapped });
  }
  return {
    statusCounts,
    items: await escrowRows(db, actor, query, pageValues(query)),
    page: query.page,
    pageSize: query.pageSize,
    ...counted,
  };
}

/** Every row of a filter, in batches, for the CSV export: never the whole list in memory. */
export type OperatorListRow = Awaited<ReturnType<typeof listForOperators>>['items'][number];

/** Every row of an Assignments search, a batch at a time, in the list's order (for the CSV export). */
export async function* operatorRowBatches(db: Db, actor: Actor, filter: OperatorFilter, batchSize = 500) {
  const now = new Date();
  for (let page = 1; ; page++) {
    const { items } = await listForOperators(db, actor, { ...filter, page, pageSize: batchSize }, now);
    if (items.length > 0) yield items;
    if (items.length < batchSize) return;
  }
}

export async function* escrowRowBatches(db: Db, actor: Actor, filter: EscrowFilter, batchSize = 500) {
  for (let offset = 0; ; offset += batchSize) {
    const batch = await escrowRows(db, actor, filter, { limit: batchSize, offset });
    if (batch.length > 0) yield batch;
    if (batch.length < batchSize) return;
  }
}
