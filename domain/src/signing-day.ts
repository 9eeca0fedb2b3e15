/**
 * Signing day (issue 33, items 3 and 4): the agent's confirmation with the signer, the signer's
 * own answer through a confirmation link, and the return of the originals. The code tables, the
 * form's labels and limits (the agent app and the API share them), and the one line every
 * screen shows for each.
 */
import { CARRIERS, formatOrderInstant, type Carrier } from './signing-terms';
import type { TimeZoneCode } from './time-zones';

export const CONFIRMATION_RESULTS = {
  confirmed: 'Confirmed',
  reschedule: 'Asked to reschedule',
  unreached: 'Could not reach',
} as const;
export type ConfirmationResult = keyof typeof CONFIRMATION_RESULTS;
export const CONFIRMATION_RESULT_CODES = Object.keys(CONFIRMATION_RESULTS) as ConfirmationResult[];

/** How the signer was reached: the agent calls or texts; `link` is the signer's own answer. */
export const CONTACT_METHODS = { call: 'Called', text: 'Texted', link: 'Confirmation link' } as const;
export type ContactMethod = keyof typeof CONTACT_METHODS;
export const CONTACT_METHOD_CODES = Object.keys(CONTACT_METHODS) as ContactMethod[];
export const AGENT_CONTACT_METHODS = ['call', 'text'] as const satisfies readonly ContactMethod[];

/** The agent's confirmation form, as the agent app labels it and the API names its fields. */
export const CONFIRMATION_FORM = {
  methodLabel: 'How you reached the signer',
  methodMessage: 'Choose Called or Texted.',
  contactedAtLabel: 'When',
  contactedAtMessage: 'When must be a time in the last 14 days, not in the future.',
  resultLabel: 'Result',
  resultMessage: 'Choose Confirmed, Asked to reschedule or Could not reach.',
  rescheduleToLabel: 'When the signer asked to sign instead',
  rescheduleToMax: 200,
  rescheduleToRequired: 'When the signer asked to sign instead is required when the signer asked to reschedule.',
  rescheduleToTooLong: 'When the signer asked to sign instead must be at most 200 characters.',
  noteLabel: 'Note (optional)',
  noteMax: 400,
  noteTooLong: 'Note must be at most 400 characters.',
  /** How far back a confirmation may be dated (it may have been recorded offline). */
  maxAgeDays: 14,
  /** A phone's clock a little ahead of the server's is not "the future". */
  clockSkewSeconds: 300,
} as const;

export interface SignerConfirmation {
  result: ConfirmationResult;
  method: ContactMethod;
  /** Epoch seconds. */
  contactedAt: number;
  rescheduleTo: string | null;
  note: string | null;
}

const METHOD_WORDS: Record<ContactMethod, string> = { call: 'called', text: 'texted', link: 'through the confirmation link' };

/** The one line the order pages, the agent's card and the emails show for the latest confirmation. */
export function confirmationLine(
  c: Pick<SignerConfirmation, 'result' | 'method' | 'contactedAt' | 'rescheduleTo'>,
  zone: TimeZoneCode,
): string {
  const at = formatOrderInstant(c.contactedAt, zone);
  switch (c.result) {
    case 'confirmed':
      return `Confirmed with signer at ${at} (${METHOD_WORDS[c.method]})`;
    case 'reschedule':
      return `Signer asked to reschedule at ${at} (${METHOD_WORDS[c.method]})${c.rescheduleTo ? `: ${c.rescheduleTo}` : ''}`;
    case 'unreached':
      return `Could not reach the signer at ${at} (${METHOD_WORDS[c.method]})`;
  }
}

/** The signer's confirmation link (a signed token, once, until the signing starts at the latest). */
export const SIGNER_LINK = {
  /** A link is good for at most this long, and never past the signing's start. */
  validHours: 72,
  /** Texts and emails of confirmation links one person may send an hour (domain/user-limits.ts). */
  sendLabel: 'Send the signer a confirmation link',
  viaLabels: { sms: 'By text', email: 'By email' },
  noPhone: 'The order has no phone number for the signer: send the link by email instead.',
  noEmail: 'The order has no email address for the signer: send the link by text instead.',
  pageTitle: 'Confirm your signing appointment',
  answered: 'Thank you. Your answer was sent to your signing agent.',
  used: 'This link was already used. Your signing agent has your answer; call them to change it.',
  expired: 'This link has expired. Please call your signing agent or the title company.',
  preferredLabel: 'A time that suits you better',
  preferredMax: 200,
  preferredRequired: 'A time that suits you better is required to ask for another time.',
  preferredTooLong: 'A time that suits you better must be at most 200 characters.',
} as const;

