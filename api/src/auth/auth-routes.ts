/**
 * The better-auth routes the product serves. better-auth mounts some thirty endpoints
 * (update-user, change-email, delete-user, list-sessions, …); each one is a way around the
 * product's own rules (an update-user name skips the name rule of domain/person-name.ts).
 * Only what the console, the agent app and the set-password page call is let through; the
 * rest answers 404 like any unknown API path. Found by reading pwa/, console/, e2e/ and
 * docs/session-contract.md: sign-in, sign-out and the redemption of a set-password link.
 * Session state comes from our own GET /api/me, never from better-auth's get-session.
 */

export const AUTH_BASE_PATH = '/api/auth';

export const AUTH_ROUTES_IN_USE = [
  { method: 'POST', path: '/sign-in/email' },
  { method: 'POST', path: '/sign-out' },
  { method: 'POST', path: '/reset-password' },
] as const;

const allowed = new Set(AUTH_ROUTES_IN_USE.map((route) => `${route.method} ${AUTH_BASE_PATH}${route.path}`));

/**
 * Whether a request may reach better-auth. `pathname` is the raw path of the request URL:
 * compared exactly, so a trailing slash, another case, an encoded or doubled slash or a dot
 * segment is not a way to reach a route better-auth would match more loosely.
 */
export function isAuthRouteInUse(method: string, pathname: string): boolean {
  return allowed.has(`${method.toUpperCase()} ${pathname}`);
}

/**
 * The second layer, better-auth's own `disabledPaths`: every endpoint of better-auth 1.7 but
 * the ones in use, so a route slipping past the allow-list still answers 404 inside
 * better-auth. A test fails when an upgrade adds an endpoint missing here. Paths with a
 * parameter (/callback/:id, /reset-password/:token) cannot be listed: the allow-list covers them.
 */
export const BETTER_AUTH_DISABLED_PATHS = [
  '/sign-in/social',
  '/get-session',
  '/sign-up/email',
  '/verify-password',
  '/verify-email',
  '/send-verification-email',
  '/change-email',
  '/change-password',
  '/update-session',
  '/update-user',
  '/delete-user',
  '/request-password-reset',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/link-social',
  '/list-accounts',
  '/delete-user/callback',
  '/unlink-account',
  '/refresh-token',
  '/get-access-token',
  '/account-info',
  '/ok',
  '/error',
];
