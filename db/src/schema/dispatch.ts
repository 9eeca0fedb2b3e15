import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { user } from './auth';
import { firms } from './firms';
import { DISPATCH_BOUNDS } from '@signingdesk/domain/dispatch';
import { dispatchEventKind, dispatchState } from './enums';

/**
 * Automatic dispatch of one order (issue 32, decision 067): which wave went out last and when
 * the next one is due. `nextJobId` is the pg-boss job that sends it: written in the
 * transaction that schedules the wave and relayed to pg-boss by the delivery worker, so the
 * timer survives a restart; a wave runs only while its job is still the one named here, so a
 * job run twice, or one left from before a pause, sends nothing.
 */
export const dispatches = pgTable(
  'dispatches',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    state: dispatchState('state').notNull().default('running'),
    /** Waves sent so far. */
    wave: integer('wave').notNull().default(0),
    nextWaveAt: timestamp('next_wave_at', { withTimezone: true }),
    nextJobId: uuid('next_job_id'),
    /** Times dispatch started again by itself after the assigned agent dropped out. */
    restarts: integer('restarts').notNull().default(0),
    /** Why it stopped or needs an operator, as the attention list says it. */
    reason: text('reason'),
    /** Who started it; null when it started by itself (the firm's auto-start or a restart). */
    startedBy: uuid('started_by').references(() => user.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dispatches_due_idx')
      .on(t.nextWaveAt)
      .where(sql`${t.state} = 'running'`),
    index('dispatches_state_idx').on(t.state),
  ],
);

/** The order's dispatch log: who was offered when and in which wave, who answered how, who was skipped and why. */
export const dispatchEvents = pgTable(
  'dispatch_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: dispatchEventKind('kind').notNull(),
    wave: integer('wave'),
    agentId: uuid('agent_id').references(() => user.id, { onDelete: 'set null' }),
    /** The operator who started, paused, resumed or stopped it; null for dispatch itself. */
    actorId: uuid('actor_id').references(() => user.id, { onDelete: 'set null' }),
    /** Rank, tier, score, distance, fee, and the reason in words where there is one. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('dispatch_events_appointment_idx').on(t.appointmentId, t.id)],
);

const within = (column: AnyPgColumn, bounds: { min: number; max: number }) =>
  sql`${column} between ${sql.raw(String(bounds.min))} and ${sql.raw(String(bounds.max))}`;

/** A firm's dispatch settings (domain/dispatch.ts DispatchSettings); a firm without a row uses DISPATCH_DEFAULTS. */
export const firmDispatchSettings = pgTable(
  'firm_dispatch_settings',
  {
    firmId: uuid('firm_id')
      .primaryKey()
      .references(() => firms.id, { onDelete: 'cascade' }),
    autoStart: boolean('auto_start').notNull(),
    autoAssign: boolean('auto_assign').notNull(),
    waveSize: integer('wave_size').notNull(),
    windowMinutes: integer('window_minutes').notNull(),
    scoreBar: integer('score_bar').notNull(),
    minCompleted: integer('min_completed').notNull(),
    counterBandCents: integer('counter_band_cents').notNull(),
    updatedBy: uuid('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // DISPATCH_BOUNDS, the settings form's limits, kept by the database too.
    check('firm_dispatch_wave_size', within(t.waveSize, DISPATCH_BOUNDS.waveSize)),
    check('firm_dispatch_window', within(t.windowMinutes, DISPATCH_BOUNDS.windowMinutes)),
    check('firm_dispatch_score_bar', within(t.scoreBar, DISPATCH_BOUNDS.scoreBar)),
    check('firm_dispatch_min_completed', within(t.minCompleted, DISPATCH_BOUNDS.minCompleted)),
    check('firm_dispatch_band', within(t.counterBandCents, DISPATCH_BOUNDS.counterBandCents)),
  ],
);

/**
 * The escrow side's preferred agents (issue 32, decision 067): an escrow officer's own
 * (`officerId`), or the whole firm's (`firmId`, set by its org admin). Dispatch ranks them
 * first, the officer's ahead of the firm's, for the orders of that officer or firm.
 */
export const preferredAgents = pgTable(
  'preferred_agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    officerId: uuid('officer_id').references(() => user.id, { onDelete: 'cascade' }),
    firmId: uuid('firm_id').references(() => firms.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('preferred_agents_one_owner', sql`(${t.officerId} is null) <> (${t.firmId} is null)`),
    uniqueIndex('preferred_agents_officer_idx')
      .on(t.officerId, t.agentId)
      .where(sql`${t.officerId} is not null`),
    uniqueIndex('preferred_agents_firm_idx')
      .on(t.firmId, t.agentId)
      .where(sql`${t.firmId} is not null`),
  ],
);
