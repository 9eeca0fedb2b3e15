/**
 * Firm webhook endpoints and their delivery log (issue 34, decision 070): an org admin (or a key
 * with webhooks:manage) adds, changes, tests and removes the firm's endpoints and resends a
 * delivery; operators see and do the same for every firm, without the signing secrets.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { count, desc, eq, inArray } from 'drizzle-orm';
import { isOperator } from '@signingdesk/domain/roles';
import { isUuid } from '@signingdesk/domain/uuid';
import { checkWebhookUrl } from '@signingdesk/domain/webhook-url';
import { isWebhookEventType, WEBHOOK_LIMITS } from '@signingdesk/domain/webhooks';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { newWebhookSecret, resolvePublicAddress } from '../../delivery/webhook-http';
import { recordTestEvent } from './webhook-events';
import { resendDelivery } from './webhook-delivery';
import {
  WEBHOOK_FORM_MESSAGES,
  type CreateWebhookEndpointInput,
  type UpdateWebhookEndpointInput,
  type WebhookEndpointItem,
} from './webhooks.schemas';

const { firms, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } = schema;
type Endpoint = typeof webhookEndpoints.$inferSelect;

export interface WebhookSettings {
  allowLocalhostHttp: boolean;
}

/** The URL as stored, once its form and every address its host resolves to are allowed; a 400 naming `url` otherwise. */
async function allowedUrl(raw: string, settings: WebhookSettings): Promise<string> {
  const checked = checkWebhookUrl(raw, settings);
  if (!checked.ok) throw new AppError('VALIDATION_FAILED', checked.message, [{ field: 'url', message: checked.message }]);
  const resolved = await resolvePublicAddress(checked.url.hostname, settings);
  if (!resolved.ok) throw new AppError('VALIDATION_FAILED', resolved.message, [{ field: 'url', message: resolved.message }]);
  return checked.url.href;
}

function item(row: Endpoint, firmName: string, actor: Actor): WebhookEndpointItem {
  return {
    id: row.id,
    firm: { id: row.firmId, name: firmName },
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes.filter(isWebhookEventType),
    enabled: row.enabled,
    statusText: row.enabled ? 'Active' : row.disabledReason === 'failing' ? 'Turned off: every delivery failed for 3 days' : 'Turned off',
    secret: isOperator(actor.role) ? null : row.secret,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The endpoint the caller may manage: their firm's (an org admin, a key), any (operators); 404 otherwise. */
async function endpointOf(db: Db, actor: Actor, endpointId: string) {
  if (!isUuid(endpointId)) throw notFound('This webhook endpoint');
  const [row] = await db
    .select({ endpoint: webhookEndpoints, firmName: firms.name })
    .from(webhookEndpoints)
    .innerJoin(firms, eq(firms.id, webhookEndpoints.firmId))
    .where(eq(webhookEndpoints.id, endpointId));
  if (!row || (!isOperator(actor.role) && row.endpoint.firmId !== actor.firmId)) throw notFound('This webhook endpoint');
  return row;
}

export async function listEndpoints(db: Db, actor: Actor, firmId?: string): Promise<{ items: WebhookEndpointItem[] }> {
  const scope = isOperator(actor.role) ? (firmId ? (isUuid(firmId) ? firmId : null) : undefined) : actor.firmId;
  if (scope === null) return { items: [] };
  const rows = await db
    .select({ endpoint: webhookEndpoints, firmName: firms.name })
    .from(webhookEndpoints)
    .innerJoin(firms, eq(firms.id, webhookEndpoints.firmId))
    .where(scope === undefined ? undefined : eq(webhookEndpoints.firmId, scope))
    .orderBy(desc(webhookEndpoints.createdAt));
  return { items: rows.map((row) => item(row.endpoint, row.firmName, actor)) };
}

export async function createEndpoint(db: Db, actor: Actor, input: CreateWebhookEndpointInput, settings: WebhookSettings) {
  const url = await allowedUrl(input.url, settings);
  const created = await db.transaction(async (tx) => {
    await tx.select({ id: firms.id }).from(firms).where(eq(firms.id, actor.firmId)).for('update');
    const [existing] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.firmId, actor.firmId));
    if ((existing?.n ?? 0) >= WEBHOOK_LIMITS.endpointsPerFirm) throw new AppError('CONFLICT', WEBHOOK_FORM_MESSAGES.tooMany);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        firmId: actor.firmId,
        url,
        description: input.description || null,
        eventTypes: [...new Set(input.eventTypes)],
        secret: newWebhookSecret(),
        createdBy: actor.userId,
      })
      .returning();
    return row!;
  });
  return { endpoint: item(created, actor.firmName, actor), message: `The endpoint ${url} was added.` };
}

