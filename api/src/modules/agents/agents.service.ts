/**
 * Signing agents: registration (/sign-up), the agent's own profile, the admin review of
 * pending registrations, preferred agents, the operators' profile view and the agent search.
 * Owns the agent_profiles rows and the account status changes review causes (approve →
 * active, decline → disabled with every session ended), each with its audit rows and
 * notification jobs in the same transaction. Also owns the per-account limit of the
 * "someone tried to register with your address" email (form_rate_limits row
 * `agent-registration-notice:<user id>`).
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { and, asc, count, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { AGENT_PROFILE_FIELDS, type AgentProfileField } from '@signingdesk/domain/agent-profile';
import { ZIP_PATTERN } from '@signingdesk/domain/appointment-rules';
import { ZIP_MESSAGE } from '@signingdesk/domain/fields';
import { pageOffset } from '@signingdesk/domain/pagination';
import { formatPhone } from '@signingdesk/domain/phone';
import { isOperator } from '@signingdesk/domain/roles';
import { isUuid } from '@signingdesk/domain/uuid';
import type { AgentMessageInput } from '@signingdesk/domain/agent-message';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { boundingBox, coordinatesOfZip, greatCircleMilesSql } from '../../lib/geo';
import { escapeLike } from '../../lib/like';
import { notify } from '../../lib/notify';
import { takeFormAllowance } from '../public-forms/rate-limit';
import { createInvitation, insertAccount } from '../users/users.accounts';
import { EMAIL_TAKEN_MESSAGE } from '../users/users.fields';
import {
  NOT_PREFERRED_LABEL,
  PREFERRED_LABEL,
  type AgentDetail,
  type AgentProfile,
  type AgentSearchQuery,
  type AgentSearchRow,
  type RegisterAgentInput,
  type ReviewInput,
  type UpdateAgentProfileInput,
} from './agents.schemas';

const { agentProfiles: ap, profiles, user, account, firms, appointments, session } = schema;

export const REGISTRATION_RECEIVED_MESSAGE =
  'Thank you for registering. Your registration is being reviewed; we will let you know as soon as it is approved.';
/** Said to every registrant, so the answer is the same whether or not the email had an account. */
export const ALREADY_REGISTERED_NOTE = 'If this email address already has a SigningDesk account, we have emailed it how to log in instead.';

/** Registrations of one email address per hour, from any network (the route's limit). */
export const REGISTRATIONS_PER_EMAIL_PER_HOUR = 5;
/** At most one "someone tried to register with your address" email per account in this time. */
export const REGISTRATION_NOTICE_INTERVAL_MINUTES = 60;
/** How long after a registration the same submission is still taken for a retry of it. */
const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The firm every signing agent belongs to (spec 02 §3: 'Independent notary', org id 0). */
export async function independentFirm(db: Db | Tx): Promise<{ id: string; name: string }> {
  const [firm] = await db.select({ id: firms.id, name: firms.name }).from(firms).where(eq(firms.orgNumber, 0));
  if (!firm) throw new AppError('INTERNAL', 'The Independent notary firm is missing.');
  return firm;
}

type ProfileFields = Omit<UpdateAgentProfileInput, 'mobilePhone'>;

/** Column values of an agent profile from the form; the home state is certified by default. */
function profileColumns(input: ProfileFields) {
  const coordinates = coordinatesOfZip(input.zip);
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    companyName: input.companyName,
    address1: input.address1,
    address2: input.address2,
    city: input.city,
    state: input.state,
    zip: input.zip,
    latitude: coordinates?.latitude ?? null,
    longitude: coordinates?.longitude ?? null,
    laserPrinter: input.laserPrinter,
    dualTrayPrinter: input.dualTrayPrinter,
    smsOptIn: input.smsOptIn,
    certifiedStates: input.certifiedStates.length > 0 ? input.certifiedStates : [input.state],
    yearsExperience: input.yearsExperience,
  };
}

export async function insertAgentProfile(
  tx: Tx,
  userId: string,
  input: ProfileFields,
  review: { registrationStatus: 'pending' | 'approved'; reviewedAt: Date | null },
) {
  await tx.insert(ap).values({ userId, ...profileColumns(input), ...review });
}

