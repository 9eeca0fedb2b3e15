import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { agentCredentials } from './agent-record';
import { appointments } from './appointments';
import { user } from './auth';
import { createdAt } from './columns';
import { fileAction, fileKind } from './enums';
import { firms } from './firms';

/**
 * Documents, scan-backs and invoices of an appointment, and the documents of agents'
 * credentials (kind 'credential'): each file belongs to exactly one of the two. The bytes live
 * in file storage under `storageKey`, a key the server generates (never a client's file name);
 * the database holds only the metadata and the event log.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'cascade' }),
    credentialId: uuid('credential_id').references((): AnyPgColumn => agentCredentials.id, { onDelete: 'cascade' }),
    kind: fileKind('kind').notNull().default('document'),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => user.id),
    uploadConfirmed: boolean('upload_confirmed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_appointment_idx').on(t.appointmentId, t.createdAt),
    // What one person has uploaded lately: the per-person upload limits (decision 041).
    index('files_uploader_idx').on(t.uploadedBy, t.createdAt),
    index('files_credential_idx').on(t.credentialId),
    check('files_size_nonnegative', sql`${t.sizeBytes} >= 0`),
    check(
      'files_one_owner',
      sql`(${t.appointmentId} is null) <> (${t.credentialId} is null) and (${t.kind}::text = 'credential') = (${t.credentialId} is not null)`,
    ),
  ],
);

/** The file log of spec 01 §3: write = uploaded, read = downloaded, by whom, when, confirmed. */
export const fileEvents = pgTable(
  'file_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    action: fileAction('action').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id),
    confirmed: boolean('confirmed').notNull().default(false),
    /**
     * A download link's single use (read events only): set, in one conditional UPDATE, by the
     * request that begins delivering the file; `confirmed` follows once the last byte is out.
     */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('file_events_file_idx').on(t.fileId, t.createdAt), index('file_events_user_idx').on(t.userId)],
);

/** Invoices sent to a firm for an appointment (spec 02 §7 sendInvoice); the PDF is a file. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').generatedAlwaysAsIdentity({ startWith: 1001 }).unique(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    sentTo: text('sent_to').notNull(),
    sentBy: uuid('sent_by')
      .notNull()
      .references(() => user.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoices_appointment_idx').on(t.appointmentId), index('invoices_firm_idx').on(t.firmId, t.sentAt)],
);
