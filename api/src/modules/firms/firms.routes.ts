import { createRoute } from '@hono/zod-openapi';
import { can } from '../../auth/roles';
import { ROLES } from '@signingdesk/domain/roles';
import type { AppDeps } from '../../lib/context';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { requireActor } from '../../middleware/guard';
import {
  CreateFirmSchema,
  FirmCreatedSchema,
  FirmIdParamSchema,
  FirmListQuerySchema,
  FirmListSchema,
  FirmUsersQuerySchema,
  FirmStatusChangedSchema,
  FirmUsersSchema,
} from './firms.schemas';
import { createFirm, listFirms, listFirmUsers, setFirmDisabled } from './firms.service';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const listers = ROLES.filter((role) => can(role, { firm: ['list'] }));
const adders = ROLES.filter((role) => can(role, { firm: ['create'] }));
const disablers = ROLES.filter((role) => can(role, { firm: ['disable'] }));

const listRoute = createRoute({
  operationId: 'listFirms',
  method: 'get',
  path: '/firms',
  tags: ['Firms'],
  summary: 'The firm list: operators all title firms and Independent notary; escrow roles their own firm',
  ...rolesDoc(listers, 'Operators also get the managing organisations (the sub_org choices).'),
  middleware: [requireActor({ roles: listers, permission: { firm: ['list'] } })] as const,
  request: { query: FirmListQuerySchema },
  responses: { 200: { description: 'A page of firms', ...json(FirmListSchema) }, ...problemResponses(400, 401, 403) },
});

const createFirmRoute = createRoute({
  operationId: 'createFirm',
  method: 'post',
  path: '/firms',
  tags: ['Firms'],
  summary: 'Add Firm',
  ...rolesDoc(
    adders,
    'All fields required; zip exactly 5 digits; name and contact title-cased; name unique ignoring case (400 naming name: "This organization name is already taken"); email lowercased; the fee keeps digits and one decimal point.',
  ),
  middleware: [requireActor({ roles: adders, permission: { firm: ['create'] } })] as const,
  request: { body: { ...json(CreateFirmSchema), required: true } },
  responses: { 201: { description: 'Added', ...json(FirmCreatedSchema) }, ...problemResponses(400, 401, 403, 409, 422) },
});

const usersRoute = createRoute({
  operationId: 'listFirmUsers',
  method: 'get',
  path: '/firms/{id}/users',
  tags: ['Firms'],
  summary: 'The users of a firm (name, email, formatted phone, status): its escrow users, and for operators its operators too',
  ...rolesDoc(listers, 'Operators: any firm; escrow roles: their own firm, any other id is a 404.'),
  middleware: [requireActor({ roles: listers, permission: { firm: ['list'] } })] as const,
  request: { params: FirmIdParamSchema, query: FirmUsersQuerySchema },
  responses: { 200: { description: 'A page of users', ...json(FirmUsersSchema) }, ...problemResponses(400, 401, 403, 404) },
});

const statusNote =
  'Title firms only (Independent notary and the managing organisations: 409). Doing it twice changes nothing. Another role: 403; an unknown id: 404.';
const statusRoute = (disabled: boolean) =>
  createRoute({
    operationId: disabled ? 'disableFirm' : 'enableFirm',
    method: 'post',
    path: `/firms/{id}/${disabled ? 'disable' : 'enable'}`,
    tags: ['Firms'],
    summary: disabled
      ? 'Disable a firm: its users are signed out and cannot sign in, its API keys are refused and its webhooks stop; its orders stay'
      : 'Enable a disabled firm again: its users (as each was) can sign in, its API keys and webhooks work again',
    ...rolesDoc(disablers, statusNote),
    middleware: [requireActor({ roles: disablers, permission: { firm: ['disable'] } })] as const,
    request: { params: FirmIdParamSchema },
    responses: {
      200: { description: 'The firm as it is now, and what changed', ...json(FirmStatusChangedSchema) },
      ...problemResponses(401, 403, 404, 409),
    },
  });
const disableRoute = statusRoute(true);
const enableRoute = statusRoute(false);

export function firmsRoutes(_deps: AppDeps): Router {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listFirms(c.var.db, c.var.actor, c.req.valid('query')), 200))
    .openapi(createFirmRoute, async (c) => c.json(await createFirm(c.var.db, c.var.actor, c.req.valid('json')), 201))
    .openapi(usersRoute, async (c) =>
      c.json(await listFirmUsers(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('query')), 200),
    )
    .openapi(disableRoute, async (c) => c.json(await setFirmDisabled(c.var.db, c.var.actor, c.req.valid('param').id, true), 200))
    .openapi(enableRoute, async (c) => c.json(await setFirmDisabled(c.var.db, c.var.actor, c.req.valid('param').id, false), 200));
}
