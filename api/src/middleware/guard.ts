/**
 * The server-side guard every route uses. `requireActor` answers 401 without a session and
 * 403 for a role the route is not for (or an agent whose registration is not active); it puts
 * the caller on `c.var.actor`. Row-level scope (firm, own orders, assignment) is applied by
 * lib/access.ts, where an id the caller may not see is a 404.
 */
import { createMiddleware } from 'hono/factory';
import { can, type Permission } from '../auth/roles';
import type { Role } from '@signingdesk/domain/roles';
import { loadActor } from '../lib/actor';
import { AppError } from '../lib/app-error';
import type { AppEnv } from '../lib/context';
import { withIdempotency, type IdempotencyMode } from '../lib/idempotency';

export interface GuardOptions {
  /** Roles allowed on the route; any signed-in role when omitted. */
  roles?: readonly Role[];
  /** Permissions the role must hold (better-auth access control). */
  permission?: Permission;
  /** Agents must have an active registration (spec 01 §4: pending keeps the portal locked). */
  activeAgent?: boolean;
  /**
   * How an Idempotency-Key is honoured (lib/idempotency.ts): by default the handler runs in the
   * key's transaction and must use only `c.var.db`.
   */
  idempotency?: IdempotencyMode;
}

export const INACTIVE_REGISTRATION_MESSAGE =
  'Your registration is currently being reviewed and is not yet active.  Please check back soon!';

export function requireActor(options: GuardOptions = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const actor = await loadActor(c.var.auth, c.var.db, c.req.raw.headers, c.var.sessionCache);
    if (!actor) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
    if (options.roles && !options.roles.includes(actor.role)) {
      throw new AppError('FORBIDDEN', 'Your role does not have access to this.');
    }
    if (options.permission && !can(actor.role, options.permission)) {
      throw new AppError('FORBIDDEN', 'Your role does not have access to this.');
    }
    if (options.activeAgent && actor.role === 'notary' && actor.status !== 'active') {
      throw new AppError('REGISTRATION_NOT_ACTIVE', INACTIVE_REGISTRATION_MESSAGE);
    }
    c.set('actor', actor);
    // A signed-in caller's Idempotency-Keys are their own (public forms: middleware/idempotent.ts).
    return withIdempotency(c, { userId: actor.userId }, next, options.idempotency);
  });
}
