import { createRoute } from '@hono/zod-openapi';
import { ROLES } from '@signingdesk/domain/roles';
import { can } from '../../auth/roles';
import type { AppDeps } from '../../lib/context';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { requireActor } from '../../middleware/guard';
import { AgentIdParamSchema } from './agents.schemas';
import {
  AddTimeOffSchema,
  AvailabilitySchema,
  PauseOffersSchema,
  TimeOffIdParamSchema,
  UpdateAvailabilitySchema,
} from './availability.schemas';
import { addTimeOff, pauseOffers, readAvailability, removeTimeOff, updateAvailability } from './availability.service';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const profileReaders = ROLES.filter((role) => can(role, { agent: ['read-profile'] }));
// Pending agents too: they set where they travel while their registration is reviewed.
const ownGuard = requireActor({ roles: ['notary'] });
const answer = { 200: { description: 'The availability', ...json(AvailabilitySchema) } };

const readOwnRoute = createRoute({
  operationId: 'getOwnAvailability',
  method: 'get',
  path: '/agents/me/availability',
  tags: ['Agents'],
  summary: 'The agent’s own availability: travel radius, days away, pause on offers, maximum per day, channels',
  ...rolesDoc(['notary']),
  middleware: [ownGuard] as const,
  responses: { ...answer, ...problemResponses(401, 403, 404) },
});

const updateOwnRoute = createRoute({
  operationId: 'replaceOwnAvailability',
  method: 'put',
  path: '/agents/me/availability',
  tags: ['Agents'],
  summary: 'Set the travel radius, maximum signings per day and the channels of each kind of notification',
  ...rolesDoc(
    ['notary'],
    'Assignment changes and credential reminders keep at least one channel (400 naming channels.<kind>). Days away and the pause have their own routes.',
  ),
  middleware: [ownGuard] as const,
  request: { body: { ...json(UpdateAvailabilitySchema), required: true } },
  responses: { ...answer, ...problemResponses(400, 401, 403, 404) },
});

const pauseRoute = createRoute({
  operationId: 'pauseOwnOffers',
  method: 'put',
  path: '/agents/me/availability/pause',
  tags: ['Agents'],
  summary: 'Pause offers for 1, 4, 8 or 24 hours from now',
  ...rolesDoc(['notary']),
  middleware: [ownGuard] as const,
  request: { body: { ...json(PauseOffersSchema), required: true } },
  responses: { ...answer, ...problemResponses(400, 401, 403, 404) },
});

const resumeRoute = createRoute({
  operationId: 'resumeOwnOffers',
  method: 'delete',
  path: '/agents/me/availability/pause',
  tags: ['Agents'],
  summary: 'Resume offers now',
  ...rolesDoc(['notary']),
  middleware: [ownGuard] as const,
  responses: { ...answer, ...problemResponses(401, 403, 404) },
});

const addTimeOffRoute = createRoute({
  operationId: 'addOwnTimeOff',
  method: 'post',
  path: '/agents/me/availability/time-off',
  tags: ['Agents'],
  summary: 'Add an out-of-office range (both days included)',
  ...rolesDoc(['notary'], 'The last day may not be in the past (the agent’s own date) nor before the first.'),
  middleware: [ownGuard] as const,
  request: { body: { ...json(AddTimeOffSchema), required: true } },
  responses: { 201: { description: 'Added; the availability', ...json(AvailabilitySchema) }, ...problemResponses(400, 401, 403, 404) },
});

const removeTimeOffRoute = createRoute({
  operationId: 'removeOwnTimeOff',
  method: 'delete',
  path: '/agents/me/availability/time-off/{id}',
  tags: ['Agents'],
  summary: 'Remove one of the agent’s own out-of-office ranges',
  ...rolesDoc(['notary'], 'Another agent’s range answers 404.'),
  middleware: [ownGuard] as const,
  request: { params: TimeOffIdParamSchema },
  responses: { ...answer, ...problemResponses(401, 403, 404) },
});

const readAgentRoute = createRoute({
  operationId: 'getAgentAvailability',
  method: 'get',
  path: '/agents/{id}/availability',
  tags: ['Agents'],
  summary: 'An agent’s availability, read-only (the agent profile modal)',
  ...rolesDoc(profileReaders),
  middleware: [requireActor({ roles: profileReaders, permission: { agent: ['read-profile'] } })] as const,
  request: { params: AgentIdParamSchema },
  responses: { ...answer, ...problemResponses(401, 403, 404) },
});

export function availabilityRoutes(_deps: AppDeps): Router {
  const now = () => new Date();
  return createRouter()
    .openapi(readOwnRoute, async (c) => c.json(await readAvailability(c.var.db, c.var.actor.userId, now()), 200))
    .openapi(updateOwnRoute, async (c) => c.json(await updateAvailability(c.var.db, c.var.actor, c.req.valid('json'), now()), 200))
    .openapi(pauseRoute, async (c) => c.json(await pauseOffers(c.var.db, c.var.actor, c.req.valid('json').hours, now()), 200))
    .openapi(resumeRoute, async (c) => c.json(await pauseOffers(c.var.db, c.var.actor, null, now()), 200))
    .openapi(addTimeOffRoute, async (c) => c.json(await addTimeOff(c.var.db, c.var.actor, c.req.valid('json'), now()), 201))
    .openapi(removeTimeOffRoute, async (c) => c.json(await removeTimeOff(c.var.db, c.var.actor, c.req.valid('param').id, now()), 200))
    .openapi(readAgentRoute, async (c) => c.json(await readAvailability(c.var.db, c.req.valid('param').id, now()), 200));
}
