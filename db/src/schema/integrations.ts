import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { API_KEY_LIMITS, API_KEY_PREFIX_LENGTH } from '@signingdesk/domain/api-keys';
import { user } from './auth';
import { createdAt, id } from './columns';
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
