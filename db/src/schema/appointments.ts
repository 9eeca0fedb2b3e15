import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { timestamps } from './columns';
import { appointmentStatus, timeZoneCode } from './enums';
import { firms } from './firms';
import { outcomeColumns, signingDayColumns, termsChecks, termsColumns } from './signing-terms';

/**
 * Signing appointments (spec 01 §3 create payload, spec 02 §3 admin view). Money is cents;
 * `startsAt` is derived from date + time + zone (DST-correct) and is what the 3-day rule and
 * ordering use. `createdBy` is the escrow officer the order belongs to.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => user.id),
    escrowEmail: text('escrow_email').notNull(),
    name: text('name').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: varchar('time', { length: 5 }).notNull(),
    timeTbd: boolean('time_tbd').notNull().default(false),
    timeZone: timeZoneCode('time_zone').notNull().default('CT'),
    startsAt: bigint('starts_at', { mode: 'number' }).notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: varchar('state', { length: 2 }).notNull(),
    zip: varchar('zip', { length: 5 }).notNull(),
    /** Centre of the zip, for radius eligibility and comparison orders; null for unknown zips. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    lender: text('lender'),
    agentFeeCents: integer('agent_fee_cents').notNull(),
    firmFeeCents: integer('firm_fee_cents'),
    fileNumber: text('file_number'),
    comments: varchar('comments', { length: 400 }),
    contactName: text('contact_name'),
    contactPhone1: varchar('contact_phone1', { length: 20 }),
    contactPhone2: varchar('contact_phone2', { length: 20 }),
    contactEmail1: text('contact_email1'),
    contactEmail2: text('contact_email2'),
    scanBackRequired: boolean('scan_back_required').notNull(),
    transactionType: smallint('transaction_type').notNull(),
    financeType: smallint('finance_type'),
    status: appointmentStatus('status').notNull().default('Open'),
    assignedAgentId: uuid('assigned_agent_id').references(() => user.id),
    agentPaid: boolean('agent_paid').notNull().default(false),
    agentPaidAt: timestamp('agent_paid_at', { withTimezone: true }),
    filesUploaded: boolean('files_uploaded').notNull().default(false),
    agentUploadEnabled: boolean('agent_upload_enabled').notNull().default(false),
    uploadsApproved: boolean('uploads_approved').notNull().default(false),
    markedCompleted: boolean('marked_completed').notNull().default(false),
    markedCompletedAt: timestamp('marked_completed_at', { withTimezone: true }),
    // Whether a document / a scan-back has been uploaded (confirmed), kept by triggers on files
    // (migration 0008) for the Dashboard's buckets and their lists: read from an index, not by
    // looking for files order by order.
    hasDocuments: boolean('has_documents').notNull().default(false),
    hasScanBacks: boolean('has_scan_backs').notNull().default(false),
    // The signing terms the agent agrees to (issue 33), and about how many pages they print.
    ...termsColumns(),
    pageCount: smallint('page_count'),
    ...outcomeColumns(),
    ...signingDayColumns(),
    ...timestamps(),
  },
  (t) => [
    // The operators' Assignments by status (and firm), in the list's order (starts_at, id): a
    // page is the index's next 25 entries at any size, with no sort of the firm's rows.
    index('appointments_status_starts_idx').on(t.status, t.startsAt, t.id),
    index('appointments_firm_status_idx').on(t.firmId, t.status, t.startsAt, t.id),
    index('appointments_creator_status_idx').on(t.createdBy, t.status),
    // The escrow lists in date order, a page at a time (in process, or completed and canceled:
    // domain/appointment-rules IN_PROCESS_STATUSES / CLOSED_STATUSES), for a firm or an officer.
    index('appointments_firm_open_starts_idx')
      .on(t.firmId, t.startsAt, t.id)
      .where(sql`${t.status} in ('Open', 'Pending', 'Scheduled', 'Paused')`),
    index('appointments_firm_closed_starts_idx')
      .on(t.firmId, t.startsAt, t.id)
      .where(sql`${t.status} in ('Completed', 'Canceled')`),
    index('appointments_creator_open_starts_idx')
      .on(t.createdBy, t.startsAt, t.id)
      .where(sql`${t.status} in ('Open', 'Pending', 'Scheduled', 'Paused')`),
    index('appointments_creator_closed_starts_idx')
      .on(t.createdBy, t.startsAt, t.id)
      .where(sql`${t.status} in ('Completed', 'Canceled')`),
    index('appointments_agent_status_idx').on(t.assignedAgentId, t.status),
    // The documents notices waiting to go out (a handful at any time).
    index('appointments_documents_notice_idx')
      .on(t.documentsNoticeDueAt)
      .where(sql`${t.documentsNoticeDueAt} is not null`),
    // The dashboard: completed orders by completion time (scan-backs due), unpaid agents and
    // unfilled orders by age. Each bucket's predicate (api/.../attention.ts) implies its index's,
    // so a bucket is counted by an index-only scan of up to 1,001 entries (issue 13), not by
    // reading the table until enough orders match.
    index('appointments_completed_at_idx')
      .on(t.markedCompletedAt)
      .where(sql`${t.status} = 'Completed'`),
    index('appointments_unpaid_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'Completed' and not ${t.agentPaid} and ${t.assignedAgentId} is not null`),
    index('appointments_unfilled_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('Open', 'Pending')`),
    index('appointments_undocumented_idx')
      .on(t.startsAt)
      .where(sql`${t.status} in ('Open', 'Pending', 'Scheduled') and not ${t.hasDocuments}`),
    index('appointments_no_scan_backs_idx')
      .on(t.markedCompletedAt)
      .where(sql`${t.status} = 'Completed' and ${t.scanBackRequired} and not ${t.hasScanBacks}`),
    // The escrow search (file number or signer, anywhere in the text), answered from the matches,
    // not by reading each of the firm's orders. A file number is found by prefix among its
    // suffixes (search_suffixes(), migration 0011; decision 038): a firm's numbers share most of
    // their trigrams, so a trigram index reads more of itself as the firm grows. A signer's name
    // keeps its trigram index (pg_trgm, migration 0007).
    index('appointments_file_number_suffix_idx').using('gin', sql`search_suffixes(${t.fileNumber})`),
    index('appointments_contact_name_trgm_idx').using('gin', t.contactName.op('gin_trgm_ops')),
    index('appointments_date_idx').on(t.date),
    index('appointments_state_idx').on(t.state, t.status),
    index('appointments_zip_idx').on(t.zip),
    check('appointments_zip_digits', sql`${t.zip} ~ '^[0-9]{5}$'`),
    check('appointments_time_format', sql`${t.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('appointments_tbd_time', sql`not ${t.timeTbd} or ${t.time} = '00:00'`),
    check('appointments_transaction_type', sql`${t.transactionType} between 0 and 4`),
    check('appointments_finance_type', sql`${t.financeType} is null or ${t.financeType} between 10 and 16`),
    check('appointments_fees_nonnegative', sql`${t.agentFeeCents} >= 0 and coalesce(${t.firmFeeCents}, 0) >= 0`),
    check('appointments_paid_time', sql`${t.agentPaid} = (${t.agentPaidAt} is not null)`),
    ...termsChecks('appointments', t),
    check('appointments_not_signed_reason', sql`(${t.outcome} is not distinct from 'not_signed') = (${t.notSignedReason} is not null)`),
    check('appointments_page_count', sql`${t.pageCount} is null or ${t.pageCount} between 1 and 2000`),
    check('appointments_assigned_agent', sql`${t.status} not in ('Scheduled', 'Completed') or ${t.assignedAgentId} is not null`),
  ],
);

/**
 * The Dashboard's charts, kept as counts (migration 0008) so that they cost the same at a million
 * appointments as at a thousand: statement triggers on `appointments` append each statement's net
 * change per (signing date, state, status) to `appointmentCountChanges` (insert-only: no two
 * writers wait on one counter row); reading the Dashboard folds those rows into the two tables
 * below, which it then reads together with any change not folded yet.
 */
export const appointmentCountChanges = pgTable('appointment_count_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  day: date('day').notNull(),
  state: varchar('state', { length: 2 }).notNull(),
  status: appointmentStatus('status').notNull(),
  delta: integer('delta').notNull(),
});

/** Appointments per signing date and status. */
export const appointmentDayCounts = pgTable(
  'appointment_day_counts',
  {
    day: date('day').notNull(),
    status: appointmentStatus('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status] })],
);

/** Appointments per state and status. */
export const appointmentStateCounts = pgTable(
  'appointment_state_counts',
  {
    state: varchar('state', { length: 2 }).notNull(),
    status: appointmentStatus('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.state, t.status] })],
);
