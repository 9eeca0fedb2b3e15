import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { API_KEY_LIMITS, API_KEY_PREFIX_LENGTH } from '@signingdesk/domain/api-keys';
import { WEBHOOK_LIMITS } from '@signingdesk/domain/webhooks';
import { user } from './auth';
import { createdAt, id, timestamps } from './columns';
import { firms } from './firms';

/**
 * Firm API keys (issue 34, decision 069). The key itself is shown once and never stored: only
 * its SHA-256 (`token_hash`) and its visible `prefix`, by which a request finds the row. A key
 * acts with the reach of `created_by`, an org admin of the firm: it stops when that person is
 * disabled or no longer the firm's org admin, and at once when revoked (no process caches it).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: API_KEY_LIMITS.nameMax }).notNull(),
    prefix: varchar('prefix', { length: API_KEY_PREFIX_LENGTH }).notNull().unique(),
    tokenHash: text('token_hash').notNull(),
    /** domain/api-keys.ts API_KEY_SCOPES. */
    scopes: text('scopes').array().notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => user.id),
    createdAt: createdAt(),
    /** Marked at most once a minute (lib/api-key-actor.ts). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('api_keys_firm_idx').on(t.firmId, t.createdAt),
    check('api_keys_scopes_not_empty', sql`cardinality(${t.scopes}) > 0`),
    check('api_keys_token_hash_sha256', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * A firm's webhook endpoints (issue 34, decision 070): where its events are POSTed, which event
 * types it wants, and the secret that signs them (Standard Webhooks, `whsec_…`; kept to sign,
 * shown to the firm's org admin). An endpoint whose deliveries have failed for 3 days is
 * disabled (`disabled_reason` 'failing') and the org admin told.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: varchar('description', { length: WEBHOOK_LIMITS.descriptionMax }),
    /** domain/webhooks.ts WEBHOOK_EVENT_TYPES. */
    eventTypes: text('event_types').array().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    /** The first failed delivery since the last one that went through. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('webhook_endpoints_firm_idx').on(t.firmId),
    check('webhook_endpoints_event_types_not_empty', sql`cardinality(${t.eventTypes}) > 0`),
    check('webhook_endpoints_secret_prefix', sql`${t.secret} like 'whsec\\_%'`),
  ],
);

/**
 * One event of a firm, recorded in the transaction of the change that caused it, with the body
 * every endpoint receives (`payload`: id, type, timestamp and the order as the firm's escrow view
 * showed it then). `id` is the Standard Webhooks `webhook-id`: the same on every attempt.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    appointmentId: uuid('appointment_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_firm_idx').on(t.firmId, t.createdAt)],
);

export const webhookDeliveryState = pgEnum('webhook_delivery_state', ['pending', 'succeeded', 'failed']);

/**
 * An event for one endpoint, and where its delivery stands. Each attempt is a pg-boss job whose
 * id `next_job_id` names (relayed like the dispatch waves, to start at `next_attempt_at`); a job
 * the row no longer names sends nothing, so an attempt is made once however often it is run.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    state: webhookDeliveryState('state').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    nextJobId: uuid('next_job_id'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('webhook_deliveries_event_endpoint').on(t.eventId, t.endpointId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_relay_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending' and ${t.nextJobId} is not null`),
  ],
);

/** Each attempt of a delivery, for the firm's delivery log: when, the status code or error, the answer's start. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: smallint('attempt').notNull(),
    ok: boolean('ok').notNull(),
    status: integer('status'),
    error: text('error'),
    excerpt: text('excerpt').notNull().default(''),
    durationMs: integer('duration_ms').notNull(),
    /** Sent again by a person (Resend), not by the schedule. */
    resent: boolean('resent').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.createdAt)],
);
