/**
 * Firm webhook events (issue 34, decision 070), recorded in the transaction of the change that
 * causes them: audit() calls recordWebhookEvent for every audited change of an order, and the
 * domain's webhookEventOf says which change is which event. An event is recorded only for a firm
 * with an enabled endpoint that asked for its type, with one delivery per such endpoint; the
 * delivery worker relays each delivery's attempt to pg-boss (webhook-delivery.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { WEBHOOK_TEST_EVENT, webhookEventOf, type WebhookEventType } from '@signingdesk/domain/webhooks';

const { appointments, notes, webhookDeliveries, webhookEndpoints, webhookEvents } = schema;

interface AuditedChange {
  action: string;
  appointmentId?: string | null;
  entityId: string;
  details?: Record<string, unknown>;
}

/** A Standard Webhooks message id: `msg_` and 26 base32 characters (128 random bits). */
export function newEventId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return `msg_${Array.from(randomBytes(26), (byte) => alphabet[byte % 32]).join('')}`;
}

/** The event `change` causes, for the endpoints of the order's firm that asked for it; nothing when none did. */
export async function recordWebhookEvent(db: Db | Tx, change: AuditedChange): Promise<void> {
  if (!change.appointmentId) return;
  const type = webhookEventOf(change.action, change.details ?? {});
  if (!type) return;
  const endpoints = await db
    .select({ id: webhookEndpoints.id, firmId: webhookEndpoints.firmId })
    .from(webhookEndpoints)
    .innerJoin(appointments, eq(appointments.firmId, webhookEndpoints.firmId))
    .innerJoin(schema.firms, eq(schema.firms.id, webhookEndpoints.firmId))
    .where(
      and(
        eq(appointments.id, change.appointmentId),
        eq(webhookEndpoints.enabled, true),
        // A disabled firm is sent nothing (decision 071).
        isNull(schema.firms.disabledAt),
        sql`${type} = any(${webhookEndpoints.eventTypes})`,
      ),
    );
  if (endpoints.length === 0) return;
  const data = await eventData(db, type, change);
  if (!data) return;
  await insertEvent(
    db,
    { firmId: endpoints[0]!.firmId, type, appointmentId: change.appointmentId, data },
    endpoints.map((e) => e.id),
  );
}

/**
 * What an event carries: the order as the firm's escrow view shows it now (its officer's view),
 * and for a message the message. Loaded late (and so imported late): audit() is everywhere.
 */
async function eventData(db: Db | Tx, type: WebhookEventType, change: AuditedChange): Promise<Record<string, unknown> | null> {
  const [order] = await db.select().from(appointments).where(eq(appointments.id, change.appointmentId!));
  if (!order) return null;
  const { escrowView } = await import('../appointments/appointments.views');
  const view = await escrowView(db, order, { userId: order.createdBy, firmId: order.firmId });
  const data: Record<string, unknown> = { order: view };
  if (type === 'message.created') {
    const [note] = await db.select().from(notes).where(eq(notes.id, change.entityId));
    if (note)
      data.message = { id: note.id, text: note.message, postedAt: note.createdAt.toISOString(), side: change.details?.side ?? null };
  }
  if (type === 'order.documents_downloaded') data.file = { id: change.entityId, fileName: change.details?.fileName ?? null };
  return data;
}

async function insertEvent(
  db: Db | Tx,
  event: { firmId: string; type: string; appointmentId: string | null; data: Record<string, unknown> },
  endpointIds: string[],
): Promise<string> {
  const id = newEventId();
  const createdAt = new Date();
  const payload = { id, type: event.type, timestamp: createdAt.toISOString(), data: event.data };
  await db
    .insert(webhookEvents)
    .values({ id, firmId: event.firmId, type: event.type, appointmentId: event.appointmentId, payload, createdAt });
  await db
    .insert(webhookDeliveries)
    .values(endpointIds.map((endpointId) => ({ eventId: id, endpointId, nextJobId: randomUUID(), nextAttemptAt: createdAt })));
  return id;
}

/** A test event for one endpoint (the console's Send test event), delivered like any other. */
export async function recordTestEvent(db: Db | Tx, endpoint: { id: string; firmId: string }): Promise<string> {
  return insertEvent(
    db,
    {
      firmId: endpoint.firmId,
      type: WEBHOOK_TEST_EVENT,
      appointmentId: null,
      data: { message: 'A test event from SigningDesk: your endpoint is reachable and verifies the signature.' },
    },
    [endpoint.id],
  );
}
