import { createRoute } from '@hono/zod-openapi';
import { ACCOUNT_STATUS_CHANGERS } from '@signingdesk/domain/account-rules';
import { ROLES } from '@signingdesk/domain/roles';
import { can } from '../../auth/roles';
import type { AppDeps } from '../../lib/context';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { requireActor } from '../../middleware/guard';
import { limitPerUser } from '../../middleware/user-limit';
import { AccountStatusResultSchema, CreatedUserSchema, CreateUserSchema, ProfileSchema, UserIdParamSchema } from './users.schemas';
import { createUser, readProfile } from './users.service';
import { disableAccount, enableAccount } from './users.status';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const creators = ROLES.filter((role) => can(role, { user: ['create'] }));

const createUserRoute = createRoute({
  operationId: 'createUser',
  method: 'post',
  path: '/users',
  tags: ['Users'],
  summary: 'Create New User: the account, and an emailed invitation to set a password',
  ...rolesDoc(
    creators,
    'admin: any role; sub_admin: creator_admin, creator, notary (admin or sub_admin → 403); creator_admin: creator_admin or creator of its own firm; creator: creator of its own firm. Another firm’s id → 404. A taken email → 400 naming email, except to escrow callers for an email with an account outside their firm: the same answer as a new one (status invited), nothing created, the owner emailed. At most 20 new users an hour per person (429 with Retry-After).',
  ),
  middleware: [requireActor({ roles: creators, permission: { user: ['create'] } }), limitPerUser('userCreate')] as const,
  request: { body: { ...json(CreateUserSchema), required: true } },
  responses: {
    201: { description: 'Created; the Registration Status card shows status, message and details', ...json(CreatedUserSchema) },
    ...problemResponses(400, 401, 403, 404, 409, 422, 429),
  },
});

const profileRoute = createRoute({
  operationId: 'getProfile',
  method: 'get',
  path: '/profile',
  tags: ['Users'],
  summary: 'The caller’s profile (name, organization, role, phone, email; agents: their agent profile)',
  ...rolesDoc('signed-in', 'Agents whose registration is pending may read it too.'),
  middleware: [requireActor()] as const,
  responses: { 200: { description: 'The profile', ...json(ProfileSchema) }, ...problemResponses(401) },
});

const statusChangers = ACCOUNT_STATUS_CHANGERS;
const statusNote =
  'admin: any account but their own; sub_admin: escrow users and signing agents; creator_admin: the escrow users of their own firm. An account the caller may not see → 404; one their role may not change → 403; their own → 409.';

const disableRoute = createRoute({
  operationId: 'disableUser',
  method: 'post',
  path: '/users/{id}/disable',
  tags: ['Users'],
  summary: 'Disable an account: it cannot sign in, every session and live stream of it ends at once',
  ...rolesDoc(
    statusChangers,
    `${statusNote} A signing agent also loses every offer still open to them (an order left without a live bid opens again) and is offered nothing more; their upcoming assigned signings appear on the Dashboard as needing another agent. Disabling a disabled account changes nothing.`,
  ),
  middleware: [requireActor({ roles: statusChangers })] as const,
  request: { params: UserIdParamSchema },
  responses: { 200: { description: 'Disabled', ...json(AccountStatusResultSchema) }, ...problemResponses(401, 403, 404, 409) },
});

const enableRoute = createRoute({
  operationId: 'enableUser',
  method: 'post',
  path: '/users/{id}/enable',
  tags: ['Users'],
  summary: 'Enable a disabled account again (it signs in with its password; offers it lost do not come back)',
  ...rolesDoc(statusChangers, statusNote),
  middleware: [requireActor({ roles: statusChangers })] as const,
  request: { params: UserIdParamSchema },
  responses: { 200: { description: 'Enabled', ...json(AccountStatusResultSchema) }, ...problemResponses(401, 403, 404, 409) },
});

export function usersRoutes(deps: AppDeps): Router {
  return createRouter()
    .openapi(disableRoute, async (c) => {
      const result = await disableAccount(c.var.db, c.var.actor, c.req.valid('param').id);
      // Gone from this process's cache now; the other processes hear it from the database.
      c.var.sessionCache.forgetAccount(result.user.id);
      return c.json(result, 200);
    })
    .openapi(enableRoute, async (c) => c.json(await enableAccount(c.var.db, c.var.actor, c.req.valid('param').id), 200))
    .openapi(createUserRoute, async (c) =>
      c.json(await createUser(c.var.db, c.var.actor, c.req.valid('json'), { origin: deps.env.PUBLIC_ORIGIN }), 201),
    )
    .openapi(profileRoute, async (c) => c.json(await readProfile(c.var.db, c.var.actor), 200));
}
