import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { user } from './auth';
import { createdAt } from './columns';

/**
 * The per-appointment message thread (spec 01 §3 Note). Each role's read flag records who
 * of that side reviewed the note and when; null means unread for that side.
 */
export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => user.id),
    message: text('message').notNull(),
    createdAt: createdAt(),
    escrowReadBy: uuid('escrow_read_by').references(() => user.id),
    escrowReadAt: timestamp('escrow_read_at', { withTimezone: true }),
    agentReadBy: uuid('agent_read_by').references(() => user.id),
    agentReadAt: timestamp('agent_read_at', { withTimezone: true }),
    adminReadBy: uuid('admin_read_by').references(() => user.id),
    adminReadAt: timestamp('admin_read_at', { withTimezone: true }),
  },
  (t) => [
    index('notes_appointment_idx').on(t.appointmentId, t.createdAt),
    // The dashboard's "unread messages": notes operators have not read yet.
    index('notes_operator_unread_idx')
      .on(t.appointmentId)
      .where(sql`${t.adminReadAt} is null`),
  ],
);
