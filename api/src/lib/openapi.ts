/**
 * Routers are OpenAPIHono instances: each route declares its zod request/response schemas
 * once, which validates the input, types the handler and the client, and feeds the OpenAPI
 * document. Invalid input becomes a 400 problem+json that names each field at fault.
 * `publishDocument` serves that document at /openapi.json with what integrators' tools need
 * besides the routes: the session credential, the tags, the licence and a contact.
 */
import type { ApiKeyScope } from '@signingdesk/domain/api-keys';
import { ERROR_CODES } from '@signingdesk/domain/error-codes';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { getCookies } from 'better-auth/cookies';
import { WEBHOOK_OPERATIONS } from '../modules/webhooks/webhook-payloads';
import type { AppEnv } from './context';
import { fieldSentence, problem } from './problem';

/** A router whose route types are not carried further (the combined type is too large). */
export type Router = OpenAPIHono<AppEnv>;

export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const errors = result.error.issues.map((issue) => ({
        field: issue.path.join('.') || '(body)',
        message: issue.message,
      }));
      const first = errors[0];
      return problem(c, 400, 'VALIDATION_FAILED', first ? fieldSentence(first) : 'Invalid input.', errors);
    },
  });
}

export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(ERROR_CODES).openapi({ description: 'Stable code for programs (domain/src/error-codes.ts)' }),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .openapi('Problem');

/** Error responses of a route, for the OpenAPI document. */
export function problemResponses(...statuses: (400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429)[]) {
  const descriptions: Record<number, string> = {
    400: 'Invalid input; `errors` names each field',
    401: 'Not signed in',
    403: 'The role may not do this',
    404: 'Not found, or not visible to the caller',
    409: 'Conflicts with the current state',
    410: 'The link has expired (LINK_EXPIRED)',
    413: 'Too large',
    415: 'Unsupported media type',
    422: 'Idempotency key reused with a different request',
    429: 'Too many requests',
  };
  return Object.fromEntries(
    statuses.map((s) => [s, { description: descriptions[s]!, content: { 'application/problem+json': { schema: ProblemSchema } } }]),
  ) as Record<
    (typeof statuses)[number],
    { description: string; content: { 'application/problem+json': { schema: typeof ProblemSchema } } }
  >;
}

/**
 * The security schemes: better-auth's session cookie, which every non-public operation takes,
 * and a firm API key (issue 34), which only the operations naming one of its scopes take.
 */
export const SESSION_SCHEME = 'sessionCookie';
export const API_KEY_SCHEME = 'apiKey';

/**
 * The OpenAPI description, `x-roles` extension and security requirement of a route: who may
 * call it. Public routes need no credential (`security: []`); every other one the session.
 */
export function rolesDoc(roles: readonly string[] | 'public' | 'signed-in', note?: string, apiKeyScope?: ApiKeyScope) {
  const who = roles === 'public' ? 'Public.' : roles === 'signed-in' ? 'Roles: any signed-in user.' : `Roles: ${roles.join(', ')}.`;
  const security: Record<string, string[]>[] =
    roles === 'public' ? [] : [{ [SESSION_SCHEME]: [] }, ...(apiKeyScope ? [{ [API_KEY_SCHEME]: [apiKeyScope] }] : [])];
  const byKey = apiKeyScope ? ` A firm API key with the \`${apiKeyScope}\` scope may call it, as the firm’s org admin.` : '';
  return {
    description: `${note ? `${who} ${note}` : who}${byKey}`,
    'x-roles': roles === 'public' || roles === 'signed-in' ? [roles] : [...roles],
    security,
  } as const;
}

