/**
 * Refuses state-changing requests that a page of another site started. A browser sends a
 * body-less POST (claim, decline, mark paid, send invoice…) or a form post to any site
 * without a CORS preflight, with our cookies whenever the two sites are "same-site" (a
 * sibling subdomain, another port on the host), which SameSite=Lax does not stop. So every
 * POST, PUT, PATCH and DELETE under /api, better-auth's and tus's included, must come from
 * one of our own origins: `Sec-Fetch-Site` other than same-origin (or none: typed by the user)
 * is refused, and so is an `Origin` not on the list (including `null`). A request with
 * neither header was not sent by a browser page (curl, an integration): it carries no
 * ambient cookies of a victim and goes on to the route's own checks.
 */
import { createMiddleware } from 'hono/factory';
import { AppError } from '../lib/app-error';
import { isMutating } from '../lib/idempotency';

export const CROSS_SITE_MESSAGE = 'This request came from another website and was refused.';

export function refuseCrossSiteWrites(allowedOrigins: readonly string[]) {
  return createMiddleware(async (c, next) => {
    if (isMutating(c.req.method)) {
      const site = c.req.header('sec-fetch-site');
      const origin = c.req.header('origin');
      const crossSite = site !== undefined && site !== 'same-origin' && site !== 'none';
      if (crossSite || (origin !== undefined && !allowedOrigins.includes(origin))) {
        throw new AppError('FORBIDDEN', CROSS_SITE_MESSAGE);
      }
    }
    await next();
  });
}