const profileSelection = {
  id: ap.userId,
  email: user.email,
  name: user.name,
  phone: profiles.phone,
  status: profiles.status,
  firstName: ap.firstName,
  lastName: ap.lastName,
  companyName: ap.companyName,
  address1: ap.address1,
  address2: ap.address2,
  city: ap.city,
  state: ap.state,
  zip: ap.zip,
  latitude: ap.latitude,
  longitude: ap.longitude,
  laserPrinter: ap.laserPrinter,
  dualTrayPrinter: ap.dualTrayPrinter,
  smsOptIn: ap.smsOptIn,
  certifiedStates: ap.certifiedStates,
  yearsExperience: ap.yearsExperience,
  registrationStatus: ap.registrationStatus,
  preferred: ap.preferred,
  updatedAt: ap.updatedAt,
};

async function profileRow(db: Db | Tx, userId: string) {
  if (!isUuid(userId)) return null;
  const [row] = await db
    .select(profileSelection)
    .from(ap)
    .innerJoin(user, eq(user.id, ap.userId))
    .innerJoin(profiles, eq(profiles.userId, ap.userId))
    .where(eq(ap.userId, userId));
  return row ?? null;
}
type ProfileRow = NonNullable<Awaited<ReturnType<typeof profileRow>>>;

function profileView(row: ProfileRow): AgentProfile {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    firstName: row.firstName,
    lastName: row.lastName,
    mobilePhone: row.phone,
    mobilePhoneDisplay: row.phone ? formatPhone(row.phone) : null,
    companyName: row.companyName,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    laserPrinter: row.laserPrinter,
    dualTrayPrinter: row.dualTrayPrinter,
    smsOptIn: row.smsOptIn,
    certifiedStates: row.certifiedStates,
    yearsExperience: row.yearsExperience,
    registrationStatus: row.registrationStatus,
    status: row.status,
    preferred: row.preferred,
    updatedAt: row.updatedAt.toISOString(),
    updatedTime: Math.floor(row.updatedAt.getTime() / 1000),
  };
}

/** The agent profile of a user, or null when the user is not a signing agent. */
export async function loadAgentProfile(db: Db | Tx, userId: string): Promise<AgentProfile | null> {
  const row = await profileRow(db, userId);
  return row ? profileView(row) : null;
}

/**
 * Public registration: a notary account waiting for review, with its agent profile.
 *
 * The answer depends only on what was sent, never on whether the email has an account, so
 * the form cannot be used to find out who has one. For a new email the account is created
 * (and, without a password, the invitation to choose one queued); for an email that has an
 * account nothing is created and its owner is emailed instead; the same registration sent
 * again (its answer was lost) changes nothing more. The password is hashed in every case, so
 * the slow part of the work does not tell the cases apart either.
 */
export async function registerAgent(db: Db, input: RegisterAgentInput, options: { origin: string; now?: Date }) {
  // Hashing is slow; it happens before the transaction so no row lock waits for it.
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const answer = registrationAnswer(input);
  const existing = await existingAccount(db, input.email);
  if (existing) {
    await answerExistingAccount(db, existing, input, options);
    return answer;
  }
  try {
    await createRegistration(db, input, passwordHash, options.origin);
  } catch (err) {
    // The same email registered at the same moment (most often this very form, sent twice):
    // the other request created the account, and this one is answered like any known email.
    const taken = err instanceof AppError && err.fields?.some((f) => f.field === 'email' && f.message === EMAIL_TAKEN_MESSAGE);
    const winner = taken ? await existingAccount(db, input.email) : null;
    if (!winner) throw err;
    await answerExistingAccount(db, winner, input, options);
  }
  return answer;
}

function registrationAnswer(input: RegisterAgentInput) {
  const passwordSet = input.password !== undefined;
  return {
    status: 'pending' as const,
    message: passwordSet
      ? `${REGISTRATION_RECEIVED_MESSAGE} ${ALREADY_REGISTERED_NOTE}`
      : `${REGISTRATION_RECEIVED_MESSAGE} We emailed ${input.email} a link to choose your password. ${ALREADY_REGISTERED_NOTE}`,
    details: { email: input.email, registrationStatus: 'pending' as const, passwordSet },
  };
}

