import { createRoute, z } from '@hono/zod-openapi';
import { OPERATOR_ROLES } from '@signingdesk/domain/roles';
import type { AppDeps } from '../../lib/context';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { requireActor } from '../../middleware/guard';
import {
  CreateWebhookEndpointSchema,
  DeliveryIdParamSchema,
  EndpointIdParamSchema,
  ListDeliveriesQuerySchema,
  ListEndpointsQuerySchema,
  UpdateWebhookEndpointSchema,
  WebhookDeliveryListSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
} from './webhooks.schemas';
import { createEndpoint, listDeliveries, listEndpoints, removeEndpoint, resend, sendTestEvent, updateEndpoint } from './webhooks.service';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const managers = ['creator_admin', ...OPERATOR_ROLES] as const;
const manage = requireActor({ roles: managers, apiKeyScope: 'webhooks:manage' });
const reach = 'creator_admin (or a key): the firm’s endpoints; operators: every firm’s (another firm’s is a 404 to the firm).';
const Message = z.object({ message: z.string() });

const listRoute = createRoute({
  operationId: 'listWebhookEndpoints',
  method: 'get',
  path: '/webhooks/endpoints',
  tags: ['Integrations'],
  summary: 'The webhook endpoints the caller may manage',
  ...rolesDoc(managers, `${reach} Operators may name one firm with \`firmId\`; they do not see the secrets.`, 'webhooks:manage'),
  middleware: [manage] as const,
  request: { query: ListEndpointsQuerySchema },
  responses: { 200: { description: 'The endpoints', ...json(WebhookEndpointListSchema) }, ...problemResponses(400, 401, 403) },
});

const createEndpointRoute = createRoute({
  operationId: 'createWebhookEndpoint',
  method: 'post',
  path: '/webhooks/endpoints',
  tags: ['Integrations'],
  summary: 'Add a webhook endpoint for the firm, with a new signing secret',
  ...rolesDoc(
    ['creator_admin'],
    'An HTTPS URL whose host resolves only to public addresses (private, loopback and link-local ones are refused); at most 10 a firm.',
    'webhooks:manage',
  ),
  middleware: [requireActor({ roles: ['creator_admin'], apiKeyScope: 'webhooks:manage' })] as const,
  request: { body: { ...json(CreateWebhookEndpointSchema), required: true } },
  responses: {
    201: { description: 'Added', ...json(z.object({ endpoint: WebhookEndpointSchema, message: z.string() })) },
    ...problemResponses(400, 401, 403, 409, 422),
  },
});

const updateRoute = createRoute({
  operationId: 'updateWebhookEndpoint',
  method: 'patch',
  path: '/webhooks/endpoints/{endpointId}',
  tags: ['Integrations'],
  summary: 'Change an endpoint, or turn it off or on',
  ...rolesDoc(managers, reach, 'webhooks:manage'),
  middleware: [manage] as const,
  request: { params: EndpointIdParamSchema, body: { ...json(UpdateWebhookEndpointSchema), required: true } },
  responses: {
    200: { description: 'Saved', ...json(z.object({ endpoint: WebhookEndpointSchema, message: z.string() })) },
    ...problemResponses(400, 401, 403, 404, 422),
  },
});

const removeRoute = createRoute({
  operationId: 'deleteWebhookEndpoint',
  method: 'delete',
  path: '/webhooks/endpoints/{endpointId}',
  tags: ['Integrations'],
  summary: 'Remove an endpoint and its delivery log',
  ...rolesDoc(managers, reach, 'webhooks:manage'),
  middleware: [manage] as const,
  request: { params: EndpointIdParamSchema },
  responses: { 200: { description: 'Removed', ...json(Message) }, ...problemResponses(401, 403, 404, 422) },
});

const testRoute = createRoute({
  operationId: 'sendWebhookTestEvent',
  method: 'post',
  path: '/webhooks/endpoints/{endpointId}/test',
  tags: ['Integrations'],
  summary: 'Send the endpoint a test event (webhook.test), delivered and logged like any other',
  ...rolesDoc(managers, reach, 'webhooks:manage'),
  middleware: [manage] as const,
  request: { params: EndpointIdParamSchema },
  responses: {
    202: { description: 'Queued', ...json(z.object({ eventId: z.string(), message: z.string() })) },
    ...problemResponses(401, 403, 404, 409, 422),
  },
});

const deliveriesRoute = createRoute({
  operationId: 'listWebhookDeliveries',
  method: 'get',
  path: '/webhooks/deliveries',
  tags: ['Integrations'],
  summary: 'An endpoint’s delivery log, newest first: each event’s state and every attempt',
  ...rolesDoc(managers, reach, 'webhooks:manage'),
  middleware: [manage] as const,
  request: { query: ListDeliveriesQuerySchema },
  responses: { 200: { description: 'The log', ...json(WebhookDeliveryListSchema) }, ...problemResponses(400, 401, 403, 404) },
});

const resendRoute = createRoute({
  operationId: 'resendWebhookDelivery',
  method: 'post',
  path: '/webhooks/deliveries/{deliveryId}/resend',
  tags: ['Integrations'],
  summary: 'Send a delivery’s event again now, with the same webhook-id',
  ...rolesDoc(managers, reach, 'webhooks:manage'),
  middleware: [manage] as const,
  request: { params: DeliveryIdParamSchema },
  responses: { 202: { description: 'Queued', ...json(Message) }, ...problemResponses(401, 403, 404, 409, 422) },
});

/** Firm webhook endpoints and their delivery log (issue 34). */
export function webhooksRoutes(deps: AppDeps): Router {
  const settings = { allowLocalhostHttp: deps.env.WEBHOOKS_ALLOW_HTTP_LOCALHOST };
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listEndpoints(c.var.db, c.var.actor, c.req.valid('query').firmId), 200))
    .openapi(createEndpointRoute, async (c) => c.json(await createEndpoint(c.var.db, c.var.actor, c.req.valid('json'), settings), 201))
    .openapi(updateRoute, async (c) =>
      c.json(await updateEndpoint(c.var.db, c.var.actor, c.req.valid('param').endpointId, c.req.valid('json'), settings), 200),
    )
    .openapi(removeRoute, async (c) => c.json(await removeEndpoint(c.var.db, c.var.actor, c.req.valid('param').endpointId), 200))
    .openapi(testRoute, async (c) => c.json(await sendTestEvent(c.var.db, c.var.actor, c.req.valid('param').endpointId), 202))
    .openapi(deliveriesRoute, async (c) => c.json(await listDeliveries(c.var.db, c.var.actor, c.req.valid('query').endpointId), 200))
    .openapi(resendRoute, async (c) => c.json(await resend(c.var.db, c.var.actor, c.req.valid('param').deliveryId), 202));
}
