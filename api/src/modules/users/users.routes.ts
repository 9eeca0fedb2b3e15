import { createRoute } from '@hono/zod-openapi';
import { ROLES } from '@signingdesk/domain/roles';
import { can } from '../../auth/roles';
import type { AppDeps } from '../../lib/context';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { requireActor } from '../../middleware/guard';
import { CreatedUserSchema, CreateUserSchema, ProfileSchema } from './users.schemas';
import { createUser, readProfile } from './users.service';

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
    'admin: any role; sub_admin: creator_admin, creator, notary (admin or sub_admin → 403); creator_admin: creator_admin or creator of its own firm; creator: creator of its own firm. Another firm’s id → 404. A taken email → 400 naming email.',
  ),
  middleware: [requireActor({ roles: creators, permission: { user: ['create'] } })] as const,
  request: { body: { ...json(CreateUserSchema), required: true } },
  responses: {
    201: { description: 'Created; the Registration Status card shows status, message and details', ...json(CreatedUserSchema) },
    ...problemResponses(400, 401, 403, 404, 409, 422),
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

export function usersRoutes(deps: AppDeps): Router {
  return createRouter()
    .openapi(createUserRoute, async (c) =>
      c.json(await createUser(c.var.db, c.var.actor, c.req.valid('json'), { origin: deps.env.PUBLIC_ORIGIN }), 201),
    )
    .openapi(profileRoute, async (c) => c.json(await readProfile(c.var.db, c.var.actor), 200));
}
