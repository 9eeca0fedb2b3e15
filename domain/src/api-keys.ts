/**
 * Firm API keys (issue 34): what a key may do, how it looks, and the limits on it. A key acts
 * for its firm with the reach of the org admin who created it, and only through the operations
 * that name one of its scopes (the OpenAPI document lists each operation's scope).
 */

export const API_KEY_SCOPES = ['orders:read', 'orders:write', 'files:write', 'webhooks:manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope lets a key do, as the console's checkboxes and the OpenAPI document say it. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'orders:read': 'Read the firm’s orders, their files and their history',
  'orders:write': 'Create, change and cancel orders, and post messages',
  'files:write': 'Upload documents to orders',
  'webhooks:manage': 'Manage the firm’s webhook endpoints',
};

export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return typeof value === 'string' && (API_KEY_SCOPES as readonly string[]).includes(value);
}

/**
 * A key reads `sdk_<prefix>_<secret>`: the prefix (8 lowercase letters and digits) is stored
 * and shown so a person can tell keys apart; the secret is never stored, only the SHA-256 of
 * the whole key.
 */
export const API_KEY_PATTERN = /^sdk_([a-z2-7]{8})_([A-Za-z0-9_-]{43})$/;
export const API_KEY_PREFIX_LENGTH = 8;

/** How a key is shown once created: its prefix and an ellipsis. */
export function apiKeyHint(prefix: string): string {
  return `sdk_${prefix}_…`;
}

export const API_KEY_LIMITS = {
  nameMax: 60,
  /** Active keys per firm: one per connected system, and room to rotate. */
  activePerFirm: 10,
  /** Requests per key per minute, shared by every API process. */
  requestsPerMinute: 240,
} as const;

export const API_KEY_MESSAGES = {
  nameRequired: 'Name is required: say which system uses the key, e.g. “Qualia production”.',
  nameTooLong: `Name must be at most ${API_KEY_LIMITS.nameMax} characters.`,
  scopesRequired: `Choose at least one scope: ${API_KEY_SCOPES.join(', ')}.`,
  tooMany: `Your firm has ${API_KEY_LIMITS.activePerFirm} active API keys, the most we allow. Revoke one you no longer use first.`,
  malformed: 'The Authorization header must read "Bearer" and an API key (sdk_…).',
  invalid: 'This API key is not valid: it was revoked, mistyped, or its creator can no longer sign in.',
  notForKeys: 'An API key cannot call this operation. Sign in to SigningDesk to do this.',
  missingScope: (scope: ApiKeyScope) => `This API key does not have the ${scope} scope this operation needs.`,
  rateLimited: (retryAfterSeconds: number) =>
    `This API key has made ${API_KEY_LIMITS.requestsPerMinute} requests in the last minute, the most we allow. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
} as const;
