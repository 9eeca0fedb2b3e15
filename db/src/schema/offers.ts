import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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
    ...timestamps(),
  },
  (t) => [
    unique('offers_appointment_agent_key').on(t.appointmentId, t.agentId),
    index('offers_agent_status_idx').on(t.agentId, t.status),
    index('offers_appointment_status_idx').on(t.appointmentId, t.status),
    check('offers_bid_nonnegative', sql`${t.bidCents} is null or ${t.bidCents} >= 0`),
  ],
);
