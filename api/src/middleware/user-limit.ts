/**
 * The per-user limits of domain/user-limits.ts on a route: one request taken from the signed-in
 * caller's allowance (public-forms/rate-limit.ts, keyed `user-<action>:<user id>`), and over the
 * limit a 429 RATE_LIMITED with Retry-After before the handler runs; a request refused by the
 * handler gives its count back. Placed after requireActor; a replayed Idempotency-Key answers
 * from its record and takes nothing.
 */
import { USER_LIMITS, userLimitMessage, type UserLimitedAction } from '@signingdesk/domain/user-limits';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../lib/app-error';
import type { AppEnv } from '../lib/context';
import { giveBackFormAllowance, takeFormAllowance } from '../modules/public-forms/rate-limit';

export function limitPerUser(action: UserLimitedAction) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const allowance = await takeFormAllowance(c.var.db, `user-${action}`, c.var.actor.userId, USER_LIMITS[action].perHour);
    if (!allowance.allowed) {
      c.header('Retry-After', String(allowance.retryAfterSeconds));
      throw new AppError('RATE_LIMITED', userLimitMessage(action, allowance.retryAfterSeconds));
    }
    await next();
    // Refused for another reason (not found, not allowed, invalid): it sent nothing, so it counts for nothing.
    if (c.error || c.res.status >= 400) await giveBackFormAllowance(c.var.db, `user-${action}`, c.var.actor.userId);
  });
}