async function createRegistration(db: Db, input: RegisterAgentInput, passwordHash: string | null, origin: string) {
  await db.transaction(async (tx) => {
    const firm = await independentFirm(tx);
    const userId = await insertAccount(tx, {
      name: `${input.firstName} ${input.lastName}`,
      email: input.email,
      role: 'notary',
      firmId: firm.id,
      phone: input.mobilePhone,
      status: 'pending',
      passwordHash,
    });
    await insertAgentProfile(tx, userId, input, { registrationStatus: 'pending', reviewedAt: null });
    if (!passwordHash) await createInvitation(tx, { userId, origin });
    await audit(tx, {
      actorId: null,
      action: 'agent.registered',
      entityType: 'agent',
      entityId: userId,
      details: { state: input.state, zip: input.zip, passwordSet: passwordHash !== null },
    });
  });
}

type ExistingAccount = NonNullable<Awaited<ReturnType<typeof existingAccount>>>;

async function existingAccount(db: Db, email: string) {
  const [row] = await db
    .select({ id: user.id, role: user.role, status: profiles.status })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.email, email));
  return row ?? null;
}

/** A retry of the registration that created the account is answered without a second email. */
async function answerExistingAccount(
  db: Db,
  existing: ExistingAccount,
  input: RegisterAgentInput,
  options: { origin: string; now?: Date },
) {
  if (await isSameRegistration(db, existing, input, options.now ?? new Date())) return;
  if (existing.status === 'disabled') return;
  await db.transaction(async (tx) => {
    // Taken in the transaction: simultaneous attempts send one email, and a failure gives it back.
    const allowance = await takeFormAllowance(tx, 'agent-registration-notice', existing.id, 1, REGISTRATION_NOTICE_INTERVAL_MINUTES * 60);
    if (!allowance.allowed) return;
    await notify(tx, {
      type: 'user.registration_attempted',
      recipientIds: [existing.id],
      payload: { event: 'registration_attempted', link: `${options.origin}${existing.role === 'notary' ? '/notary/login' : '/login'}` },
    });
    await audit(tx, {
      actorId: null,
      action: 'agent.registration_for_existing_account',
      entityType: 'user',
      entityId: existing.id,
      details: { state: input.state, zip: input.zip },
    });
  });
}

/**
 * Whether the account is the pending registration this very submission created: a recent
 * notary registration still waiting for review, with every field as sent and the same
 * password (or still none). Anything else is someone else's, or a changed mind.
 */
async function isSameRegistration(db: Db, existing: ExistingAccount, input: RegisterAgentInput, now: Date): Promise<boolean> {
  if (existing.role !== 'notary' || existing.status !== 'pending') return false;
  const [row] = await db
    .select({ profile: ap, phone: profiles.phone, password: account.password })
    .from(ap)
    .innerJoin(profiles, eq(profiles.userId, ap.userId))
    .leftJoin(account, and(eq(account.userId, ap.userId), eq(account.providerId, 'credential')))
    .where(
      and(eq(ap.userId, existing.id), eq(ap.registrationStatus, 'pending'), gt(ap.createdAt, new Date(now.getTime() - RETRY_WINDOW_MS))),
    );
  if (!row || row.phone !== input.mobilePhone) return false;
  // Coordinates follow the zip, so comparing the zip is enough.
  const { latitude: _latitude, longitude: _longitude, ...expected } = profileColumns(input);
  const same = (Object.keys(expected) as (keyof typeof expected)[]).every(
    (key) => JSON.stringify(row.profile[key]) === JSON.stringify(expected[key]),
  );
  if (!same) return false;
  if (!input.password) return row.password === null;
  return row.password !== null && (await verifyPassword({ hash: row.password, password: input.password }));
}

export async function readOwnProfile(db: Db, actor: Actor): Promise<AgentProfile> {
  const profile = await loadAgentProfile(db, actor.userId);
  if (!profile) throw notFound('Your signing agent profile');
  return profile;
}

/** The profile fields kept on agent_profiles; the mobile phone is the account's (profiles.phone). */
const AGENT_PROFILE_COLUMNS = AGENT_PROFILE_FIELDS.filter(
  (field): field is Exclude<AgentProfileField, 'mobilePhone'> => field !== 'mobilePhone',
);

