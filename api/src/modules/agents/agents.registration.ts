/**
 * Public registration of signing agents (/sign-up): the pending account and its profile, the
 * same answer whether or not the email had an account, and the per-account limit of the
 * "someone tried to register with your address" email (form_rate_limits row
 * `agent-registration-notice:<user id>`).
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { and, eq, gt } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { adminIds, notify } from '../../delivery/notify';
import { takeFormAllowance } from '../public-forms/rate-limit';
import { createInvitation, insertAccount } from '../users/users.accounts';
import { EMAIL_TAKEN_MESSAGE } from '../users/users.fields';
import { independentFirm, insertAgentProfile, profileColumns } from './agents.profile';
import type { RegisterAgentInput } from './agents.schemas';

const { agentProfiles: ap, profiles, user, account } = schema;

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
    if (!passwordHash) await createInvitation(tx, { userId, role: 'notary', origin });
    // Told in the registration's own transaction: the emails exist exactly when the registration does.
    await notify(tx, {
      type: 'registration.received',
      recipientIds: [userId],
      payload: { event: 'registration_received', link: `${origin}/notary/login` },
    });
    await notify(tx, {
      type: 'registration.agent',
      recipientIds: await adminIds(tx),
      payload: { agentId: userId, name: `${input.firstName} ${input.lastName}`, city: input.city, state: input.state },
    });
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
