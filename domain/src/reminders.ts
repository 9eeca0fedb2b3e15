/**
 * Signing-day reminders (issue 33, item 5): the fixed points before and after a signing at which
 * the person who must act is reminded, instead of a phone call. Each reminder is due at an
 * instant of the order (`anchor` + `offsetMinutes`), is sent only while its condition still holds
 * (the API's sweep reads it in SQL), at most once per order and due time, and not at all once it
 * is later than `lateMinutes` (a sweep that was down does not send what no longer helps).
 */
export const REMINDER_KINDS = [
  'documents_24h',
  'documents_3h',
  'not_downloaded',
  'unconfirmed_agent',
  'unconfirmed_operators',
  'evening_before',
  'hour_before',
  'not_completed',
  'scan_backs_soon',
  'scan_backs_overdue',
  'not_shipped',
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** What a reminder's time is counted from. */
export type ReminderAnchor = 'start' | 'assigned' | 'evening_before' | 'scan_backs_due' | 'ship_by';
export type ReminderRecipient = 'escrow' | 'agent' | 'operators';

export interface ReminderRule {
  anchor: ReminderAnchor;
  offsetMinutes: number;
  lateMinutes: number;
  to: readonly ReminderRecipient[];
  /** The push title and email subject. */
  title: string;
  /** What the person reads: the order's name, time and place are added by the renderer. */
  body: string;
}

/** The evening before a signing, in the order's zone. */
export const EVENING_BEFORE_TIME = '18:00';

export const REMINDERS: Record<ReminderKind, ReminderRule> = {
  documents_24h: {
    anchor: 'start',
    offsetMinutes: -24 * 60,
    lateMinutes: 6 * 60,
    to: ['escrow'],
    title: 'Documents needed',
    body: 'No documents are uploaded for the signing in 24 hours. Upload them so the signing agent can print.',
  },
  documents_3h: {
    anchor: 'start',
    offsetMinutes: -3 * 60,
    lateMinutes: 2 * 60,
    to: ['escrow'],
    title: 'Documents still needed',
    body: 'No documents are uploaded for the signing in 3 hours. Upload them now, or message the signing agent.',
  },
  not_downloaded: {
    anchor: 'start',
    offsetMinutes: -2 * 60,
    lateMinutes: 90,
    to: ['agent'],
    title: 'Download the documents',
    body: 'The documents for your signing in 2 hours are not downloaded yet.',
  },
  unconfirmed_agent: {
    anchor: 'assigned',
    offsetMinutes: 2 * 60,
    lateMinutes: 12 * 60,
    to: ['agent'],
    title: 'Confirm with the signer',
    body: 'You have not recorded a confirmation with the signer yet. Call or text them, then record it in the app.',
  },
  unconfirmed_operators: {
    anchor: 'assigned',
    offsetMinutes: 4 * 60,
    lateMinutes: 12 * 60,
    to: ['operators'],
    title: 'Signer not confirmed',
    body: 'The signing agent has not confirmed with the signer 4 hours after being assigned.',
  },
  evening_before: {
    anchor: 'evening_before',
    offsetMinutes: 0,
    lateMinutes: 3 * 60,
    to: ['agent'],
    title: 'Signing tomorrow',
    body: 'Your signing is tomorrow.',
  },
  hour_before: {
    anchor: 'start',
    offsetMinutes: -60,
    lateMinutes: 45,
    to: ['agent'],
    title: 'Signing in 1 hour',
    body: 'Your signing starts in 1 hour.',
  },
  not_completed: {
    anchor: 'start',
    offsetMinutes: 2 * 60,
    lateMinutes: 12 * 60,
    to: ['agent'],
    title: 'Mark the signing complete',
    body: 'The signing started 2 hours ago and is not marked complete. Mark it complete, or record that the signer did not sign.',
  },
  scan_backs_soon: {
    anchor: 'scan_backs_due',
    offsetMinutes: -30,
    lateMinutes: 25,
    to: ['agent'],
    title: 'Scan backs due in 30 minutes',
    body: 'The scan backs are due in 30 minutes and none are uploaded.',
  },
  scan_backs_overdue: {
    anchor: 'scan_backs_due',
    offsetMinutes: 0,
    lateMinutes: 12 * 60,
    to: ['agent', 'escrow', 'operators'],
    title: 'Scan backs overdue',
    body: 'The scan backs were due and none are uploaded.',
  },
  not_shipped: {
    anchor: 'ship_by',
    offsetMinutes: 0,
    lateMinutes: 12 * 60,
    to: ['agent', 'operators'],
    title: 'Originals not shipped',
    body: 'The originals were due to ship and no tracking number is recorded.',
  },
};

/** A maps link for the signing's address (the agent's evening-before and hour-before reminders). */
export function mapsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/**
 * The operators' at-risk list (issue 33, item 6): the reminders whose condition still holds past
 * their time are the orders at risk now, each with its reason and the one action that resolves it.
 */
export const AT_RISK = {
  documents_3h: { label: 'No documents 3 hours before the signing', action: 'Ask the escrow officer for the documents' },
  not_downloaded: { label: 'Documents not downloaded 2 hours before the signing', action: 'Call the signing agent' },
  unconfirmed_operators: { label: 'Signer not confirmed 4 hours after the assignment', action: 'Call the signing agent' },
  not_completed: { label: 'Not marked complete 2 hours after the start', action: 'Mark complete or record that the signer did not sign' },
  scan_backs_overdue: { label: 'Scan backs overdue', action: 'Call the signing agent for the scan backs' },
  not_shipped: { label: 'Originals not shipped by the ship-by time', action: 'Record the shipment or call the signing agent' },
} as const satisfies Partial<Record<ReminderKind, { label: string; action: string }>>;
export type AtRiskReason = keyof typeof AT_RISK;
export const AT_RISK_REASONS = Object.keys(AT_RISK) as AtRiskReason[];

/**
 * What the escrow officer must do (issue 33, item 6), marked at the top of In Process: the
 * officer's own reminders past their time while their condition holds — documents missing once
 * the signing is less than 24 hours away.
 */
export const ESCROW_NEEDS = {
  documents_24h: { label: 'No documents for the signing in less than 24 hours', action: 'Upload the documents' },
} as const satisfies Partial<Record<ReminderKind, { label: string; action: string }>>;
export type EscrowNeed = keyof typeof ESCROW_NEEDS;
export const ESCROW_NEED_REASONS = Object.keys(ESCROW_NEEDS) as EscrowNeed[];

/**
 * Documents uploaded to an assigned order are told to its agent once for the lot (issue 33, item
 * 7): the notice waits this long after the first upload, and takes every document uploaded
 * meanwhile. The signing-day sweep sends it, so the agent hears within two sweeps of the upload.
 */
export const DOCUMENTS_NOTICE_DELAY_MINUTES = 2;
