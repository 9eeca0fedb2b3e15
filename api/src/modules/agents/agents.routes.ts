import { createRoute } from '@hono/zod-openapi';
import { can } from '../../auth/roles';
import { ROLES } from '@signingdesk/domain/roles';
import type { AppDeps } from '../../lib/context';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import type { Context } from 'hono';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../../lib/context';
import { requireActor } from '../../middleware/guard';
import { limitPerUser } from '../../middleware/user-limit';
import { acceptIdempotencyKey, VISITOR_KEY_NOTE } from '../../middleware/idempotent';
import { takeAllowance } from '../public-forms/allowance';
import { takeFormAllowance } from '../public-forms/rate-limit';
import {
  AgentDetailSchema,
  AgentIdParamSchema,
  AgentMessageResultSchema,
  AgentMessageSchema,
  AgentProfileSchema,
  AgentProfileUpdatedSchema,
  AgentSearchQuerySchema,
  AgentSearchResultSchema,
  PendingPageSchema,
  PendingQuerySchema,
  PreferredResultSchema,
  PreferredSchema,
  RegisterAgentSchema,
  RegistrationResultSchema,
  ReviewResultSchema,
  ReviewSchema,
  UpdateAgentProfileSchema,
} from './agents.schemas';
import { messageAgent } from './agents.messages';
import { readAgent, readOwnProfile, updateOwnProfile } from './agents.profile';
import { registerAgent, REGISTRATIONS_PER_EMAIL_PER_HOUR } from './agents.registration';
import { listPendingRegistrations, reviewRegistrations, setPreferred } from './agents.review';
import { searchAgents } from './agents.search';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const rolesWith = (permission: Parameters<typeof can>[1]) => ROLES.filter((role) => can(role, permission));
const searchers = rolesWith({ agent: ['search'] });
const profileReaders = rolesWith({ agent: ['read-profile'] });
const approvers = rolesWith({ agent: ['approve'] });
const preferrers = rolesWith({ agent: ['set-preferred'] });
// Pending agents too: they read and correct their profile while it is reviewed.
const ownProfileGuard = requireActor({ roles: ['notary'] });

const registerRoute = createRoute({
  operationId: 'registerAgent',
  method: 'post',
  path: '/agents/registrations',
  tags: ['Agents'],
  summary: 'Signing agent registration (/sign-up): a pending account for admin review',
  ...rolesDoc(
    'public',
    'Required: firstName, lastName, city, state, zip (5 digits), email, mobilePhone. Up to five certified states. With a password the agent can sign in at once and sees that the registration is being reviewed; without one a set-password link is emailed. ' +
      'Every valid registration answers the same 202, whether or not the email already has an account: the owner of an existing account is emailed instead and nothing is created. ' +
      `The same registration sent again (a retry after a lost answer) gets the same answer and creates nothing more. ${VISITOR_KEY_NOTE} ` +
      `At most FORM_RATE_LIMIT_PER_HOUR (default 10) registrations per hour from one address and ${REGISTRATIONS_PER_EMAIL_PER_HOUR} per email address; more answer 429 RATE_LIMITED with Retry-After (seconds).`,
  ),
  middleware: [acceptIdempotencyKey()] as const,
  request: { body: { ...json(RegisterAgentSchema), required: true } },
  responses: {
    202: { description: 'Received; status, message and details', ...json(RegistrationResultSchema) },
    ...problemResponses(400, 422, 429),
  },
});

const ownProfileRoute = createRoute({
  operationId: 'getOwnAgentProfile',
  method: 'get',
  path: '/agents/me',
  tags: ['Agents'],
  summary: 'The agent’s own profile, with the read-only registration status',
  ...rolesDoc(['notary'], 'Pending agents included.'),
  middleware: [ownProfileGuard] as const,
  responses: { 200: { description: 'The profile', ...json(AgentProfileSchema) }, ...problemResponses(401, 403, 404) },
});

const updateOwnProfileRoute = createRoute({
  operationId: 'replaceOwnAgentProfile',
  method: 'put',
  path: '/agents/me',
  tags: ['Agents'],
  summary: 'Replace the agent’s own profile (all fields but email and registration status)',
  ...rolesDoc(['notary'], 'Omitted optional fields are cleared; coordinates follow the zip; audited.'),
  middleware: [ownProfileGuard] as const,
  request: { body: { ...json(UpdateAgentProfileSchema), required: true } },
  responses: { 200: { description: 'Updated', ...json(AgentProfileUpdatedSchema) }, ...problemResponses(400, 401, 403, 404, 409, 422) },
});

const pendingRoute = createRoute({
  operationId: 'listPendingAgentRegistrations',
  method: 'get',
  path: '/agents/registrations/pending',
  tags: ['Agents'],
  summary: 'Pending Signing Agents, oldest first',
  ...rolesDoc(approvers),
  middleware: [requireActor({ roles: approvers, permission: { agent: ['approve'] } })] as const,
  request: { query: PendingQuerySchema },
  responses: { 200: { description: 'A page of registrations', ...json(PendingPageSchema) }, ...problemResponses(400, 401, 403) },
});

const reviewRoute = createRoute({
  operationId: 'reviewAgentRegistrations',
  method: 'post',
  path: '/agents/registrations/review',
  tags: ['Agents'],
  summary: 'Approve or decline pending registrations in bulk',
  ...rolesDoc(approvers, 'approve: active account, the agent is told; decline: account disabled, sessions ended.'),
  middleware: [requireActor({ roles: approvers, permission: { agent: ['approve'] } })] as const,
  request: { body: { ...json(ReviewSchema), required: true } },
  responses: { 200: { description: 'Reviewed', ...json(ReviewResultSchema) }, ...problemResponses(400, 401, 403, 409, 422) },
});

