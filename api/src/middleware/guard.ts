/**
 * The server-side guard every route uses. `requireActor` answers 401 without a session and
 * 403 for a role the route is not for (or an agent whose registration is not active); it puts
 * the caller on `c.var.actor`. Row-level scope (firm, own orders, assignment) is applied by
 * lib/access.ts, where an id the caller may not see is a 404.
 */
import type { Context, Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import { API_KEY_LIMITS, API_KEY_MESSAGES, type ApiKeyScope } from '@signingdesk/domain/api-keys';
import { bearerKeyOf, loadKeyCaller } from '../lib/api-key-actor';
import { runWithApiKey } from '../lib/request-context';
import { takeFormAllowance } from '../modules/public-forms/rate-limit';
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
  /**
   * The scope a firm API key needs to call the route (issue 34); without one, only a signed-in
   * person may. The route's OpenAPI security names the same scope (lib/openapi.ts rolesDoc).
   */
  apiKeyScope?: ApiKeyScope;
}

export const INACTIVE_REGISTRATION_MESSAGE =
  'Your registration is currently being reviewed and is not yet active.  Please check back soon!';

export function requireActor(options: GuardOptions = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const bearer = bearerKeyOf(c.req.header('authorization'));
    if (bearer !== undefined) return keyRequest(c, next, bearer, options);
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

/**
 * A request with a firm API key (lib/api-key-actor.ts): a valid key, a route that takes keys and
 * the key's scope for it, the role rule as for its creator, then one request from the key's
 * allowance per minute (shared by every process). Every audit row the handler writes names the key.
 */
async function keyRequest(c: Context<AppEnv>, next: Next, bearer: string, options: GuardOptions) {
  const caller = await loadKeyCaller(c.var.db, bearer);
  if (!options.apiKeyScope) throw new AppError('FORBIDDEN', API_KEY_MESSAGES.notForKeys);
  if (!caller.key.scopes.includes(options.apiKeyScope)) throw new AppError('FORBIDDEN', API_KEY_MESSAGES.missingScope(options.apiKeyScope));
  if (
    (options.roles && !options.roles.includes(caller.actor.role)) ||
    (options.permission && !can(caller.actor.role, options.permission))
  ) {
    throw new AppError('FORBIDDEN', 'Your role does not have access to this.');
  }
  const allowance = await takeFormAllowance(c.var.db, 'api-key', caller.key.id, API_KEY_LIMITS.requestsPerMinute, 60);
  if (!allowance.allowed) {
    c.header('Retry-After', String(allowance.retryAfterSeconds));
    throw new AppError('RATE_LIMITED', API_KEY_MESSAGES.rateLimited(allowance.retryAfterSeconds));
  }
  c.set('actor', caller.actor);
  c.set('apiKey', caller.key);
  return runWithApiKey(caller.key.id, () => withIdempotency(c, { userId: caller.actor.userId }, next, options.idempotency));
}
