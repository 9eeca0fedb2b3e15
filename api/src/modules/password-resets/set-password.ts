/**
 * Redeeming a set-password link (an invitation or a password reset: users.accounts.ts), in one
 * transaction (issue 26, items 2 and 3): the token is spent, the password set, every other
 * outstanding set-password link of the account voided (an unused 7-day invitation can no longer
 * take the account over after a reset), every session of the account ended (a thief's session
 * with it), and the "your password was changed" email recorded — all or nothing.
 *
 * Served at better-auth's own path, `POST /api/auth/reset-password { newPassword, token }`, with
 * its answers (200 `{ status: true }`; 400 `{ code, message }`: INVALID_TOKEN, PASSWORD_TOO_SHORT,
 * PASSWORD_TOO_LONG), so the console's set-password page is unchanged (decision 041). better-auth's
 * version spends the token, sets the password and ends sessions in separate statements.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@signingdesk/domain/password';
import { hashPassword } from 'better-auth/crypto';
import { and, eq, like } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../lib/audit';
import { notify } from '../../delivery/notify';
import { SET_PASSWORD_LINK_PREFIX } from '../users/users.accounts';

const { verification, account, session } = schema;

/** better-auth's error answer, as its reset-password route gives it. */
export class SetPasswordRefused extends Error {
  constructor(
    readonly code: 'INVALID_TOKEN' | 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | 'VALIDATION_ERROR',
    message: string,
  ) {
    super(message);
  }
}

const BodySchema = z.object({ newPassword: z.string(), token: z.string().min(1).max(200) });

export async function setPasswordWithLink(db: Db, body: unknown, options: { origin: string; now?: Date }): Promise<{ userId: string }> {
  const parsed = BodySchema.safeParse(body);
  if (!parsed.success) {
    if (typeof (body as { token?: unknown } | null)?.token !== 'string') throw new SetPasswordRefused('INVALID_TOKEN', 'Invalid token');
    throw new SetPasswordRefused('VALIDATION_ERROR', 'newPassword must be a string');
  }
  const { newPassword, token } = parsed.data;
  if (newPassword.length < MIN_PASSWORD_LENGTH) throw new SetPasswordRefused('PASSWORD_TOO_SHORT', 'Password too short');
  if (newPassword.length > MAX_PASSWORD_LENGTH) throw new SetPasswordRefused('PASSWORD_TOO_LONG', 'Password too long');
  const now = options.now ?? new Date();
  const identifier = `${SET_PASSWORD_LINK_PREFIX}${token}`;
  // A made-up token costs one indexed read, not a password hash.
  const [known] = await db.select({ expiresAt: verification.expiresAt }).from(verification).where(eq(verification.identifier, identifier));
  if (!known || known.expiresAt.getTime() <= now.getTime()) throw new SetPasswordRefused('INVALID_TOKEN', 'Invalid token');
  // scrypt takes a moment: before the transaction, so it holds no row meanwhile.
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const [link] = await tx
      .delete(verification)
      .where(eq(verification.identifier, identifier))
      .returning({ userId: verification.value, expiresAt: verification.expiresAt });
    if (!link || link.expiresAt.getTime() <= now.getTime()) throw new SetPasswordRefused('INVALID_TOKEN', 'Invalid token');
    const { userId } = link;
    const updated = await tx
      .update(account)
      .set({ password: passwordHash, updatedAt: now })
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
      .returning({ id: account.id });
    if (updated.length === 0) {
      await tx.insert(account).values({ accountId: userId, providerId: 'credential', userId, password: passwordHash });
    }
    const voided = await tx
      .delete(verification)
      .where(and(like(verification.identifier, `${SET_PASSWORD_LINK_PREFIX}%`), eq(verification.value, userId)))
      .returning({ id: verification.id });
    const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
    await notify(tx, {
      type: 'user.password_changed',
      recipientIds: [userId],
      payload: { event: 'password_changed', link: `${options.origin}/login` },
    });
    await audit(tx, {
      actorId: userId,
      action: 'user.password_set',
      entityType: 'user',
      entityId: userId,
      details: { linksVoided: voided.length, sessionsEnded: ended.length },
    });
    return { userId };
  });
}
