/**
 * Accounts as the product creates them (Create New User, agent registration): the
 * better-auth user and its credential account, our profile row, and the invitation that lets
 * the person choose a password. Owns the set-password token of invitations and password-reset
 * requests, which is a better-auth password-reset token (`verification` row
 * `reset-password:<token>` → user id), so the link is redeemed at better-auth's path by password-resets/set-password.ts,
 * `POST /api/auth/reset-password { newPassword, token }`.
 * Everything here runs inside the caller's transaction.
 */
import { randomBytes } from 'node:crypto';
import type { Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import type { Role, UserStatus } from '@signingdesk/domain/roles';
import { AppError } from '../../lib/app-error';
import { notify } from '../../delivery/notify';
import { EMAIL_TAKEN_MESSAGE } from './users.fields';

const { user, account, profiles, verification } = schema;

/** The `verification` identifier of a set-password token: better-auth's own for reset tokens. */
export const SET_PASSWORD_LINK_PREFIX = 'reset-password:';

/** How long an invitation link works. Longer than a reset link: people open invitations late. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const emailTaken = () => new AppError('VALIDATION_FAILED', EMAIL_TAKEN_MESSAGE, [{ field: 'email', message: EMAIL_TAKEN_MESSAGE }]);

export interface NewAccount {
  name: string;
  /** Already lowercased. */
  email: string;
  role: Role;
  firmId: string;
  phone: string | null;
  status: UserStatus;
  /** A better-auth hash, or null: no password yet, sign-in fails until one is set. */
  passwordHash: string | null;
}

/** Inserts the user, its credential account and profile; a taken email is a 400 naming it. */
export async function insertAccount(tx: Tx, input: NewAccount): Promise<string> {
  const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, input.email));
  if (existing) throw emailTaken();
  // A concurrent registration with the same email loses on the unique index: same answer.
  const [created] = await tx
    .insert(user)
    .values({ name: input.name, email: input.email, emailVerified: false, role: input.role })
    .onConflictDoNothing()
    .returning({ id: user.id });
  if (!created) throw emailTaken();
  await tx.insert(account).values({ accountId: created.id, providerId: 'credential', userId: created.id, password: input.passwordHash });
  await tx.insert(profiles).values({ userId: created.id, firmId: input.firmId, phone: input.phone, status: input.status });
  return created.id;
}

/**
 * The page that redeems a set-password link: a signing agent's opens in the agent app, in its
 * look and where they will log in; everyone else's in the console.
 */
export function setPasswordPath(role: Role): string {
  return role === 'notary' ? '/notary/reset-password' : '/reset-password';
}

/**
 * A set-password token and the link that redeems it, for an invitation or a password reset.
 * The token is stored the way better-auth stores its reset tokens (plain identifier, the
 * default `storeIdentifier`), so `POST /api/auth/reset-password` checks its expiry and spends it.
 */
export async function createSetPasswordLink(tx: Tx, options: { userId: string; role: Role; origin: string; ttlMs: number; now?: Date }) {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date((options.now ?? new Date()).getTime() + options.ttlMs);
  await tx.insert(verification).values({ identifier: `${SET_PASSWORD_LINK_PREFIX}${token}`, value: options.userId, expiresAt });
  return { link: `${options.origin}${setPasswordPath(options.role)}?token=${token}`, expiresAt };
}

/** A set-password link for a new account, and the job that emails it. */
export async function createInvitation(tx: Tx, options: { userId: string; role: Role; origin: string; now?: Date }) {
  const { link, expiresAt } = await createSetPasswordLink(tx, { ...options, ttlMs: INVITATION_TTL_MS });
  await notify(tx, {
    type: 'user.invited',
    recipientIds: [options.userId],
    payload: { event: 'invited', link, expiresAt: expiresAt.toISOString() },
  });
  return { expiresAt };
}