/** Document-level tags, in the order the API reference shows them. Every route's tag is one of these. */
export const API_TAGS = [
  {
    name: 'Session',
    description:
      'Who is signed in, and the public request for a password-reset link. Signing in and out are better-auth routes under /api/auth (see the `sessionCookie` security scheme).',
  },
  {
    name: 'Appointments',
    description:
      'Signing orders: created by escrow officers or operators, listed per side, read in the view of the caller’s role, and edited.',
  },
  {
    name: 'Workflow',
    description:
      'An appointment’s life: offers to agents, claims, counters and declines, the bid list, assignment, status changes, completion and agent payment.',
  },
  { name: 'Agent', description: 'The signing agent’s portal lists of appointments.' },
  { name: 'Preview', description: 'What an offered agent may see of an appointment before claiming it, and comparable orders.' },
  {
    name: 'Notes',
    description: 'The message thread of an appointment, for whoever may see its full detail; operators may remove a message.',
  },
  {
    name: 'Files',
    description: 'Documents of an appointment: resumable uploads (tus 1.0), short-lived download links, file flags and the invoice.',
  },
  { name: 'Firms', description: 'Escrow and title firms and their users.' },
  { name: 'Users', description: 'Accounts created by operators and escrow administrators, and the caller’s own profile.' },
  {
    name: 'Agents',
    description: 'Signing agents: public registration, their own profile, review of registrations, search and preferred agents.',
  },
  {
    name: 'Credentials',
    description:
      'Signing agents’ credentials (commission, E&O, background check, …): added and renewed by the agent, reviewed by operators, with their documents.',
  },
  {
    name: 'Scorecard',
    description:
      'The escrow rating of a completed signing, and the agent’s score computed from their history (operators, and the agent’s own record).',
  },
  {
    name: 'Dispatch',
    description:
      'Automatic dispatch: an order offered to its best-ranked eligible agents a wave at a time, its controls and log, and each firm’s dispatch settings.',
  },
  {
    name: 'Public forms',
    description: 'Forms of the public site (contact requests, escrow registration, automated appraisals) and campaign responses.',
  },
  {
    name: 'Integrations',
    description:
      'Firm API keys: created and revoked by the firm’s org admin, seen by operators. A request with `Authorization: Bearer <key>` acts for the firm within the key’s scopes (the `apiKey` security scheme names each operation’s scope).',
  },
  { name: 'Analytics', description: 'Page-view and event tracking of the public site, and its summary for operators.' },
  { name: 'Feedback', description: 'Messages sent through the contact forms, read and answered by administrators.' },
  { name: 'Notifications', description: 'Web-push subscriptions of the agent app, the outbox of e-mail and SMS, and the delivery jobs.' },
  { name: 'Operations', description: 'Health of the running service: database kind and migration state.' },
  {
    name: 'Live updates',
    description: 'A server-sent event stream telling the consoles which orders changed, so open screens refetch them without a reload.',
  },
] as const;

/**
 * Serves the OpenAPI 3.1 document of `api`'s routes at /openapi.json, with the firm webhooks an
 * integrator's endpoint receives (`webhooks`, one per event). The session scheme names the
 * cookie the request's better-auth instance really sets (`__Secure-` prefixed over HTTPS), so it
 * is added per answer rather than registered with the routes.
 */
export function publishDocument(api: Router) {
  for (const webhook of WEBHOOK_OPERATIONS) api.openAPIRegistry.registerWebhook(webhook);
  // `identifier` (an SPDX expression) is OpenAPI 3.1; the generator's config type is 3.0's.
  const license = { name: 'Proprietary', identifier: 'LicenseRef-SigningDesk-Proprietary' };
  api.get('/openapi.json', (c) => {
    const document = api.getOpenAPI31Document({
      openapi: '3.1.0',
      servers: [{ url: '/api' }],
      info: {
        title: 'SigningDesk API',
        version: '1.0.0',
        description: 'Closing-signings marketplace: appointments, offers, files and people.',
        contact: { name: 'SigningDesk support', url: '/support' },
        license,
      },
      tags: API_TAGS.map((tag) => ({ ...tag })),
    });
    addUnavailableAnswers(document);
    const cookie = getCookies(c.var.auth.options).sessionToken.name;
    document.components = {
      ...document.components,
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: cookie,
          description: `The session of a signed-in user: the \`${cookie}\` cookie set by \`POST /api/auth/sign-in/email\` (JSON \`{ "email", "password" }\`) and cleared by \`POST /api/auth/sign-out\`. A writing request that names an \`Origin\` must name one of the product's own (cross-site writes are refused); a client outside a browser sends the cookie and no \`Origin\`.`,
        },
        [API_KEY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'sdk_<prefix>_<secret>',
          description:
            'A firm API key, created by the firm’s org admin in the console’s Integrations tab and shown once: `Authorization: Bearer sdk_…`. It acts for the firm with the org admin’s reach, only on the operations whose security names one of its scopes (orders:read, orders:write, files:write, webhooks:manage), at most 240 requests a minute (429 with Retry-After). A revoked key, or one whose creator is disabled or no longer the org admin, is a 401.',
        },
      },
    };
    return c.json(document);
  });
}

type OpenApiDocument = ReturnType<Router['getOpenAPI31Document']>;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * Any operation can meet a database that is unreachable for a moment (lib/database-errors.ts):
 * each declares that 503 with its Retry-After, unless it documents its own (the health check).
 */
function addUnavailableAnswers(document: OpenApiDocument) {
  document.components = {
    ...document.components,
    responses: {
      ...document.components?.responses,
      Unavailable: {
        description:
          'The database cannot be reached just now (DATABASE_UNAVAILABLE). Try again after Retry-After seconds; a write sent with an Idempotency-Key is applied once however often it is sent.',
        headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } } },
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
      },
    },
  };
  for (const path of Object.values(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = path?.[method];
      if (operation?.responses && !operation.responses['503']) operation.responses['503'] = { $ref: '#/components/responses/Unavailable' };
    }
  }
}
