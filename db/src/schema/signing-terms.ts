import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, integer, pgEnum, pgTable, smallint, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import {
  CARRIER_CODES,
  PRINTED_BY_CODES,
  RETURN_METHOD_CODES,
  SHIP_BY_DAY_CODES,
  TERMS_BOUNDS,
  TERMS_DEFAULTS,
  type Carrier,
  type PrintedBy,
  type ReturnMethod,
  type ShipByDay,
} from '@signingdesk/domain/signing-terms';
import { NOT_SIGNED_REASON_CODES, OUTCOME_CODES, type NotSignedReason, type Outcome } from '@signingdesk/domain/signing-outcome';
import {
  CONFIRMATION_FORM,
  CONFIRMATION_RESULT_CODES,
  CONTACT_METHOD_CODES,
  SHIPMENT_FORM,
  type ConfirmationResult,
  type ContactMethod,
} from '@signingdesk/domain/signing-day';
import { user } from './auth';
import { firms } from './firms';

/** Signing terms (issue 33, decision 068): the code tables of domain/signing-terms.ts. */
export const returnMethod = pgEnum('return_method', RETURN_METHOD_CODES as [ReturnMethod, ...ReturnMethod[]]);
export const carrier = pgEnum('carrier', CARRIER_CODES as [Carrier, ...Carrier[]]);
export const shipByDay = pgEnum('ship_by_day', SHIP_BY_DAY_CODES as [ShipByDay, ...ShipByDay[]]);
export const printedBy = pgEnum('printed_by', PRINTED_BY_CODES as [PrintedBy, ...PrintedBy[]]);

const within = (column: AnyPgColumn, bounds: { min: number; max: number }) =>
  sql`${column} between ${sql.raw(String(bounds.min))} and ${sql.raw(String(bounds.max))}`;

/**
 * The terms' columns, on an order and on a firm's defaults. Orders written before the terms
 * existed take TERMS_DEFAULTS (the migration's defaults), which is what those firms had agreed
 * by phone at best; a new order always writes its own.
 */
export const termsColumns = () => ({
  scanBackHours: smallint('scan_back_hours').notNull().default(TERMS_DEFAULTS.scanBackHours),
  returnMethod: returnMethod('return_method').notNull().default(TERMS_DEFAULTS.returnMethod),
  returnCarrier: carrier('return_carrier').default('FedEx'),
  shipByDay: shipByDay('ship_by_day').notNull().default(TERMS_DEFAULTS.shipByDay),
  shipByTime: varchar('ship_by_time', { length: 5 }).notNull().default(TERMS_DEFAULTS.shipByTime),
  printedBy: printedBy('printed_by').notNull().default(TERMS_DEFAULTS.printedBy),
  paymentTermsDays: smallint('payment_terms_days').notNull().default(TERMS_DEFAULTS.paymentTermsDays),
  tripFeeCents: integer('trip_fee_cents').notNull().default(TERMS_DEFAULTS.tripFeeCents),
  extraSignerFeeCents: integer('extra_signer_fee_cents').notNull().default(TERMS_DEFAULTS.extraSignerFeeCents),
});

