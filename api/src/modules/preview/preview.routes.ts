import { createRoute } from '@hono/zod-openapi';
import { OPERATOR_ROLES } from '@signingdesk/domain/roles';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import type { AppDeps } from '../../lib/context';
import { requireActor } from '../../middleware/guard';
import { IdParamSchema, PreviewSchema } from '../appointments/appointments.schemas';
import { ComparisonOrdersSchema } from './preview.schemas';
import { findComparisonOrders, readPreview } from './preview.service';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const comparisonRoles = ['notary', ...OPERATOR_ROLES] as const;

const previewRoute = createRoute({
  operationId: 'getAppointmentPreview',
  method: 'get',
  path: '/appointments/{id}/preview',
  tags: ['Preview'],
  summary: 'The offer preview an agent opens from a notification (/notary/preview/:id)',
  ...rolesDoc(
    ['notary'],
    'Agents with an active registration, for an appointment offered or assigned to them; any other id is 404. Preview fields only: no street, signer contacts, files or firm fee.',
  ),
  middleware: [requireActor({ roles: ['notary'], activeAgent: true })] as const,
  request: { params: IdParamSchema },
  responses: { 200: { description: 'The preview and its stage', ...json(PreviewSchema) }, ...problemResponses(401, 403, 404) },
});

const comparisonRoute = createRoute({
  operationId: 'listComparisonOrders',
  method: 'get',
  path: '/appointments/{id}/comparison-orders',
  tags: ['Preview'],
  summary: 'Completed orders within 25 miles in the past 365 days, grouped by agent, with the average fee',
  ...rolesDoc(
    comparisonRoles,
    'Agents only for an appointment offered or assigned to them (else 404), and see other agents as numbered labels (decision 006).',
  ),
  middleware: [requireActor({ roles: comparisonRoles, activeAgent: true })] as const,
  request: { params: IdParamSchema },
  responses: { 200: { description: 'Comparison orders', ...json(ComparisonOrdersSchema) }, ...problemResponses(401, 403, 404) },
});

/** The agent offer preview and comparison orders. */
export function previewRoutes(_deps: AppDeps): Router {
  return createRouter()
    .openapi(previewRoute, async (c) => c.json(await readPreview(c.var.db, c.var.actor, c.req.valid('param').id), 200))
    .openapi(comparisonRoute, async (c) => c.json(await findComparisonOrders(c.var.db, c.var.actor, c.req.valid('param').id), 200));
}
