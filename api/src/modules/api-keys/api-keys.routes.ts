import { createRoute } from '@hono/zod-openapi';
import { OPERATOR_ROLES } from '@signingdesk/domain/roles';
import type { AppDeps } from '../../lib/context';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { requireActor } from '../../middleware/guard';
import {
  ApiKeyIdParamSchema,
  ApiKeyListSchema,
  CreateApiKeySchema,
  CreatedApiKeySchema,
  ListApiKeysQuerySchema,
  RevokedApiKeySchema,
} from './api-keys.schemas';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const viewers = ['creator_admin', ...OPERATOR_ROLES] as const;
const signedInOnly = 'Signed-in people only: an API key cannot manage keys.';

const listRoute = createRoute({
  operationId: 'listApiKeys',
  method: 'get',
  path: '/api-keys',
  tags: ['Integrations'],
  summary: 'The firm API keys the caller may see, newest first',
  ...rolesDoc(viewers, `creator_admin: the firm’s keys; operators: every firm’s, or one firm’s with \`firmId\`. ${signedInOnly}`),
  middleware: [requireActor({ roles: viewers })] as const,
  request: { query: ListApiKeysQuerySchema },
  responses: { 200: { description: 'The keys', ...json(ApiKeyListSchema) }, ...problemResponses(400, 401, 403) },
});

const createKeyRoute = createRoute({
  operationId: 'createApiKey',
  method: 'post',
  path: '/api-keys',
  tags: ['Integrations'],
  summary: 'Create a firm API key; the answer holds the key, shown once',
  ...rolesDoc(
    ['creator_admin'],
    `For the org admin’s own firm; at most 10 active keys a firm. An Idempotency-Key is ignored: the answer, which holds the key, is never stored. ${signedInOnly}`,
  ),
  // The answer holds the key itself: an Idempotency-Key would store it for replays, so the header is ignored.
  middleware: [requireActor({ roles: ['creator_admin'], idempotency: 'none' })] as const,
  request: { body: { ...json(CreateApiKeySchema), required: true } },
  responses: { 201: { description: 'Created', ...json(CreatedApiKeySchema) }, ...problemResponses(400, 401, 403, 409, 422) },
});

const revokeRoute = createRoute({
  operationId: 'revokeApiKey',
  method: 'post',
  path: '/api-keys/{keyId}/revoke',
  tags: ['Integrations'],
  summary: 'Revoke a firm API key: refused at once by every process',
  ...rolesDoc(viewers, `creator_admin: the firm’s keys (another firm’s is a 404); operators: any. ${signedInOnly}`),
  middleware: [requireActor({ roles: viewers })] as const,
  request: { params: ApiKeyIdParamSchema },
  responses: { 200: { description: 'Revoked', ...json(RevokedApiKeySchema) }, ...problemResponses(401, 403, 404, 422) },
});

/** Firm API keys (issue 34). */
export function apiKeysRoutes(_deps: AppDeps): Router {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listApiKeys(c.var.db, c.var.actor, c.req.valid('query').firmId), 200))
    .openapi(createKeyRoute, async (c) => c.json(await createApiKey(c.var.db, c.var.actor, c.req.valid('json')), 201))
    .openapi(revokeRoute, async (c) => c.json(await revokeApiKey(c.var.db, c.var.actor, c.req.valid('param').keyId), 200));
}