/** The agent replaces their profile; coordinates follow the zip. */
export async function updateOwnProfile(db: Db, actor: Actor, input: UpdateAgentProfileInput) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(ap).where(eq(ap.userId, actor.userId)).for('update');
    if (!current) throw notFound('Your signing agent profile');
    const next = profileColumns(input);
    if (next.zip === current.zip && current.latitude !== null) {
      // The zip did not change: keep the stored coordinates rather than look them up again.
      next.latitude = current.latitude;
      next.longitude = current.longitude;
    }
    const changedFields: string[] = AGENT_PROFILE_COLUMNS.filter((field) => JSON.stringify(next[field]) !== JSON.stringify(current[field]));
    const [profile] = await tx.select({ phone: profiles.phone }).from(profiles).where(eq(profiles.userId, actor.userId));
    if (profile?.phone !== input.mobilePhone) changedFields.push('mobilePhone');
    if (changedFields.length > 0) {
      await tx.update(ap).set(next).where(eq(ap.userId, actor.userId));
      await tx.update(profiles).set({ phone: input.mobilePhone }).where(eq(profiles.userId, actor.userId));
      await tx
        .update(user)
        .set({ name: `${input.firstName} ${input.lastName}` })
        .where(eq(user.id, actor.userId));
      await audit(tx, {
        actorId: actor.userId,
        action: 'agent.profile_updated',
        entityType: 'agent',
        entityId: actor.userId,
        details: { changedFields },
      });
    }
    return {
      message: changedFields.length > 0 ? 'Your profile was updated.' : 'Nothing changed.',
      changedFields,
      profile: (await loadAgentProfile(tx, actor.userId))!,
    };
  });
}

export async function listPendingRegistrations(db: Db, query: { page: number; pageSize: number }) {
  const pending = eq(ap.registrationStatus, 'pending');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: ap.userId,
        email: user.email,
        firstName: ap.firstName,
        lastName: ap.lastName,
        yearsExperience: ap.yearsExperience,
        certifiedStates: ap.certifiedStates,
        city: ap.city,
        state: ap.state,
        zip: ap.zip,
        phone: profiles.phone,
        createdAt: ap.createdAt,
      })
      .from(ap)
      .innerJoin(user, eq(user.id, ap.userId))
      .innerJoin(profiles, eq(profiles.userId, ap.userId))
      .where(pending)
      .orderBy(asc(ap.createdAt), asc(ap.userId))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(ap).where(pending),
  ]);
  return {
    items: rows.map(({ phone, createdAt, ...r }) => ({
      ...r,
      mobilePhone: phone ? formatPhone(phone) : null,
      createdAt: createdAt.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}

/**
 * Approve or decline pending registrations in bulk. Approval activates the account and tells
 * the agent; declining disables the account and ends its sessions. Registrations already
 * reviewed, and ids that are not registrations, are reported as skipped.
 */
export async function reviewRegistrations(db: Db, actor: Actor, input: ReviewInput) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: ap.userId, registrationStatus: ap.registrationStatus })
      .from(ap)
      .where(inArray(ap.userId, input.userIds))
      .for('update');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const skipped: { id: string; reason: string }[] = [];
    const ids: string[] = [];
    for (const id of input.userIds) {
      const row = byId.get(id);
      if (!row) skipped.push({ id, reason: 'not a signing agent registration' });
      else if (row.registrationStatus !== 'pending') skipped.push({ id, reason: `already ${row.registrationStatus}` });
      else ids.push(id);
    }
    const approve = input.action === 'approve';
    const now = new Date();
    if (ids.length > 0) {
      await tx
        .update(ap)
        .set({ registrationStatus: approve ? 'approved' : 'declined', reviewedAt: now })
        .where(inArray(ap.userId, ids));
      await tx
        .update(profiles)
        .set({ status: approve ? 'active' : 'disabled' })
        .where(inArray(profiles.userId, ids));
      if (approve) {
        await notify(tx, { type: 'registration.approved', recipientIds: ids, payload: { event: 'registration_approved' } });
      } else {
        await tx.delete(session).where(inArray(session.userId, ids));
        await notify(tx, { type: 'registration.declined', recipientIds: ids, payload: { event: 'registration_declined' } });
      }
      for (const id of ids) {
        await audit(tx, {
          actorId: actor.userId,
          action: approve ? 'agent.registration_approved' : 'agent.registration_declined',
          entityType: 'agent',
          entityId: id,
        });
      }
    }
    const verb = approve ? 'approved' : 'declined';
    const n = ids.length;
    return {
      action: input.action,
      message: n === 0 ? `No registration was ${verb}.` : `${n} registration${n === 1 ? '' : 's'} ${verb}.`,
      updated: ids,
      skipped,
    };
  });
}

