/**
 * Password-reset requests: for an existing account that is not disabled, a set-password link
 * (the token shared with invitations, users.accounts.ts) and the `user.password_reset` email,
 * written in one transaction. Owns the per-account limit of reset emails, a row of
 * form_rate_limits per account (`password-reset-email:<user id>`), so several API processes
 * share it. The caller gets the same answer whatever happened, and the route has already
 * taken the per-address allowance.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { isRole } from '@signingdesk/domain/roles';
import { notify } from '../../delivery/notify';
import { takeFormAllowance } from '../public-forms/rate-limit';
import { createSetPasswordLink } from '../users/users.accounts';
import {
  PASSWORD_RESET_ANSWER,
  PASSWORD_RESET_EMAIL_INTERVAL_MINUTES,
  PASSWORD_RESET_TTL_MINUTES,
  type PasswordResetAnswer,
  type PasswordResetRequest,
} from './password-resets.schemas';

const { user, profiles } = schema;

const MINUTE_MS = 60 * 1000;

export async function requestPasswordReset(
  db: Db,
  input: PasswordResetRequest,
  options: { origin: string; now?: Date },
): Promise<PasswordResetAnswer> {
  const answer = { message: PASSWORD_RESET_ANSWER };
  const [account] = await db
    .select({ id: user.id, role: user.role, status: profiles.status, firmDisabledAt: schema.firms.disabledAt })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .leftJoin(schema.firms, eq(schema.firms.id, profiles.firmId))
    .where(eq(user.email, input.email));
  if (!account || account.status === 'disabled' || account.firmDisabledAt || !isRole(account.role)) return answer;
  const role = account.role;

  await db.transaction(async (tx) => {
    // Taken in the transaction: a request that fails later gives the allowance back, and a
    // concurrent request for the same account waits on the row and then finds it spent.
    const allowance = await takeFormAllowance(tx, 'password-reset-email', account.id, 1, PASSWORD_RESET_EMAIL_INTERVAL_MINUTES * 60);
    if (!allowance.allowed) return;
    const { link, expiresAt } = await createSetPasswordLink(tx, {
      userId: account.id,
      role,
      origin: options.origin,
      ttlMs: PASSWORD_RESET_TTL_MINUTES * MINUTE_MS,
      now: options.now,
    });
    await notify(tx, {
      type: 'user.password_reset',
      recipientIds: [account.id],
      payload: { event: 'password_reset', link, expiresAt: expiresAt.toISOString() },
    });
  });
  return answer;
}
