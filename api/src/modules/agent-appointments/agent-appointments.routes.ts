import { createRoute } from '@hono/zod-openapi';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import type { AppDeps } from '../../lib/context';
import { requireActor } from '../../middleware/guard';
import { z } from '@hono/zod-openapi';
import {
  AgentListQuerySchema,
  AgentListSchema,
  EarningsCsvQuerySchema,
  EarningsQuerySchema,
  EarningsSchema,
} from './agent-appointments.schemas';
import { agentEarnings, agentEarningsCsv, EARNINGS_CSV_COLUMNS } from './agent-earnings';
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

const earningsRoute = createRoute({
  operationId: 'agentEarnings',
  method: 'get',
  path: '/agent/earnings',
  tags: ['Agent'],
  summary: "The agent's pay for their own completed signings: this month, last month, year to date",
  ...rolesDoc(['notary'], 'Sums over the orders assigned to the agent only, by the signing date.'),
  middleware: [requireActor({ roles: ['notary'], activeAgent: true })] as const,
  request: { query: EarningsQuerySchema },
  responses: {
    200: { description: 'The three sums', content: { 'application/json': { schema: EarningsSchema } } },
    ...problemResponses(400, 401, 403),
  },
});

const earningsCsvRoute = createRoute({
  operationId: 'agentEarningsCsv',
  method: 'get',
  path: '/agent/earnings/export',
  tags: ['Agent'],
  summary: "The year's completed signings of the agent as a CSV file (for taxes)",
  ...rolesDoc(['notary'], `Columns: ${EARNINGS_CSV_COLUMNS.join(', ')}. The agent's own orders only.`),
  middleware: [requireActor({ roles: ['notary'], activeAgent: true })] as const,
  request: { query: EarningsCsvQuerySchema },
  responses: {
    200: { description: 'CSV (RFC 4180)', content: { 'text/csv': { schema: z.string() } } },
    ...problemResponses(400, 401, 403),
  },
});

export function agentAppointmentsRoutes(_deps: AppDeps): Router {
  return createRouter()
    .openapi(listRoute, async (c) => {
      const { tab, limit } = c.req.valid('query');
      const items = await listAgentAppointments(c.var.db, { agentId: c.var.actor.userId, tab, limit });
      return c.json({ items }, 200);
    })
    .openapi(earningsRoute, async (c) => {
      const today = c.req.valid('query').today ?? new Date().toISOString().slice(0, 10);
      return c.json(await agentEarnings(c.var.db, c.var.actor.userId, today), 200);
    })
    .openapi(earningsCsvRoute, async (c) => {
      const year = c.req.valid('query').year ?? new Date().getUTCFullYear();
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="signingdesk-earnings-${year}.csv"`);
      c.header('Cache-Control', 'no-store');
      return c.body(await agentEarningsCsv(c.var.db, c.var.actor.userId, year), 200);
    });
}
