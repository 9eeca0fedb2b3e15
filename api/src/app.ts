/**
 * createApp(): composes the API routers, better-auth, the security middleware and, when the
 * front ends are built, the static console and agent PWA on the same origin (URL map of
 * DESIGN.md). Tests call `app.request()` on it directly.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CLIENT_IP_HEADER } from './auth/auth';
import { AUTH_BASE_PATH, isAuthRouteInUse } from './auth/auth-routes';
import { AppError } from './lib/app-error';
import { databaseErrorLine, databaseUnavailable, isDatabaseUnavailable } from './lib/database-errors';
import { signedSessionToken } from './lib/actor';
import { requestClientIp } from './lib/client-ip';
import { SessionCache } from './lib/session-cache';
import type { AppDeps, AppEnv } from './lib/context';
import { createRouter, publishDocument } from './lib/openapi';
import { rejectNulCharacters } from './middleware/reject-nul';
import { refuseCrossSiteWrites } from './middleware/same-origin';
import { trustedOrigins } from './lib/origins';
import { problem } from './lib/problem';
import { agentAppointmentsRoutes } from './modules/agent-appointments/agent-appointments.routes';
import { appointmentsRoutes } from './modules/appointments/appointments.routes';
import { healthRoutes } from './modules/health/health.routes';
import { filesRoutes } from './modules/files/files.routes';
import { firmsRoutes } from './modules/firms/firms.routes';
import { usersRoutes } from './modules/users/users.routes';
import { agentsRoutes } from './modules/agents/agents.routes';
import { availabilityRoutes } from './modules/agents/availability.routes';
import { credentialsRoutes } from './modules/credentials/credentials.routes';
import { publicFormsRoutes } from './modules/public-forms/public-forms.routes';
import { passwordResetsRoutes } from './modules/password-resets/password-resets.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { notesRoutes } from './modules/notes/notes.routes';
import { previewRoutes } from './modules/preview/preview.routes';
import { SetPasswordRefused, setPasswordWithLink } from './modules/password-resets/set-password';
import { workflowRoutes } from './modules/workflow/workflow.routes';
import { sessionRoutes } from './modules/session/session.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { agentComplianceRoutes } from './modules/agent-compliance/agent-compliance.routes';
import { scorecardRoutes } from './modules/scorecard/scorecard.routes';
import { dispatchRoutes } from './modules/dispatch/dispatch.routes';
import { signingTermsRoutes } from './modules/signing-terms/signing-terms.routes';
import { signingDayRoutes } from './modules/signing-day/signing-day.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';

const API_BODY_LIMIT_BYTES = 1024 * 1024;
const SIGN_OUT_PATH = `${AUTH_BASE_PATH}/sign-out`;
const SET_PASSWORD_PATH = `${AUTH_BASE_PATH}/reset-password`;

export function createApi(deps: AppDeps) {
  // Routers are mounted one by one: a single chained expression exceeds what the type checker
  // can represent. The front ends take their response types from contracts.ts instead.
  const api = createRouter();
  api.route('/', healthRoutes(deps));
  api.route('/', sessionRoutes(deps));
  api.route('/', agentAppointmentsRoutes(deps));
  api.route('/', appointmentsRoutes(deps));
  api.route('/', workflowRoutes());
  api.route('/', notesRoutes(deps));
  api.route('/', apiKeysRoutes(deps));
  api.route('/', webhooksRoutes(deps));
  api.route('/', previewRoutes(deps));
  api.route('/', filesRoutes(deps));
  api.route('/', firmsRoutes(deps));
  api.route('/', usersRoutes(deps));
  api.route('/', agentsRoutes(deps));
  api.route('/', availabilityRoutes(deps));
  api.route('/', credentialsRoutes(deps));
  api.route('/', publicFormsRoutes(deps));
  api.route('/', passwordResetsRoutes(deps));
  api.route('/', feedbackRoutes(deps));
  api.route('/', notificationsRoutes(deps));
  api.route('/', eventsRoutes(deps));
  api.route('/', agentComplianceRoutes(deps));
  api.route('/', scorecardRoutes(deps));
  api.route('/', dispatchRoutes());
  api.route('/', signingTermsRoutes());
  api.route('/', signingDayRoutes(deps));
  publishDocument(api);
  return api;
}

/** The security headers of every answer (decision 019); `withNonce` for the pages. */
function securityHeaderOptions(withNonce: boolean) {
  return {
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Style elements need the page's nonce (Mantine's CSS variables carry it); style
      // attributes (Mantine's style props) stay allowed: they cannot run script and fetch
      // nothing beyond img-src. Decision 019.
      styleSrc: ["'self'"],
      styleSrcElem: withNonce ? ["'self'", NONCE] : ["'self'"],
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    // Nothing of the product uses these; a script that got in cannot either.
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      serial: [],
      bluetooth: [],
      hid: [],
      midi: [],
      displayCapture: [],
      browsingTopics: [],
    },
  } satisfies Parameters<typeof secureHeaders>[0];
}

