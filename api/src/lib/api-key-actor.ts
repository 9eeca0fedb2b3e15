/**
 * The caller of a request sent with `Authorization: Bearer sdk_…` (issue 34, decision 069): a
 * firm API key, acting as the org admin who created it. The key is looked up by its prefix and
 * checked by the SHA-256 of the whole key in constant time; it answers only while it is not
 * revoked, its firm is not disabled and its creator is active and still the firm's org admin. Nothing is cached, so a
 * revoked key is refused at once by every process. The key's last use is marked at most once a
 * minute.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { API_KEY_MESSAGES, API_KEY_PATTERN, isApiKeyScope, type ApiKeyScope } from '@signingdesk/domain/api-keys';
import { isRole } from '@signingdesk/domain/roles';
import type { Actor } from './actor';
import { AppError } from './app-error';

const { apiKeys } = schema;
const LAST_USED_MARK_MS = 60 * 1000;

export interface KeyCaller {
  actor: Actor;
  key: { id: string; name: string; scopes: ApiKeyScope[] };
}

export function hashApiKey(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new key: its prefix (lowercase base32, 8 characters), the whole key and its hash. */
export function newApiKey(): { prefix: string; token: string; tokenHash: string } {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const prefix = Array.from(randomBytes(8), (byte) => alphabet[byte % 32]).join('');
  const token = `sdk_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { prefix, token, tokenHash: hashApiKey(token) };
}

/**
 * The key a request's `Authorization: Bearer` header carries; undefined without one. Another
 * scheme (a proxy's Basic authentication in front of a staging site) is not ours and is left to
 * the session; a Bearer value that is not a key is a 401.
 */
export function bearerKeyOf(header: string | undefined): string | undefined {
  if (header === undefined || !/^Bearer(\s|$)/i.test(header)) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match || !API_KEY_PATTERN.test(match[1]!)) throw new AppError('UNAUTHENTICATED', API_KEY_MESSAGES.malformed);
  return match[1]!;
}

export async function loadKeyCaller(db: Db, token: string): Promise<KeyCaller> {
  const prefix = API_KEY_PATTERN.exec(token)![1]!;
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      tokenHash: apiKeys.tokenHash,
      scopes: apiKeys.scopes,
      keyFirmId: apiKeys.firmId,
      lastUsedAt: apiKeys.lastUsedAt,
      userId: schema.user.id,
      userName: schema.user.name,
      email: schema.user.email,
      role: schema.user.role,
      status: schema.profiles.status,
      phone: schema.profiles.phone,
      firmId: schema.firms.id,
      firmName: schema.firms.name,
      firmDisabledAt: schema.firms.disabledAt,
    })
    .from(apiKeys)
    .innerJoin(schema.user, eq(schema.user.id, apiKeys.createdBy))
    .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.user.id))
    .innerJoin(schema.firms, eq(schema.firms.id, schema.profiles.firmId))
    .where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)));
  const given = Buffer.from(hashApiKey(token), 'hex');
  const valid =
    row !== undefined &&
    timingSafeEqual(given, Buffer.from(row.tokenHash, 'hex')) &&
    row.status === 'active' &&
    row.role === 'creator_admin' &&
    row.firmId === row.keyFirmId &&
    row.firmDisabledAt === null;
  if (!valid || !isRole(row.role)) throw new AppError('UNAUTHENTICATED', API_KEY_MESSAGES.invalid);

  if (row.lastUsedAt === null || Date.now() - row.lastUsedAt.getTime() > LAST_USED_MARK_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(Date.now() - LAST_USED_MARK_MS)))));
  }
  return {
    actor: {
      userId: row.userId,
      name: row.userName,
      email: row.email,
      role: row.role,
      status: row.status,
      phone: row.phone,
      firmId: row.firmId,
      firmName: row.firmName,
    },
    key: { id: row.id, name: row.name, scopes: row.scopes.filter(isApiKeyScope) },
  };
}