export async function setPreferred(db: Db, actor: Actor, agentId: string, preferred: boolean) {
  if (!isUuid(agentId)) throw notFound('This signing agent');
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(ap).set({ preferred }).where(eq(ap.userId, agentId)).returning({ id: ap.userId });
    if (!updated) throw notFound('This signing agent');
    await audit(tx, {
      actorId: actor.userId,
      action: 'agent.preferred_set',
      entityType: 'agent',
      entityId: agentId,
      details: { preferred },
    });
    return {
      id: agentId,
      preferred,
      preferredLabel: preferred ? PREFERRED_LABEL : NOT_PREFERRED_LABEL,
      message: preferred ? 'The agent is now a preferred agent.' : 'The agent is no longer a preferred agent.',
    };
  });
}

/** The operators' profile modal: the profile, its contact and the agent's work counts. */
export async function readAgent(db: Db, actor: Actor, agentId: string): Promise<AgentDetail> {
  const row = await profileRow(db, agentId);
  if (!row) throw notFound('This signing agent');
  const [counts] = await db
    .select({
      completed: sql<number>`count(*) filter (where ${appointments.status} = 'Completed')`.mapWith(Number),
      scheduled: sql<number>`count(*) filter (where ${appointments.status} = 'Scheduled')`.mapWith(Number),
    })
    .from(appointments)
    .where(eq(appointments.assignedAgentId, agentId));
  await audit(db, { actorId: actor.userId, action: 'agent.pii_read', entityType: 'agent', entityId: agentId });
  const profile = profileView(row);
  return {
    ...profile,
    preferredLabel: profile.preferred ? PREFERRED_LABEL : NOT_PREFERRED_LABEL,
    completedCount: counts?.completed ?? 0,
    scheduledCount: counts?.scheduled ?? 0,
    contact: { name: profile.name, phone: profile.mobilePhoneDisplay, email: profile.email },
  };
}

/**
 * List Signing Agents (spec 02 §2): all, by last name (or its beginning), by state (home or
 * certified), or within a radius of a zip — a bounding box on the indexed coordinates first,
 * then the exact distance, nearest first. Active approved agents only, unless an operator
 * asks for another status. Escrow roles see where an agent is and whether they are
 * preferred; operators also get their contact and registration.
 */