export function createApp(deps: AppDeps) {
  const app = createRouter();

  // The pages' style elements need the page's nonce (Mantine's CSS variables carry it); the API's
  // answers are never a page, so they get the same policy without one (no random bytes per call).
  const pageHeaders = secureHeaders(securityHeaderOptions(true));
  const apiHeaders = secureHeaders(securityHeaderOptions(false));
  app.use('*', (c, next) => (c.req.path.startsWith('/api/') ? apiHeaders(c, next) : pageHeaders(c, next)));
  // API answers carry borrower data, documents and sessions: no browser or proxy keeps them.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  const sessionCache = new SessionCache(deps.database, deps.env.SESSION_CACHE_SECONDS * 1000);
  app.use('/api/*', async (c, next) => {
    c.set('db', deps.database.db);
    c.set('auth', deps.auth);
    c.set('sessionCache', sessionCache);
    c.set('clientIp', requestClientIp(c, deps.env.TRUST_PROXY));
    await next();
  });
  // Only the product's own origin may call the API from a browser, and only it may change anything.
  const origins = trustedOrigins(deps.env);
  app.use('/api/*', cors({ origin: (origin) => (origins.includes(origin) ? origin : null), credentials: true }));
  app.use('/api/*', refuseCrossSiteWrites(origins));
  const jsonBodyLimit = bodyLimit({
    maxSize: API_BODY_LIMIT_BYTES,
    onError: (c) => problem(c, 413, 'PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MB.'),
  });
  // Upload chunks are limited by the upload's grant (tus), not by the JSON body limit.
  app.use('/api/*', (c, next) => (c.req.path.startsWith('/api/uploads') ? next() : jsonBodyLimit(c, next)));

  app.use('/api/*', rejectNulCharacters);
  // A set-password link is redeemed by our own handler, at better-auth's path and with its answers.
  app.post(SET_PASSWORD_PATH, async (c) => {
    const body: unknown = await c.req.json().catch(() => null);
    try {
      const { userId } = await setPasswordWithLink(deps.database.db, body, { origin: deps.env.PUBLIC_ORIGIN });
      sessionCache.forgetAccount(userId);
      return c.json({ status: true }, 200);
    } catch (err) {
      if (err instanceof SetPasswordRefused) return c.json({ code: err.code, message: err.message }, 400);
      throw err;
    }
  });
  // Only the better-auth routes the apps use; the others fall through to the API's 404.
  app.on(['GET', 'POST'], '/api/auth/*', async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (!isAuthRouteInUse(c.req.method, path)) return next();
    const response = await deps.auth.handler(withClientIp(c));
    if (path === SIGN_OUT_PATH) {
      const token = await signedSessionToken(deps.auth, c.req.raw.headers);
      if (token) sessionCache.forgetSession(token);
    }
    return response;
  });
  app.route('/api', createApi(deps));
  app.all('/api/*', (c) => problem(c, 404, 'NOT_FOUND', `No API route ${c.req.method} ${c.req.path}.`));

  if (deps.staticRoots) mountFrontEnds(app, deps.staticRoots);

  app.notFound((c) => problem(c, 404, 'NOT_FOUND', 'Not found.'));
  app.onError((err, c) => {
    if (err instanceof AppError) {
      return problem(c, err.status as ContentfulStatusCode, err.code, err.message, err.fields);
    }
    if (err instanceof HTTPException) {
      return problem(c, err.status as ContentfulStatusCode, 'HTTP_ERROR', err.message || 'Request failed.');
    }
    if (clientGone(c)) {
      // Nobody is left to answer: one line, no stack (200 slow clients once printed 1,600 lines).
      console.warn(`[api] ${c.req.method} ${c.req.path}: the client closed the connection before the request was complete`);
      return new Response(null, { status: 499 });
    }
    if (isDatabaseUnavailable(err)) {
      console.warn(`[api] ${c.req.method} ${c.req.path}: database unavailable (${databaseErrorLine(err)})`);
      return databaseUnavailable(c);
    }
    console.error(`[api] ${c.req.method} ${c.req.path}:`, err);
    return problem(c, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  });
  return app;
}

