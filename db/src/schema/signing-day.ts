import { index, pgEnum, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { REMINDER_KINDS, type ReminderKind } from '@signingdesk/domain/reminders';
import { SIGNER_LINK } from '@signingdesk/domain/signing-day';
import { appointments } from './appointments';
import { user } from './auth';
import { messageChannel } from './enums';

/**
 * A confirmation link sent to the signer: the token names this row and is signed (HMAC) with its
 * expiry; the first answer sets `answeredAt`, and the link answers nothing after that.
 */
export const signerLinks = pgTable(
  'signer_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    via: messageChannel('via').notNull(),
    toAddress: text('to_address').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    preferredTime: varchar('preferred_time', { length: SIGNER_LINK.preferredMax }),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signer_links_appointment_idx').on(t.appointmentId)],
);

export const reminderKind = pgEnum('reminder_kind', REMINDER_KINDS as unknown as [ReminderKind, ...ReminderKind[]]);

/**
 * The signing-day reminders sent (issue 33, item 5; domain/reminders.ts): the key (order, kind,
 * due time) is the proof a reminder went out, written in the transaction that queues it, so two
 * sweeps at once, in two processes or after a restart, send it once. A new date or time gives a
 * new due time, and the reminder is due again.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    kind: reminderKind('kind').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.kind, t.dueAt] })],
);