export async function updateEndpoint(
  db: Db,
  actor: Actor,
  endpointId: string,
  input: UpdateWebhookEndpointInput,
  settings: WebhookSettings,
) {
  const { endpoint, firmName } = await endpointOf(db, actor, endpointId);
  const url = input.url === undefined ? undefined : await allowedUrl(input.url, settings);
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(url === undefined ? {} : { url }),
      ...(input.eventTypes ? { eventTypes: [...new Set(input.eventTypes)] } : {}),
      ...(input.description === undefined ? {} : { description: input.description || null }),
      // Turned on again: it starts afresh; turned off by a person: said so.
      ...(input.enabled === undefined
        ? {}
        : input.enabled
          ? { enabled: true, disabledReason: null, failingSince: null }
          : { enabled: false, disabledReason: 'by_person' }),
      updatedAt: new Date(),
    })
    .where(eq(webhookEndpoints.id, endpoint.id))
    .returning();
  return { endpoint: item(row!, firmName, actor), message: 'The endpoint was saved.' };
}

export async function removeEndpoint(db: Db, actor: Actor, endpointId: string) {
  const { endpoint } = await endpointOf(db, actor, endpointId);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
  return { message: `The endpoint ${endpoint.url} was removed; its deliveries go with it.` };
}

export async function sendTestEvent(db: Db, actor: Actor, endpointId: string) {
  const { endpoint } = await endpointOf(db, actor, endpointId);
  if (!endpoint.enabled) throw new AppError('NOT_ALLOWED_IN_STATUS', 'Turn the endpoint on to send it a test event.');
  const eventId = await db.transaction((tx) => recordTestEvent(tx, endpoint));
  return { eventId, message: 'A test event is on its way; its delivery appears in the log below.' };
}

const LOG_LIMIT = 100;

export async function listDeliveries(db: Db, actor: Actor, endpointId: string) {
  const { endpoint } = await endpointOf(db, actor, endpointId);
  const rows = await db
    .select({ delivery: webhookDeliveries, type: webhookEvents.type, appointmentId: webhookEvents.appointmentId })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpoint.id))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(LOG_LIMIT);
  const ids = rows.map((r) => r.delivery.id);
  const attempts = ids.length
    ? await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, ids)).orderBy(desc(webhookAttempts.createdAt))
    : [];
  return {
    items: rows.map(({ delivery, type, appointmentId }) => ({
      id: delivery.id,
      eventId: delivery.eventId,
      eventType: type,
      endpointId: delivery.endpointId,
      appointmentId,
      createdAt: delivery.createdAt.toISOString(),
      state: delivery.state,
      attempts: delivery.attempts,
      nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
      lastStatus: delivery.lastStatus,
      lastError: delivery.lastError,
      log: attempts
        .filter((a) => a.deliveryId === delivery.id)
        .map((a) => ({
          attempt: a.attempt,
          at: a.createdAt.toISOString(),
          ok: a.ok,
          status: a.status,
          error: a.error,
          excerpt: a.excerpt,
          durationMs: a.durationMs,
          resent: a.resent,
        })),
    })),
  };
}

export async function resend(db: Db, actor: Actor, deliveryId: string) {
  if (!isUuid(deliveryId)) throw notFound('This delivery');
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  if (!row) throw notFound('This delivery');
  const { endpoint } = await endpointOf(db, actor, row.endpointId).catch(() => {
    throw notFound('This delivery');
  });
  if (!endpoint.enabled) throw new AppError('NOT_ALLOWED_IN_STATUS', 'Turn the endpoint on to send it this event again.');
  await resendDelivery(db, row.id);
  return { message: `The event ${row.eventId} is sent again, with the same webhook-id.` };
}
