import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, real, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { user } from './auth';
import { timestamps } from './columns';
import { offerStatus } from './enums';

/**
 * An agent's relation to one appointment: offered to them, then claimed (bid = offer),
 * countered (own bid), declined, approved (assigned), rejected or removed. One row per
 * agent and appointment. `notes` carries the operator's words to a displaced agent.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: offerStatus('status').notNull().default('offered'),
    bidCents: integer('bid_cents'),
    notes: text('notes'),
    /** The last change of the offer's status, by the agent or by an operator deciding the bid. */
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** When the agent answered (claimed, countered, declined): the bid time and the scorecard's response time, kept when an operator decides the bid. */
    agentRespondedAt: timestamp('agent_responded_at', { withTimezone: true }),
    // Automatic dispatch (decision 067): the wave that offered it, until when it is reserved for
    // the agent alone, and why it was (the tier and the distance the agent reads).
    wave: integer('wave'),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    tier: text('tier'),
    distanceMiles: real('distance_miles'),
    ...timestamps(),
  },
  (t) => [
    unique('offers_appointment_agent_key').on(t.appointmentId, t.agentId),
    // created_at last: whether an agent's stored score went stale (an offer's answer window
    // passed since it was counted, lib/stored-scores.ts) is a range read of this index.
    index('offers_agent_status_idx').on(t.agentId, t.status, t.createdAt),
    index('offers_appointment_status_idx').on(t.appointmentId, t.status),
    index('offers_reserved_idx')
      .on(t.agentId, t.reservedUntil)
      .where(sql`${t.reservedUntil} is not null and ${t.status} = 'offered'`),
    check('offers_bid_nonnegative', sql`${t.bidCents} is null or ${t.bidCents} >= 0`),
  ],
);
