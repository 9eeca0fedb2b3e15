import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, unique, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { apiKeys } from './integrations';
import { createdAt, id } from './columns';
import { deliveryChannel, deliveryState, idempotencyState, messageChannel, notificationState, outboundState } from './enums';

/** Web Push subscriptions, one per user and device (endpoint). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Results of mutating requests sent with an `Idempotency-Key`: the first result is stored and
 * replayed for a repeat (the agent app's offline outbox depends on it). A key belongs to its
 * scope: the signed-in user's id, or 'visitor' for the public forms.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    /** The signed-in caller; null for a visitor. Their keys go with the account. */
    userId: uuid('user_id').references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    state: idempotencyState('state').notNull().default('in_progress'),
    responseStatus: integer('response_status'),
    /** The response exactly as first sent, replayed byte for byte. */
    responseBody: text('response_body'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Every state change, assignment and operator read of personal data. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => user.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    appointmentId: uuid('appointment_id'),
    /** The firm API key the action came through (issue 34); null for a signed-in person or the system. */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    details: jsonb('details')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('audit_log_appointment_idx').on(t.appointmentId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    // The dashboard's time to assignment reads the recent assignments only.
    index('audit_log_assigned_idx')
      .on(t.createdAt, t.appointmentId)
      .where(sql`${t.action} in ('bid.accepted', 'appointment.assigned')`),
  ],
);

/** Secrets and keys the server generates on first start (auth secret, VAPID keys). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Notifications a change must produce, written in the same transaction as the change (the
 * outbox). One row per recipient and event; the delivery worker (push, email, SMS) marks them
 * sent. Until a channel delivers them they stay here, visible to operators.
 */
export const notificationJobs = pgTable(
  'notification_jobs',
  {
    id: id(),
    type: text('type').notNull(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id'),
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    state: notificationState('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('notification_jobs_state_idx').on(t.state, t.createdAt),
    index('notification_jobs_recipient_idx').on(t.recipientId, t.createdAt),
    index('notification_jobs_appointment_idx').on(t.appointmentId),
  ],
);

/**
 * What happened to one notification job on one channel. Unique per job and channel, so a
 * worker that restarts never sends the same job twice on a channel it already used.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => notificationJobs.id, { onDelete: 'cascade' }),
    channel: deliveryChannel('channel').notNull(),
    state: deliveryState('state').notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [unique('notification_deliveries_job_channel_key').on(t.jobId, t.channel)],
);

/**
 * Email and text messages the product sends. With no SMTP server or SMS provider configured
 * they stay here as `held`, readable by operators (DESIGN.md: never silently dropped).
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: id(),
    channel: messageChannel('channel').notNull(),
    toAddress: text('to_address').notNull(),
    recipientId: uuid('recipient_id').references(() => user.id, { onDelete: 'set null' }),
    subject: text('subject'),
    body: text('body').notNull(),
    attachments: jsonb('attachments')
      .$type<{ fileId: string; fileName: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    state: outboundState('state').notNull().default('queued'),
    error: text('error'),
    jobId: uuid('job_id').references(() => notificationJobs.id, { onDelete: 'set null' }),
    /** Not sent before this instant: an operator's text held for the agent's quiet hours (domain/quiet-hours.ts). */
    sendAfter: timestamp('send_after', { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbound_messages_created_idx').on(t.createdAt), index('outbound_messages_state_idx').on(t.state)],
);

/** Per-address counters of the public forms' rate limit (shared by every API process). */
export const formRateLimits = pgTable('form_rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