const preferredRoute = createRoute({
  operationId: 'setAgentPreferred',
  method: 'put',
  path: '/agents/{id}/preferred',
  tags: ['Agents'],
  summary: 'Set or remove preferred status',
  ...rolesDoc(preferrers),
  middleware: [requireActor({ roles: preferrers, permission: { agent: ['set-preferred'] } })] as const,
  request: { params: AgentIdParamSchema, body: { ...json(PreferredSchema), required: true } },
  responses: { 200: { description: 'Set', ...json(PreferredResultSchema) }, ...problemResponses(400, 401, 403, 404, 409, 422) },
});

const messageRoute = createRoute({
  operationId: 'messageAgent',
  method: 'post',
  path: '/agents/{id}/messages',
  tags: ['Agents'],
  summary: 'Send one agent a text message (≤ 320 characters) or an email (≤ 140) from List Signing Agents',
  ...rolesDoc(
    profileReaders,
    'Queued in the outbox for delivery (see GET /outbox); 400 naming `message` over the channel’s limit, naming `channel` for a text to an agent without a mobile phone. The spec marks email as not yet built; it is built here (decision 029). At most 30 messages an hour per person (429 with Retry-After).',
  ),
  middleware: [requireActor({ roles: profileReaders, permission: { agent: ['read-profile'] } }), limitPerUser('agentMessage')] as const,
  request: { params: AgentIdParamSchema, body: { ...json(AgentMessageSchema), required: true } },
  responses: { 201: { description: 'Queued', ...json(AgentMessageResultSchema) }, ...problemResponses(400, 401, 403, 404, 422, 429) },
});

const searchRoute = createRoute({
  operationId: 'searchAgents',
  method: 'get',
  path: '/agents',
  tags: ['Agents'],
  summary: 'List Signing Agents: all, by last name, by state, or within 10/20/50/100/250 miles of a zip',
  ...rolesDoc(
    searchers,
    'Active approved agents; operators may ask for another status. Escrow roles get name, city, state, zip, preferred; operators also email, phone, certified states and registration.',
  ),
  middleware: [requireActor({ roles: searchers, permission: { agent: ['search'] } })] as const,
  request: { query: AgentSearchQuerySchema },
  responses: { 200: { description: 'A page of agents', ...json(AgentSearchResultSchema) }, ...problemResponses(400, 401, 403) },
});

const readRoute = createRoute({
  operationId: 'getAgent',
  method: 'get',
  path: '/agents/{id}',
  tags: ['Agents'],
  summary: 'The agent profile modal and agent contact (operators)',
  ...rolesDoc(profileReaders, 'Audited as a read of personal data.'),
  middleware: [requireActor({ roles: profileReaders, permission: { agent: ['read-profile'] } })] as const,
  request: { params: AgentIdParamSchema },
  responses: { 200: { description: 'The agent', ...json(AgentDetailSchema) }, ...problemResponses(401, 403, 404) },
});

export function agentsRoutes(deps: AppDeps): Router {
  // /agents/me and /agents/registrations/* are registered before /agents/{id}.
  return createRouter()
    .openapi(registerRoute, async (c) => {
      const input = c.req.valid('json');
      await takeAllowance(c, 'agent-registration', deps.env.FORM_RATE_LIMIT_PER_HOUR, 'registrations');
      await takeEmailAllowance(c, input.email);
      return c.json(await registerAgent(c.var.db, input, { origin: deps.env.PUBLIC_ORIGIN }), 202);
    })
    .openapi(ownProfileRoute, async (c) => c.json(await readOwnProfile(c.var.db, c.var.actor), 200))
    .openapi(updateOwnProfileRoute, async (c) => {
      const profile = await updateOwnProfile(c.var.db, c.var.actor, c.req.valid('json'));
      // The name and phone changed: this process's next request reads them (others on the announcement).
      c.var.sessionCache.forgetAccount(c.var.actor.userId);
      return c.json(profile, 200);
    })
    .openapi(pendingRoute, async (c) => c.json(await listPendingRegistrations(c.var.db, c.req.valid('query')), 200))
    .openapi(reviewRoute, async (c) => {
      const result = await reviewRegistrations(c.var.db, c.var.actor, c.req.valid('json'));
      // Approved or disabled: this process's next request from those agents sees it (others on the announcement).
      for (const id of result.updated) c.var.sessionCache.forgetAccount(id);
      return c.json(result, 200);
    })
    .openapi(searchRoute, async (c) => c.json(await searchAgents(c.var.db, c.var.actor, c.req.valid('query')), 200))
    .openapi(readRoute, async (c) => c.json(await readAgent(c.var.db, c.var.actor, c.req.valid('param').id), 200))
    .openapi(messageRoute, async (c) =>
      c.json(await messageAgent(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .openapi(preferredRoute, async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await setPreferred(c.var.db, c.var.actor, id, c.req.valid('json').preferred), 200);
    });
}

/**
 * Registrations per email address, from any network: someone stepping through addresses
 * cannot make one inbox receive more than a few invitations or notices an hour. Counted in
 * PostgreSQL (rate-limit.ts), so every API process shares it; the refusal is the same for
 * every email, known or not.
 */
async function takeEmailAllowance(c: Context<AppEnv>, email: string): Promise<void> {
  const allowance = await takeFormAllowance(c.var.db, 'agent-registration-email', email, REGISTRATIONS_PER_EMAIL_PER_HOUR);
  if (allowance.allowed) return;
  const minutes = Math.ceil(allowance.retryAfterSeconds / 60);
  c.header('Retry-After', String(allowance.retryAfterSeconds));
  throw new AppError(
    'RATE_LIMITED',
    `Too many registrations for this email address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}
