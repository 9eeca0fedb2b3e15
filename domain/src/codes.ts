/** Code tables of spec 01 §3 / spec 02 §3, verbatim. */
export const TRANSACTION_TYPES = {
  0: 'Not Defined',
  1: 'Purchase',
  2: 'Refinance',
  3: 'Sellers Deed Set',
  4: 'Other',
} as const;
export type TransactionType = keyof typeof TRANSACTION_TYPES;

export const FINANCE_TYPES = {
  10: 'Not Defined',
  11: 'FHA',
  12: 'Conventional',
  13: 'Reverse',
  14: 'HELOC',
  15: 'Commercial',
  16: 'VA',
} as const;
export type FinanceType = keyof typeof FINANCE_TYPES;

/**
 * What a user reads for an order's finance type. Finance type is optional (spec 01 §5); an order
 * without one reads as the spec's "Not Defined" (code 10), one wording for "no finance type".
 */
export function financeTypeLabel(code: number | null): string {
  return code !== null && Object.hasOwn(FINANCE_TYPES, code) ? FINANCE_TYPES[code as FinanceType] : FINANCE_TYPES[10];
}

/** Appointment statuses; `Paused` is shown as "On Hold". */
export const APPOINTMENT_STATUSES = ['Open', 'Pending', 'Scheduled', 'Paused', 'Completed', 'Canceled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  Open: 'Open',
  Pending: 'Pending',
  Scheduled: 'Scheduled',
  Paused: 'On Hold',
  Completed: 'Completed',
  Canceled: 'Canceled',
};

/** What a user reads for a status ("On Hold" for `Paused`); an unknown value is shown as it is. */
export function appointmentStatusLabel(status: string): string {
  return (APPOINTMENT_STATUSES as readonly string[]).includes(status) ? APPOINTMENT_STATUS_LABELS[status as AppointmentStatus] : status;
}

/** An agent's relation to one appointment (DESIGN.md "Domain"). */
export const OFFER_STATUSES = ['offered', 'claimed', 'countered', 'declined', 'approved', 'rejected', 'removed'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Firm numbers fixed by spec 02 §3 / §9. */
export const INDEPENDENT_NOTARY_ORG_NUMBER = 0;
export const ALL_FIRMS_ORG_NUMBER = 1000;
export const MANAGING_ORG_NUMBERS = [3000, 3001] as const;
export const DEFAULT_MANAGING_ORG_NUMBER = 3000;

export const MAX_CERTIFIED_STATES = 5;
export const MAX_COMMENTS_LENGTH = 400;
/** A message-center note: the spec sets no limit; 2000 characters keeps a note a note. */
export const MAX_NOTE_LENGTH = 2000;
export const SEARCH_RADII_MILES = [10, 20, 50, 100, 250] as const;
