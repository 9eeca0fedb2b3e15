import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { agentScore, NO_HISTORY } from '@signingdesk/domain/scorecard';
import { appointments } from './appointments';
import { user } from './auth';
import { createdAt, id, timestamps } from './columns';
import { files } from './files';
import { credentialKind, credentialReview } from './enums';
import { agentProfiles } from './users';

/**
 * The agent record (issue 31): the credentials a signing agent holds, with their history. The
 * rules that read them (what counts on a date, a firm's requirements, the reminders) live in
 * domain/src/credentials.ts.
 *
 * One row per document the agent sent. Renewing adds a new row and stamps the old one
 * `replacedAt`, so the history stays for the audit export ("which credentials were valid on the
 * date of each signing"); the current credential of a kind (per state for a commission or a
 * bond) is the one not replaced. Which fields a kind uses:
 * - commission: state, number, nameOnDocument, expiresOn
 * - eo_insurance: provider (carrier), coverageCents, expiresOn
 * - background_check: provider, issuedOn (the date it was passed)
 * - nna_certification: issuedOn, expiresOn (optional)
 * - surety_bond: state, provider (surety), number, coverageCents, expiresOn
 * - w9: issuedOn (the date signed)
 */
export const agentCredentials = pgTable(
  'agent_credentials',
  {
    id: id(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: credentialKind('kind').notNull(),
    state: varchar('state', { length: 2 }),
    number: text('number'),
    nameOnDocument: text('name_on_document'),
    provider: text('provider'),
    coverageCents: bigint('coverage_cents', { mode: 'number' }),
    issuedOn: date('issued_on'),
    expiresOn: date('expires_on'),
    review: credentialReview('review').notNull().default('pending'),
    rejectReason: text('reject_reason'),
    reviewedBy: uuid('reviewed_by').references(() => user.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The photo or PDF of the document (files.kind 'credential'); set once its upload is granted. */
    fileId: uuid('file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('agent_credentials_agent_idx').on(t.agentId, t.kind),
    // One current credential per kind, per state for the state-bound kinds.
    uniqueIndex('agent_credentials_current_idx')
      .on(t.agentId, t.kind, sql`coalesce(${t.state}, '')`)
      .where(sql`${t.replacedAt} is null`),
    // The reminder sweep and the dashboard's counts read current credentials by expiry.
    index('agent_credentials_expiry_idx')
      .on(t.expiresOn)
      .where(sql`${t.replacedAt} is null`),
    index('agent_credentials_review_idx')
      .on(t.review)
      .where(sql`${t.replacedAt} is null`),
    check('agent_credentials_state_bound', sql`(${t.kind} in ('commission', 'surety_bond')) = (${t.state} is not null)`),
    check('agent_credentials_coverage_nonnegative', sql`${t.coverageCents} is null or ${t.coverageCents} >= 0`),
    check('agent_credentials_reject_reason', sql`${t.review} <> 'rejected' or ${t.rejectReason} is not null`),
  ],
);

/** Each expiry reminder sent for a credential (30, 14, 3 and 0 days before), once: the key is the proof. */
export const credentialReminders = pgTable(
  'credential_reminders',
  {
    credentialId: uuid('credential_id')
      .notNull()
      .references(() => agentCredentials.id, { onDelete: 'cascade' }),
    daysBefore: smallint('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.credentialId, t.daysBefore] })],
);

/** An agent's days away (availability): no offers on these dates, both ends included. */
export const agentTimeOff = pgTable(
  'agent_time_off',
  {
    id: id(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('agent_time_off_agent_idx').on(t.agentId, t.endsOn), check('agent_time_off_order', sql`${t.endsOn} >= ${t.startsOn}`)],
);

/**
 * The escrow officer's rating of a completed signing (issue 31): once per order, 1–5 with
 * optional tags and a comment; private to operators, and a part of the agent's score.
 */
export const escrowRatings = pgTable(
  'escrow_ratings',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ratedBy: uuid('rated_by')
      .notNull()
      .references(() => user.id),
    stars: smallint('stars').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [index('escrow_ratings_agent_idx').on(t.agentId), check('escrow_ratings_stars', sql`${t.stars} between 1 and 5`)],
);

/**
 * Each agent's score, kept so that automatic dispatch can rank every eligible agent of an order
 * at once (issue 32, decision 067). The scorecard on screen is still counted from the history
 * (api/src/lib/scorecard.ts); this is its cache. Triggers (migration 0017) bump `version` in the
 * transaction of every write the scorecard counts (offers, the agent's orders, their scan-backs,
 * escrow ratings); a score computed at an older version than `version` is stale and is computed
 * again before it is ranked (api/src/lib/stored-scores.ts), as is one whose agent had an offer's
 * answer window pass since `refreshedAt`. Every agent profile has a row from its creation.
 */
export const agentScores = pgTable(
  'agent_scores',
  {
    agentId: uuid('agent_id')
      .primaryKey()
      .references(() => agentProfiles.userId, { onDelete: 'cascade' }),
    score: smallint('score').notNull().default(agentScore(NO_HISTORY)),
    completed: integer('completed').notNull().default(0),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    computedVersion: bigint('computed_version', { mode: 'number' }).notNull().default(0),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true })
      .notNull()
      .default(sql`to_timestamp(0)`),
  },
  (t) => [
    index('agent_scores_stale_idx')
      .on(t.agentId)
      .where(sql`${t.version} > ${t.computedVersion}`),
  ],
);

export type AgentCredential = typeof agentCredentials.$inferSelect;
