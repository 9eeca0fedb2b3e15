/**
 * Delivering a firm's webhook events (issue 34, decision 070). Each attempt is a pg-boss job
 * whose id the delivery row names (`next_job_id`), relayed by the delivery worker to start at
 * `next_attempt_at`. The attempt sends the event's body signed per Standard Webhooks, with the
 * event's id as `webhook-id` on every attempt, then records the outcome guarded by that job id:
 * a job run twice (a process killed after sending, its job retried) records once, and a job
 * the row no longer names sends nothing. A failure waits the domain's schedule
 * (WEBHOOK_RETRY_SCHEDULE_SECONDS, about 3 days); an endpoint failing for 3 days is disabled and
 * the firm's org admins are told.
 */
import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, eq, sql } from 'drizzle-orm';
import { nextAttemptDelaySeconds, WEBHOOK_TIMEOUT_MS } from '@signingdesk/domain/webhook-url';
import { sendWebhook, type ResolveHost } from '../../delivery/webhook-http';
import { notify } from '../../delivery/notify';

const { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } = schema;

/** An endpoint failing this long (no delivery through since its first failure) is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

export interface WebhookDeliveryOptions {
  allowLocalhostHttp: boolean;
  now?: () => Date;
  timeoutMs?: number;
  resolve?: ResolveHost;
}

/** The attempt of job `jobId`: sent and recorded once; nothing when the row no longer names the job. */
export async function deliverWebhookAttempt(db: Db, jobId: string, options: WebhookDeliveryOptions): Promise<void> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents, firmDisabledAt: schema.firms.disabledAt })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(schema.firms, eq(schema.firms.id, webhookEndpoints.firmId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.nextJobId, jobId), eq(webhookDeliveries.state, 'pending')));
  if (!row) return;
  const now = () => options.now?.() ?? new Date();
  // A disabled endpoint, or the endpoint of a disabled firm (decision 071), is sent nothing more.
  const live = row.endpoint.enabled && row.firmDisabledAt === null;
  const result = live
    ? await sendWebhook({
        url: row.endpoint.url,
        secret: row.endpoint.secret,
        id: row.event.id,
        timestamp: Math.floor(now().getTime() / 1000),
        body: JSON.stringify(row.event.payload),
        allowLocalhostHttp: options.allowLocalhostHttp,
        timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
        resolve: options.resolve,
      })
    : {
        ok: false,
        status: null,
        excerpt: '',
        error: row.endpoint.enabled ? 'The firm is disabled.' : 'The endpoint is disabled.',
        durationMs: 0,
      };
  await db.transaction(async (tx) => {
    const at = now();
    const attempts = row.delivery.attempts + 1;
    const delay = result.ok || !live ? null : nextAttemptDelaySeconds(attempts);
    const [recorded] = await tx
      .update(webhookDeliveries)
      .set({
        attempts,
        state: result.ok ? 'succeeded' : delay === null ? 'failed' : 'pending',
        lastStatus: result.status,
        lastError: result.error,
        lastAttemptAt: at,
        deliveredAt: result.ok ? at : null,
        nextJobId: delay === null ? null : randomUUID(),
        nextAttemptAt: delay === null ? null : new Date(at.getTime() + delay * 1000),
      })
      .where(and(eq(webhookDeliveries.id, row.delivery.id), eq(webhookDeliveries.nextJobId, jobId)))
      .returning({ id: webhookDeliveries.id });
    if (!recorded) return;
    await tx.insert(webhookAttempts).values({
      deliveryId: row.delivery.id,
      attempt: attempts,
      ok: result.ok,
      status: result.status,
      error: result.error,
      excerpt: result.excerpt,
      durationMs: result.durationMs,
      resent: row.delivery.attempts > 0 && row.delivery.nextAttemptAt === null,
      createdAt: at,
    });
    if (live) await keepEndpointHealth(tx, row.endpoint, result.ok, at);
  });
}

/** A delivery through clears the endpoint's failing time; 3 days of failures disable it and tell the firm's org admins. */
async function keepEndpointHealth(tx: Tx, endpoint: typeof webhookEndpoints.$inferSelect, ok: boolean, at: Date) {
  if (ok) {
    if (endpoint.failingSince) await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
    return;
  }
  const since = endpoint.failingSince ?? at;
  if (at.getTime() - since.getTime() < WEBHOOK_DISABLE_AFTER_MS) {
    if (!endpoint.failingSince) await tx.update(webhookEndpoints).set({ failingSince: at }).where(eq(webhookEndpoints.id, endpoint.id));
    return;
  }
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'failing', updatedAt: at })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  if (!disabled) return;
  // Its other deliveries waiting go nowhere now: failed, with the reason.
  await tx
    .update(webhookDeliveries)
    .set({ state: 'failed', nextJobId: null, nextAttemptAt: null, lastError: 'The endpoint was disabled after failing for 3 days.' })
    .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.state, 'pending')));
  const admins = await tx
    .select({ id: schema.user.id })
    .from(schema.user)
    .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.user.id))
    .where(and(eq(schema.profiles.firmId, endpoint.firmId), eq(schema.user.role, 'creator_admin'), eq(schema.profiles.status, 'active')));
  if (admins.length > 0) {
    await notify(tx, {
      type: 'webhook.endpoint_disabled',
      recipientIds: admins.map((a) => a.id),
      appointmentId: null,
      payload: { url: endpoint.url, since: since.toISOString() },
    });
  }
}

/** Resend: the delivery's event again, at once, with the same webhook-id (the console's Resend). */
export async function resendDelivery(db: Db | Tx, deliveryId: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ state: 'pending', nextJobId: randomUUID(), nextAttemptAt: null })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/** The deliveries whose attempt waits for its job, for the worker's relay. */
export function deliveriesToRelay(db: Db | Tx, limit: number) {
  return db
    .select({ jobId: webhookDeliveries.nextJobId, startAfter: webhookDeliveries.nextAttemptAt })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.state, 'pending'), sql`${webhookDeliveries.nextJobId} is not null`))
    .limit(limit);
}