export async function searchAgents(db: Db, actor: Actor, query: AgentSearchQuery) {
  const operator = isOperator(actor.role);
  if (!operator && query.status !== 'active') {
    throw new AppError('FORBIDDEN', 'Only operators can search agents by registration status.');
  }
  const conditions: (SQL | undefined)[] = [];
  switch (query.status) {
    case 'active':
      conditions.push(eq(profiles.status, 'active'), eq(ap.registrationStatus, 'approved'));
      break;
    case 'pending':
      conditions.push(eq(ap.registrationStatus, 'pending'));
      break;
    case 'disabled':
      conditions.push(eq(profiles.status, 'disabled'));
      break;
    case 'all':
      break;
  }

  let distance: SQL<number | null> | null = null;
  let center: { zip: string; latitude: number; longitude: number; radiusMiles: number } | null = null;
  switch (query.mode) {
    case 'name': {
      const lastName = query.lastName?.trim();
      if (!lastName) {
        throw new AppError('VALIDATION_FAILED', 'Last name is required for a name search.', [
          { field: 'lastName', message: 'is required for a name search' },
        ]);
      }
      conditions.push(sql`lower(${ap.lastName}) like ${`${escapeLike(lastName.toLowerCase())}%`}`);
      break;
    }
    case 'state':
      if (!query.state) {
        throw new AppError('VALIDATION_FAILED', 'State is required for a state search.', [
          { field: 'state', message: 'is required for a state search' },
        ]);
      }
      conditions.push(sql`(${ap.state} = ${query.state} or ${ap.certifiedStates} @> array[${query.state}]::varchar(2)[])`);
      break;
    case 'radius': {
      const zip = query.zip?.trim();
      if (!zip) {
        throw new AppError('VALIDATION_FAILED', 'zip is required for a radius search', [
          { field: 'zip', message: 'is required for a radius search' },
        ]);
      }
      if (!ZIP_PATTERN.test(zip)) {
        throw new AppError('VALIDATION_FAILED', ZIP_MESSAGE, [{ field: 'zip', message: ZIP_MESSAGE }]);
      }
      const coordinates = coordinatesOfZip(zip);
      if (!coordinates) {
        throw new AppError('VALIDATION_FAILED', 'We could not find that zip code.', [
          { field: 'zip', message: 'is not a known US zip code' },
        ]);
      }
      const box = boundingBox(coordinates, query.radius);
      distance = greatCircleMilesSql(coordinates, ap);
      center = { zip, ...coordinates, radiusMiles: query.radius };
      conditions.push(
        sql`${ap.latitude} between ${box.minLat} and ${box.maxLat}`,
        sql`${ap.longitude} between ${box.minLng} and ${box.maxLng}`,
        sql`${distance} <= ${query.radius}`,
      );
      break;
    }
    case 'all':
      break;
  }

  const where = and(...conditions);
  const order = distance
    ? [asc(distance), asc(sql`lower(${ap.lastName})`), asc(ap.userId)]
    : [asc(sql`lower(${ap.lastName})`), asc(sql`lower(${ap.firstName})`), asc(ap.userId)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: ap.userId,
        name: user.name,
        firstName: ap.firstName,
        lastName: ap.lastName,
        city: ap.city,
        state: ap.state,
        zip: ap.zip,
        preferred: ap.preferred,
        distance: distance ?? sql<number | null>`null`,
        email: user.email,
        phone: profiles.phone,
        certifiedStates: ap.certifiedStates,
        registrationStatus: ap.registrationStatus,
        status: profiles.status,
      })
      .from(ap)
      .innerJoin(profiles, eq(profiles.userId, ap.userId))
      .innerJoin(user, eq(user.id, ap.userId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(ap).innerJoin(profiles, eq(profiles.userId, ap.userId)).where(where),
  ]);

  const items = rows.map((r): AgentSearchRow => {
    const row: AgentSearchRow = {
      id: r.id,
      name: r.name,
      firstName: r.firstName,
      lastName: r.lastName,
      city: r.city,
      state: r.state,
      zip: r.zip,
      preferred: r.preferred,
      distanceMiles: r.distance === null ? null : Math.round(Number(r.distance) * 10) / 10,
    };
    if (!operator) return row;
    return {
      ...row,
      email: r.email,
      phone: r.phone ? formatPhone(r.phone) : null,
      certifiedStates: r.certifiedStates,
      registrationStatus: r.registrationStatus,
      status: r.status,
    };
  });
  return { items, page: query.page, pageSize: query.pageSize, total: Number(total?.n ?? 0), center };
}

const NO_MOBILE_MESSAGE = 'This signing agent has no mobile phone on file: send an email instead.';

/**
 * An operator's text message (≤ 320) or email (≤ 140) to one agent from List Signing Agents:
 * queued in the outbox for delivery and audited, in one transaction.
 */
export async function messageAgent(db: Db, actor: Actor, agentId: string, input: AgentMessageInput) {
  return db.transaction(async (tx) => {
    const row = await profileRow(tx, agentId);
    if (!row) throw notFound('This signing agent');
    if (input.channel === 'sms' && !row.phone) {
      throw new AppError('VALIDATION_FAILED', NO_MOBILE_MESSAGE, [{ field: 'channel', message: 'the agent has no mobile phone to text' }]);
    }
    const [outbound] = await tx
      .insert(schema.outboundMessages)
      .values(
        input.channel === 'sms'
          ? { channel: 'sms', toAddress: row.phone!, body: input.message, state: 'queued' }
          : {
              channel: 'email',
              toAddress: row.email,
              subject: `A message from ${actor.name} at SigningDesk`,
              body: input.message,
              state: 'queued',
            },
      )
      .returning({ id: schema.outboundMessages.id });
    await audit(tx, {
      actorId: actor.userId,
      action: 'agent.messaged',
      entityType: 'agent',
      entityId: agentId,
      details: { channel: input.channel, length: input.message.length },
    });
    return {
      message: input.channel === 'sms' ? `Your text message to ${row.name} was queued.` : `Your email to ${row.name} was queued.`,
      outboundMessageId: outbound!.id,
    };
  });
}
