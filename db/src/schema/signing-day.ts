import { index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
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