/** The client closed its connection (a dropped signal, a closed tab) while the request was read or served. */
function clientGone(c: Context<AppEnv>): boolean {
  const incoming = (c.env as { incoming?: { errored?: unknown } } | undefined)?.incoming;
  return c.req.raw.signal.aborted || Boolean(incoming?.errored);
}

/**
 * better-auth rate-limits sign-in per client address, read from a header. The address is the
 * one lib/client-ip.ts established (the socket's peer, or the client behind TRUST_PROXY
 * proxies), never the header as the client sent it. Without a socket (app.request() in tests)
 * there is no address and better-auth skips the per-address limit.
 */
function withClientIp(c: Context<AppEnv>): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  const address = c.var.clientIp;
  if (address) headers.set(CLIENT_IP_HEADER, address);
  return new Request(c.req.raw, { headers });
}

function mountFrontEnds(app: ReturnType<typeof createRouter>, roots: { console: string; pwa: string }) {
  app.get('/preview/:id', (c) => c.redirect(`/notary/preview/${encodeURIComponent(c.req.param('id'))}`, 302));
  app.get('/sign-up', (c) => c.redirect('/notary/sign-up', 302));
  app.get('/notary', (c) => c.redirect('/notary/', 301));

  app.use('*', async (c, next) => {
    await next();
    // Vite's hashed assets never change; HTML, the service worker and the manifest are revalidated.
    if (c.res.status === 200 && !c.req.path.startsWith('/api/')) {
      c.res.headers.set('Cache-Control', /\/assets\//.test(c.req.path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
  });
  // The builds hold .br and .gz copies of the text assets (scripts/precompress.mjs).
  // The pages themselves are never served as plain files: each carries this answer's nonce.
  app.get('/notary/', (c) => appPage(c, join(roots.pwa, 'index.html')));
  app.get('/notary/index.html', (c) => appPage(c, join(roots.pwa, 'index.html')));
  app.use('/notary/*', serveStatic({ root: roots.pwa, precompressed: true, rewriteRequestPath: (path) => path.replace(/^\/notary/, '') }));
  app.get('/notary/*', (c) => spaFallback(c, join(roots.pwa, 'index.html')));

  app.get('/', (c) => appPage(c, join(roots.console, 'index.html')));
  app.get('/index.html', (c) => appPage(c, join(roots.console, 'index.html')));
  // A signer's confirmation link (issue 33): its token has dots, which the fallback below takes for a missing file.
  app.get('/confirm/:token', (c) => appPage(c, join(roots.console, 'index.html')));
  app.use('/*', serveStatic({ root: roots.console, precompressed: true }));
  app.get('/*', (c) => spaFallback(c, join(roots.console, 'index.html')));
}

/** History-API routes of a single-page app get its index.html; missing files stay 404. */
async function spaFallback(c: Context, indexFile: string) {
  const lastSegment = c.req.path.split('/').pop() ?? '';
  if (lastSegment.includes('.')) return problem(c, 404, 'NOT_FOUND', 'Not found.');
  return appPage(c, indexFile);
}

/**
 * A front end's index.html with this answer's CSP nonce in `<meta name="csp-nonce">`, where
 * the app reads it for the style elements it adds (the console's MantineProvider).
 */
async function appPage(c: Context, indexFile: string) {
  if (!existsSync(indexFile)) return problem(c, 404, 'NOT_FOUND', 'Not found.');
  const nonce = c.get('secureHeadersNonce') as string;
  const meta = `<meta name="csp-nonce" content="${nonce}" />`;
  const page = await readFile(indexFile, 'utf8');
  const html = /<head[^>]*>/i.test(page) ? page.replace(/<head[^>]*>/i, (head) => `${head}\n    ${meta}`) : `${meta}\n${page}`;
  return c.html(html);
}
