/**
 * Signing day (issue 33, items 3 and 4): the agent's confirmation with the signer, a confirmation
 * link the signer answers themselves, and the carrier and tracking number of the originals (or
 * the photo of the drop-off receipt, which arrives as an upload: keepReceipt). Each
 * change is written with its audit entry and its notices in one transaction (`record`).
 */
import { schema, type Db, type Tx } from '@signingdesk/db';
import {
  CONFIRMATION_FORM,
  SIGNER_LINK,
  SHIPMENT_FORM,
  confirmationLine,
  shipmentLine,
  signerLinkMessage,
  trackingUrl,
  type ConfirmationResult,
  type ContactMethod,
} from '@signingdesk/domain/signing-day';
import {
  contactedAtAllowed,
  type ReturnShipmentData,
  type SignerAnswer,
  type SignerConfirmationData,
  type SignerLinkInput,
} from '@signingdesk/domain/signing-day-input';
import { textHeldUntil } from '@signingdesk/domain/quiet-hours';
import type { Carrier } from '@signingdesk/domain/signing-terms';
import { formatTime, formatUsDate } from '@signingdesk/domain/time-zones';
import { createHmac, timingSafeEqual, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { notify, operatorIds } from '../../delivery/notify';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { getOrCreateSetting } from '../../lib/settings';
import { UUID_PATTERN } from '@signingdesk/domain/uuid';
import { assertTransitionAllowed } from '../workflow/transition-guard';
import { record, result, withLockedAppointment, type ClockOptions } from '../workflow/workflow.service';

const { appointments, signerLinks, outboundMessages } = schema;
type Appointment = typeof appointments.$inferSelect;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function assignedOrOperator(access: string) {
  const byAgent = access === 'assigned-agent';
  if (!byAgent && access !== 'operator') throw notFound('This appointment');
  return byAgent;
}

interface Confirmation {
  result: ConfirmationResult;
  method: ContactMethod;
  contactedAt: number;
  rescheduleTo: string | null;
  note: string | null;
}

/**
 * Keeps `c` as the order's confirmation unless a later one is already kept (an answer queued
 * offline may arrive after a newer one), audits it, and tells the escrow officer — and, when the
 * signer asked for another time or could not be reached, the operators.
 */
async function keepConfirmation(
  tx: Tx,
  actor: Actor | null,
  appointment: Appointment,
  c: Confirmation,
  by: 'agent' | 'operator' | 'signer',
) {
  const kept = appointment.confirmationContactedAt ? seconds(appointment.confirmationContactedAt) : null;
  if (kept === null || c.contactedAt >= kept) {
    await tx
      .update(appointments)
      .set({
        confirmationResult: c.result,
        confirmationMethod: c.method,
        confirmationContactedAt: new Date(c.contactedAt * 1000),
        confirmationRescheduleTo: c.result === 'reschedule' ? c.rescheduleTo : null,
        confirmationNote: c.note,
      })
      .where(eq(appointments.id, appointment.id));
  }
  const line = confirmationLine(c, appointment.timeZone);
  await audit(tx, {
    actorId: actor?.userId ?? null,
    action: 'appointment.signer_confirmation',
    entityType: 'appointment',
    entityId: appointment.id,
    appointmentId: appointment.id,
    details: { by, ...c },
  });
  const to = [
    appointment.createdBy,
    ...(c.result === 'confirmed' ? [] : await operatorIds(tx)),
    ...(by === 'agent' ? [] : [appointment.assignedAgentId]),
  ];
  await notify(tx, {
    type: 'appointment.signer_confirmation',
    recipientIds: to.filter((id): id is string => Boolean(id) && id !== actor?.userId),
    appointmentId: appointment.id,
    payload: { name: appointment.name, url: `/preview/${appointment.id}`, line, note: c.note, result: c.result },
  });
  return line;
}

/** The assigned agent's (or an operator's) confirmation with the signer, while the order is scheduled. */
export async function recordConfirmation(
  db: Db,
  actor: Actor,
  appointmentId: string,
  input: SignerConfirmationData,
  options: ClockOptions = {},
) {
  return withLockedAppointment(db, actor, appointmentId, async ({ tx, appointment, access }) => {
    const byAgent = assignedOrOperator(access);
    const now = options.now ?? new Date();
    assertTransitionAllowed('confirmSigner', actor, appointment, now);
    const contactedAt = input.contactedAt ?? seconds(now);
    if (!contactedAtAllowed(contactedAt, seconds(now))) {
      throw new AppError('VALIDATION_FAILED', CONFIRMATION_FORM.contactedAtMessage, [
        { field: 'contactedAt', message: 'must be a time in the last 14 days, not in the future' },
      ]);
    }
    const line = await keepConfirmation(
      tx,
      actor,
      appointment,
      { result: input.result, method: input.method, contactedAt, rescheduleTo: input.rescheduleTo, note: input.note },
      byAgent ? 'agent' : 'operator',
    );
    return result(tx, actor, appointment.id, access, `Recorded: ${line}.`, { now });
  });
}

// ——— The signer's confirmation link ———

const TOKEN = new RegExp(`^(${UUID_PATTERN})\\.(\\d{1,12})\\.([A-Za-z0-9_-]{43})$`);

async function mac(db: Db | Tx, payload: string) {
  const hex = await getOrCreateSetting(db as Db, 'signer_link_key', () => randomBytes(32).toString('hex'));
  return createHmac('sha256', Buffer.from(hex, 'hex')).update(`signer-link.${payload}`).digest('base64url');
}

/** A confirmation link's token: the link's id and expiry, signed; nothing else about the order is in it. */
export async function signerLinkToken(db: Db | Tx, linkId: string, expiresAt: number) {
  const payload = `${linkId}.${expiresAt}`;
  return `${payload}.${await mac(db, payload)}`;
}

/** The signature and the format first, then the expiry: a token edited to name another link is refused. */
async function verifiedLinkId(db: Db, token: string, nowSeconds: number): Promise<string> {
  const match = TOKEN.exec(token);
  const invalid = notFound('This confirmation link');
  if (!match) throw invalid;
  const [, linkId, expires, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(await mac(db, `${linkId}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid;
  if (Number(expires) <= nowSeconds) throw new AppError('LINK_EXPIRED', SIGNER_LINK.expired);
  return linkId;
}

/** The only facts a signer's page shows: the date, the time and the city. */
function signerFacts(a: Appointment) {
  return { date: formatUsDate(a.date), time: `${formatTime(a.time, a.timeTbd)}${a.timeTbd ? '' : ` ${a.timeZone}`}`, city: a.city };
}

/**
 * Texts or emails the signer a link to confirm the signing or ask for another time: good once,
 * for SIGNER_LINK.validHours and never past the signing's start. The message is queued in the
 * outbox in the same transaction (a text waits out the quiet hours where the signing is).
 */
export async function sendSignerLink(
  db: Db,
  actor: Actor,
  appointmentId: string,
  input: SignerLinkInput,
  options: ClockOptions & { origin: string },
) {
  return withLockedAppointment(db, actor, appointmentId, async ({ tx, appointment, access }) => {
    assignedOrOperator(access);
    const now = options.now ?? new Date();
    assertTransitionAllowed('confirmSigner', actor, appointment, now);
    const to = input.via === 'sms' ? appointment.contactPhone1 : appointment.contactEmail1;
    if (!to)
      throw new AppError('VALIDATION_FAILED', input.via === 'sms' ? SIGNER_LINK.noPhone : SIGNER_LINK.noEmail, [
        { field: 'via', message: 'the order has no such contact for the signer' },
      ]);
    const startsAt = appointment.timeTbd ? Number.POSITIVE_INFINITY : appointment.startsAt;
    const expiresAt = Math.min(seconds(now) + SIGNER_LINK.validHours * 3600, startsAt);
    if (expiresAt <= seconds(now)) {
      throw new AppError('NOT_ALLOWED_IN_STATUS', 'The signing has started: there is nothing left for the signer to confirm.');
    }
    const [link] = await tx
      .insert(signerLinks)
      .values({
        appointmentId: appointment.id,
        via: input.via,
        toAddress: to,
        expiresAt: new Date(expiresAt * 1000),
        createdBy: actor.userId,
      })
      .returning({ id: signerLinks.id });
    const url = `${options.origin}/confirm/${await signerLinkToken(tx, link!.id, expiresAt)}`;
    const body = signerLinkMessage(signerFacts(appointment), url);
    await tx
      .insert(outboundMessages)
      .values(
        input.via === 'sms'
          ? { channel: 'sms', toAddress: to, body, state: 'queued', sendAfter: textHeldUntil({ now, state: appointment.state }) }
          : { channel: 'email', toAddress: to, subject: SIGNER_LINK.pageTitle, body, state: 'queued' },
      );
    await audit(tx, {
      actorId: actor.userId,
      action: 'appointment.signer_link_sent',
      entityType: 'appointment',
      entityId: appointment.id,
      appointmentId: appointment.id,
      details: { via: input.via, expiresAt },
    });
    const message =
      input.via === 'sms' ? 'A confirmation link was texted to the signer.' : 'A confirmation link was emailed to the signer.';
    return result(tx, actor, appointment.id, access, message, { now });
  });
}

async function linkAndOrder(db: Db | Tx, linkId: string, forUpdate: boolean) {
  const query = db
    .select()
    .from(signerLinks)
    .innerJoin(appointments, eq(appointments.id, signerLinks.appointmentId))
    .where(eq(signerLinks.id, linkId));
  const [row] = forUpdate ? await query.for('update', { of: signerLinks }) : await query;
  if (!row) throw notFound('This confirmation link');
  return row;
}

/** What the signer's page shows: the date, time and city, and whether the link is still open. */
export async function readSignerLink(db: Db, token: string, now = new Date()) {
  const linkId = await verifiedLinkId(db, token, seconds(now));
  const { signer_links: link, appointments: order } = await linkAndOrder(db, linkId, false);
  if (order.status !== 'Scheduled') throw new AppError('LINK_EXPIRED', SIGNER_LINK.expired);
  return { ...signerFacts(order), answered: link.answeredAt !== null };
}

/** The signer's answer: once per link; it reaches the agent, the escrow officer and, for another time, the operators. */
export async function answerSignerLink(db: Db, token: string, answer: SignerAnswer, now = new Date()) {
  const linkId = await verifiedLinkId(db, token, seconds(now));
  return db.transaction(async (tx) => {
    const { signer_links: link, appointments: order } = await linkAndOrder(tx, linkId, true);
    if (link.answeredAt) throw new AppError('CONFLICT', SIGNER_LINK.used);
    if (order.status !== 'Scheduled') throw new AppError('LINK_EXPIRED', SIGNER_LINK.expired);
    await tx
      .update(signerLinks)
      .set({ answeredAt: now, preferredTime: answer.preferredTime })
      .where(and(eq(signerLinks.id, link.id), isNull(signerLinks.answeredAt)));
    const [locked] = await tx.select().from(appointments).where(eq(appointments.id, order.id)).for('update');
    // The signer is no user: the audit names no actor, and every notice goes to the order's people.
    await keepConfirmation(
      tx,
      null,
      locked!,
      {
        result: answer.answer,
        method: 'link',
        contactedAt: seconds(now),
        rescheduleTo: answer.answer === 'reschedule' ? answer.preferredTime : null,
        note: null,
      },
      'signer',
    );
    return { message: SIGNER_LINK.answered };
  });
}

// ——— The originals ———

/** The carrier and tracking number of the originals, from the start of the signing; the escrow officer is told with the tracking link. */
export async function recordShipment(db: Db, actor: Actor, appointmentId: string, input: ReturnShipmentData, options: ClockOptions = {}) {
  return withLockedAppointment(db, actor, appointmentId, async ({ tx, appointment, access }) => {
    const byAgent = assignedOrOperator(access);
    const now = options.now ?? new Date();
    assertShipmentRecordable(actor, appointment, now);
    const trackingNumber = input.trackingNumber.replace(/\s+/g, ' ');
    if (trackingNumber.length > SHIPMENT_FORM.trackingMax + 20)
      throw new AppError('VALIDATION_FAILED', SHIPMENT_FORM.trackingMessage, [
        { field: 'trackingNumber', message: SHIPMENT_FORM.trackingMessage },
      ]);
    await tx
      .update(appointments)
      .set({ originalsCarrier: input.carrier, originalsTracking: trackingNumber, originalsShippedAt: now })
      .where(eq(appointments.id, appointment.id));
    const facts = { carrier: input.carrier, trackingNumber, shippedAt: seconds(now) };
    await tellShipped(tx, actor, appointment, byAgent, facts, { trackingNumber });
    return result(tx, actor, appointment.id, access, `Recorded: ${shipmentLine(facts, appointment.timeZone)}.`, { now });
  });
}

/** Whether the shipment may be recorded now: the transition's rule, signed originals, an order that returns them. */
export function assertShipmentRecordable(actor: Actor, appointment: Appointment, now: Date) {
  assertTransitionAllowed('recordShipment', actor, appointment, now);
  if (appointment.outcome === 'not_signed') {
    throw new AppError('NOT_ALLOWED_IN_STATUS', 'The signer did not sign, so there are no signed originals to ship.');
  }
  if (appointment.returnMethod === 'none') {
    throw new AppError('NOT_ALLOWED_IN_STATUS', 'This order has no originals to return.');
  }
}

/**
 * A photo of the drop-off receipt is in (files.lifecycle.ts finalizeUpload, in its transaction;
 * `appointment` locked): the originals count as dropped off at the order's carrier from now,
 * unless a tracking number already said when, and the escrow officer is told as for a tracking
 * number. An order that stopped returning originals since the grant keeps the file, nothing more.
 */
export async function keepReceipt(tx: Tx, actor: Actor, appointment: Appointment, fileId: string, now = new Date()) {
  if (appointment.outcome === 'not_signed' || appointment.returnMethod === 'none') return;
  const carrier = appointment.originalsCarrier ?? appointment.returnCarrier ?? 'FedEx';
  const shippedAt = appointment.originalsShippedAt ?? now;
  await tx
    .update(appointments)
    .set({ originalsCarrier: carrier, originalsShippedAt: shippedAt, originalsReceiptFileId: fileId })
    .where(eq(appointments.id, appointment.id));
  const facts = { carrier, trackingNumber: appointment.originalsTracking, shippedAt: seconds(shippedAt) };
  await tellShipped(tx, actor, appointment, actor.role === 'notary', facts, { receiptFileId: fileId });
}

/** The shipment's audit entry (the timeline) and the notice to the escrow officer (and the agent, when an operator recorded it). */
async function tellShipped(
  tx: Tx,
  actor: Actor,
  appointment: Appointment,
  byAgent: boolean,
  facts: { carrier: Carrier; trackingNumber: string | null; shippedAt: number },
  what: { trackingNumber: string } | { receiptFileId: string },
) {
  await record(
    tx,
    actor,
    appointment,
    'appointment.originals_shipped',
    { by: byAgent ? 'agent' : 'operator', carrier: facts.carrier, ...what },
    [
      {
        type: 'appointment.originals_shipped',
        to: [appointment.createdBy, ...(byAgent ? [] : [appointment.assignedAgentId])],
        payload: {
          line: shipmentLine(facts, appointment.timeZone),
          trackingUrl: facts.trackingNumber === null ? null : trackingUrl(facts.carrier, facts.trackingNumber),
        },
      },
    ],
  );
}
