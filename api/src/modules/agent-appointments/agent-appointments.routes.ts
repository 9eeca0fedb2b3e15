import { createRoute } from '@hono/zod-openapi';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import type { AppDeps } from '../../lib/context';
import { requireActor } from '../../middleware/guard';
import { AgentListQuerySchema, AgentListSchema } from './agent-appointments.schemas';
import { listAgentAppointments } from './agent-appointments.service';

const listRoute = createRoute({
  operationId: 'listAgentAppointments',
  method: 'get',
  path: '/agent/appointments',
  tags: ['Agent'],
  summary: "The agent portal's lists: open, pending, assigned, completed",
  ...rolesDoc(['notary'], 'With an active registration.'),
  middleware: [requireActor({ roles: ['notary'], activeAgent: true })] as const,
  request: { query: AgentListQuerySchema },
  responses: {
    200: { description: 'Cards of the tab', content: { 'application/json': { schema: AgentListSchema } } },
    ...problemResponses(400, 401, 403),
  },
});

export function agentAppointmentsRoutes(_deps: AppDeps): Router {
  return createRouter().openapi(listRoute, async (c) => {
    const { tab, limit } = c.req.valid('query');
    const items = await listAgentAppointments(c.var.db, { agentId: c.var.actor.userId, tab, limit });
    return c.json({ items }, 200);
  });
}
