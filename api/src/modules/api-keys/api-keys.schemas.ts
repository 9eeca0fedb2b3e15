/** Request and response schemas of the firm API keys (issue 34; domain/api-keys.ts). */
import { z } from '@hono/zod-openapi';
import { API_KEY_LIMITS, API_KEY_SCOPES, API_KEY_SCOPE_LABELS } from '@signingdesk/domain/api-keys';
import { CreateApiKeyInputSchema, type CreateApiKeyInput } from '@signingdesk/domain/api-keys-input';

const scopeList = API_KEY_SCOPES.map((scope) => `\`${scope}\`: ${API_KEY_SCOPE_LABELS[scope]}`).join('; ');

export const CreateApiKeySchema = CreateApiKeyInputSchema.openapi('CreateApiKey', {
  description: `\`name\`: which system uses the key (1 to ${API_KEY_LIMITS.nameMax} characters), e.g. "Qualia production". \`scopes\`: what the key may do, at least one. ${scopeList}.`,
  example: { name: 'Qualia production', scopes: ['orders:read', 'orders:write'] },
});
export type { CreateApiKeyInput };

export const API_KEY_STATUSES = ['active', 'revoked', 'stopped'] as const;

export const ApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    hint: z.string().openapi({ description: 'The key’s visible prefix, e.g. sdk_k3x9q2ma_…', example: 'sdk_k3x9q2ma_…' }),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    firm: z.object({ id: z.string(), name: z.string() }),
    createdBy: z.object({ id: z.string(), name: z.string() }),
    createdAt: z.string().openapi({ description: 'ISO 8601' }),
    lastUsedAt: z.string().nullable().openapi({ description: 'ISO 8601, to the minute; null when never used' }),
    revokedAt: z.string().nullable(),
    status: z.enum(API_KEY_STATUSES).openapi({
      description: 'active; revoked; stopped: its creator is disabled or no longer the firm’s org admin, so the key is refused',
    }),
    statusText: z.string().openapi({ example: 'Active' }),
  })
  .openapi('ApiKey');
export type ApiKeyItem = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.object({ items: z.array(ApiKeySchema) }).openapi('ApiKeyList');

export const CreatedApiKeySchema = z
  .object({
    key: ApiKeySchema,
    token: z
      .string()
      .openapi({ description: 'The key itself: shown this once, never stored. Send it as `Authorization: Bearer <token>`.' }),
    message: z.string(),
  })
  .openapi('CreatedApiKey');

export const RevokedApiKeySchema = z.object({ key: ApiKeySchema, message: z.string() }).openapi('RevokedApiKey');

export const ApiKeyIdParamSchema = z.object({
  keyId: z.string().openapi({ param: { name: 'keyId', in: 'path' }, description: 'The key’s id' }),
});

export const ListApiKeysQuerySchema = z.object({
  firmId: z.string().optional().openapi({ description: 'Operators: one firm’s keys (every firm’s without it)' }),
});