/** The checks both tables keep: the bounds of TERMS_BOUNDS, a time as HH:MM, a carrier whenever originals go back. */
export const termsChecks = (
  prefix: string,
  t: {
    scanBackHours: AnyPgColumn;
    returnMethod: AnyPgColumn;
    returnCarrier: AnyPgColumn;
    shipByTime: AnyPgColumn;
    paymentTermsDays: AnyPgColumn;
    tripFeeCents: AnyPgColumn;
    extraSignerFeeCents: AnyPgColumn;
  },
) => [
  check(`${prefix}_scan_back_hours`, within(t.scanBackHours, TERMS_BOUNDS.scanBackHours)),
  check(`${prefix}_payment_terms`, within(t.paymentTermsDays, TERMS_BOUNDS.paymentTermsDays)),
  check(`${prefix}_trip_fee`, within(t.tripFeeCents, TERMS_BOUNDS.tripFeeCents)),
  check(`${prefix}_extra_signer_fee`, within(t.extraSignerFeeCents, TERMS_BOUNDS.extraSignerFeeCents)),
  check(`${prefix}_ship_by_time`, sql`${t.shipByTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  check(`${prefix}_carrier`, sql`${t.returnMethod} = 'none' or ${t.returnCarrier} is not null`),
];

/** How the signing ended (issue 33, item 2; domain/signing-outcome.ts). */
export const signingOutcome = pgEnum('signing_outcome', OUTCOME_CODES as [Outcome, ...Outcome[]]);
export const notSignedReason = pgEnum('not_signed_reason', NOT_SIGNED_REASON_CODES as [NotSignedReason, ...NotSignedReason[]]);

/** The outcome's columns on an order: null until the signing is marked complete or not signed. */
export const outcomeColumns = () => ({
  outcome: signingOutcome('outcome'),
  notSignedReason: notSignedReason('not_signed_reason'),
  outcomeNote: varchar('outcome_note', { length: 400 }),
  rescheduleRequested: boolean('reschedule_requested').notNull().default(false),
  rescheduleNote: varchar('reschedule_note', { length: 200 }),
});

/** A firm's default terms (the operators' firm settings); a firm without a row uses TERMS_DEFAULTS. */
export const firmOrderTerms = pgTable(
  'firm_order_terms',
  {
    firmId: uuid('firm_id')
      .primaryKey()
      .references(() => firms.id, { onDelete: 'cascade' }),
    ...termsColumns(),
    updatedBy: uuid('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => termsChecks('firm_order_terms', t),
);

/** Signing day (issue 33, items 3 and 4; domain/signing-day.ts). */
export const confirmationResult = pgEnum('confirmation_result', CONFIRMATION_RESULT_CODES as [ConfirmationResult, ...ConfirmationResult[]]);
export const contactMethod = pgEnum('contact_method', CONTACT_METHOD_CODES as [ContactMethod, ...ContactMethod[]]);

/**
 * The latest confirmation with the signer and the return of the originals, on the order: every
 * view reads them with the order. Each confirmation is also in the audit log (the timeline). A
 * new agent or a new date or time clears the confirmation; the shipment stays with the signing.
 */
export const signingDayColumns = () => ({
  /** When the agent now assigned was assigned: the confirmation reminders count from it. */
  assignedAt: timestamp('assigned_at', { withTimezone: true }),
  confirmationResult: confirmationResult('confirmation_result'),
  confirmationMethod: contactMethod('confirmation_method'),
  confirmationContactedAt: timestamp('confirmation_contacted_at', { withTimezone: true }),
  confirmationRescheduleTo: varchar('confirmation_reschedule_to', { length: CONFIRMATION_FORM.rescheduleToMax }),
  confirmationNote: varchar('confirmation_note', { length: CONFIRMATION_FORM.noteMax }),
  originalsCarrier: carrier('originals_carrier'),
  originalsTracking: varchar('originals_tracking', { length: SHIPMENT_FORM.trackingMax + 20 }),
  originalsShippedAt: timestamp('originals_shipped_at', { withTimezone: true }),
  /**
   * The photo of the drop-off receipt (files.kind 'receipt'), when the agent recorded one. No
   * foreign key (files already references appointments): deleting the file clears it
   * (files.lifecycle.ts deleteFile).
   */
  originalsReceiptFileId: uuid('originals_receipt_file_id'),
  /**
   * Documents uploaded to the assigned order wait here for one coalesced notice to the agent
   * (issue 33, item 7): when it is due (the first upload's time and DOCUMENTS_NOTICE_DELAY), and
   * the upload time of the last document a notice told of (the later ones are the next notice's).
   */
  documentsNoticeDueAt: timestamp('documents_notice_due_at', { withTimezone: true }),
  documentsNoticedAt: timestamp('documents_noticed_at', { withTimezone: true }),
});
