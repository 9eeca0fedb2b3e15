/**
 * Firm API keys (issue 34, decision 069): an org admin creates and revokes their firm's keys;
 * operators see and revoke every firm's. The key is answered once, when created; the database
 * keeps its SHA-256 and its prefix (lib/api-key-actor.ts checks a request's key).
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { aliasedTable, and, count, desc, eq, isNull } from 'drizzle-orm';
import { API_KEY_LIMITS, API_KEY_MESSAGES, apiKeyHint, isApiKeyScope } from '@signingdesk/domain/api-keys';
import { isOperator } from '@signingdesk/domain/roles';
import { isUuid } from '@signingdesk/domain/uuid';
import type { Actor } from '../../lib/actor';
import { newApiKey } from '../../lib/api-key-actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { ApiKeyItem, CreateApiKeyInput } from './api-keys.schemas';

const { apiKeys, firms, user, profiles } = schema;
const creator = aliasedTable(user, 'creator');
const creatorProfile = aliasedTable(profiles, 'creator_profile');

function keyRows(db: Db) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      firmId: firms.id,
      firmName: firms.name,
      firmDisabledAt: firms.disabledAt,
      createdById: creator.id,
      createdByName: creator.name,
      creatorRole: creator.role,
      creatorStatus: creatorProfile.status,
      creatorFirmId: creatorProfile.firmId,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .innerJoin(firms, eq(firms.id, apiKeys.firmId))
    .innerJoin(creator, eq(creator.id, apiKeys.createdBy))
    .innerJoin(creatorProfile, eq(creatorProfile.userId, creator.id));
}

type KeyRow = Awaited<ReturnType<ReturnType<typeof keyRows>['execute']>>[number];

/** A key as the console lists it, with whether a request with it would be taken now. */
function keyItem(row: KeyRow): ApiKeyItem {
  const creatorGone = row.creatorStatus !== 'active' || row.creatorRole !== 'creator_admin' || row.creatorFirmId !== row.firmId;
  const stopped = creatorGone || row.firmDisabledAt !== null;
  const status = row.revokedAt ? 'revoked' : stopped ? 'stopped' : 'active';
  return {
    id: row.id,
    name: row.name,
    hint: apiKeyHint(row.prefix),
    scopes: row.scopes.filter(isApiKeyScope),
    firm: { id: row.firmId, name: row.firmName },
    createdBy: { id: row.createdById, name: row.createdByName },
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status,
    statusText:
      status === 'revoked'
        ? 'Revoked'
        : status === 'stopped'
          ? creatorGone
            ? `Stopped: ${row.createdByName} is no longer an active org admin of the firm. Create a new key.`
            : 'Stopped: the firm is disabled. The key works again when the firm is enabled.'
          : 'Active',
  };
}

/** The keys the caller may see: an org admin their firm's, an operator every firm's (or one firm's), newest first. */
export async function listApiKeys(db: Db, actor: Actor, firmId?: string): Promise<{ items: ApiKeyItem[] }> {
  const scope = isOperator(actor.role) ? (firmId && isUuid(firmId) ? firmId : firmId ? null : undefined) : actor.firmId;
  if (scope === null) return { items: [] };
  const rows = await keyRows(db)
    .where(scope === undefined ? undefined : eq(apiKeys.firmId, scope))
    .orderBy(desc(apiKeys.createdAt));
  return { items: rows.map(keyItem) };
}

async function keyOf(db: Db, id: string): Promise<ApiKeyItem> {
  const [row] = await keyRows(db).where(eq(apiKeys.id, id));
  return keyItem(row!);
}

/** A new key for the org admin's firm; its token is in this answer only. */
export async function createApiKey(db: Db, actor: Actor, input: CreateApiKeyInput) {
  const fresh = newApiKey();
  const id = await db.transaction(async (tx) => {
    // One firm's creations queue here, so two at once cannot both pass the limit.
    await tx.select({ id: firms.id }).from(firms).where(eq(firms.id, actor.firmId)).for('update');
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.firmId, actor.firmId), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= API_KEY_LIMITS.activePerFirm) throw new AppError('CONFLICT', API_KEY_MESSAGES.tooMany);
    const scopes = [...new Set(input.scopes)];
    const [created] = await tx
      .insert(apiKeys)
      .values({ firmId: actor.firmId, name: input.name, prefix: fresh.prefix, tokenHash: fresh.tokenHash, scopes, createdBy: actor.userId })
      .returning({ id: apiKeys.id });
    await audit(tx, {
      actorId: actor.userId,
      action: 'api_key.created',
      entityType: 'api_key',
      entityId: created!.id,
      details: { name: input.name, scopes, prefix: fresh.prefix, firmId: actor.firmId },
    });
    return created!.id;
  });
  return {
    key: await keyOf(db, id),
    token: fresh.token,
    message: `${input.name} was created. Copy the key now: it is shown only once.`,
  };
}

/** Revokes a key at once (every process reads keys from the database); revoking it again changes nothing. */
export async function revokeApiKey(db: Db, actor: Actor, keyId: string) {
  if (!isUuid(keyId)) throw notFound('This API key');
  const name = await db.transaction(async (tx) => {
    const [key] = await tx.select().from(apiKeys).where(eq(apiKeys.id, keyId)).for('update');
    if (!key || (!isOperator(actor.role) && key.firmId !== actor.firmId)) throw notFound('This API key');
    if (key.revokedAt) return key.name;
    await tx.update(apiKeys).set({ revokedAt: new Date(), revokedBy: actor.userId }).where(eq(apiKeys.id, key.id));
    await audit(tx, {
      actorId: actor.userId,
      action: 'api_key.revoked',
      entityType: 'api_key',
      entityId: key.id,
      details: { name: key.name, prefix: key.prefix, firmId: key.firmId },
    });
    return key.name;
  });
  return { key: await keyOf(db, keyId), message: `${name} was revoked. Requests with it are refused from now on.` };
}