/** The text or email a signer receives: the date, the time and the city, and the link. */
export function signerLinkMessage(facts: { date: string; time: string; city: string }, url: string): string {
  return `Your loan signing is set for ${facts.date} at ${facts.time} in ${facts.city}. Please confirm or ask for another time: ${url}`;
}

/** The return of the originals (issue 33, item 4): the carrier and the tracking number. */
export const SHIPMENT_FORM = {
  carrierLabel: 'Carrier',
  carrierMessage: `Choose the carrier: ${Object.keys(CARRIERS).join(', ')}.`,
  trackingLabel: 'Tracking number',
  trackingMin: 8,
  trackingMax: 40,
  trackingMessage: 'Tracking number must be 8 to 40 letters and digits (spaces and hyphens allowed).',
} as const;

/** A tracking number as carriers print it, without the spaces and hyphens their pages do not take. */
export function normalTrackingNumber(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

export function trackingUrl(carrier: Carrier, trackingNumber: string): string {
  return `${CARRIERS[carrier]}${encodeURIComponent(normalTrackingNumber(trackingNumber))}`;
}

/**
 * The other proof of the return (issue 33, item 4): a photo of the carrier's drop-off receipt,
 * for the agent at a counter who has no tracking number to type. It is a file of its own kind
 * on the order, uploaded through the agent app's outbox like a scan-back.
 */
export const RECEIPT = {
  /** The agent app's button: a file input that opens the camera. */
  add: 'Add a photo of the drop-off receipt',
  hint: 'No tracking number? A photo of the carrier’s drop-off receipt records the originals as dropped off.',
  replace: 'Replace the receipt photo',
  /** What the file is called wherever it is listed or linked. */
  label: 'Drop-off receipt',
  view: 'View the drop-off receipt',
  oneFileMessage: 'A drop-off receipt is one photo or PDF.',
} as const;

export interface ReturnShipment {
  carrier: Carrier;
  /** Null when only a photo of the drop-off receipt was recorded. */
  trackingNumber: string | null;
  /** Epoch seconds. */
  shippedAt: number;
}

export function shipmentLine(s: ReturnShipment, zone: TimeZoneCode): string {
  const at = formatOrderInstant(s.shippedAt, zone);
  return s.trackingNumber === null
    ? `Originals dropped off at ${s.carrier} at ${at} (photo of the receipt)`
    : `Originals shipped by ${s.carrier} at ${at}, tracking ${s.trackingNumber}`;
}

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

/** An order's signing-day columns as stored (db/src/schema/signing-terms.ts, signingDayColumns). */
export interface SigningDayColumns {
  timeZone: TimeZoneCode;
  confirmationResult: ConfirmationResult | null;
  confirmationMethod: ContactMethod | null;
  confirmationContactedAt: Date | null;
  confirmationRescheduleTo: string | null;
  confirmationNote: string | null;
  originalsCarrier: Carrier | null;
  originalsTracking: string | null;
  originalsShippedAt: Date | null;
  originalsReceiptFileId: string | null;
}

/** The latest confirmation with the signer, as every view answers it; null before the first. */
export function confirmationView(a: SigningDayColumns) {
  if (!a.confirmationResult || !a.confirmationMethod || !a.confirmationContactedAt) return null;
  const facts = {
    result: a.confirmationResult,
    method: a.confirmationMethod,
    contactedAt: epoch(a.confirmationContactedAt),
    rescheduleTo: a.confirmationRescheduleTo,
    note: a.confirmationNote,
  };
  return { ...facts, line: confirmationLine(facts, a.timeZone) };
}

/**
 * The originals' shipment, as every view answers it: a tracking number, a photo of the drop-off
 * receipt, or both; null until one is recorded.
 */
export function shipmentView(a: SigningDayColumns) {
  if (!a.originalsCarrier || !a.originalsShippedAt || (!a.originalsTracking && !a.originalsReceiptFileId)) return null;
  const facts = { carrier: a.originalsCarrier, trackingNumber: a.originalsTracking, shippedAt: epoch(a.originalsShippedAt) };
  return {
    ...facts,
    trackingUrl: facts.trackingNumber === null ? null : trackingUrl(facts.carrier, facts.trackingNumber),
    receiptFileId: a.originalsReceiptFileId,
    line: shipmentLine(facts, a.timeZone),
  };
}

/** What clears a confirmation: another agent, or another date or time (the signer confirmed the old one). */
export const CONFIRMATION_CLEARED = {
  confirmationResult: null,
  confirmationMethod: null,
  confirmationContactedAt: null,
  confirmationRescheduleTo: null,
  confirmationNote: null,
} as const;
