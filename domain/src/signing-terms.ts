/**
 * An order's signing terms (issue 33, decision 068): what the agent agrees to before claiming —
 * when the scan backs are due, how the originals go back and by when, who prints and about how
 * many pages, when the agent is paid, and what is paid when the signer does not sign or brings
 * another signer. A firm keeps defaults (the operators' firm settings); a new order starts
 * from them and the escrow or operator form may change each one. The order keeps its own copy,
 * so terms an agent accepted never change under them when the firm's defaults do.
 *
 * One statement for the API, the console's forms, the agent app and the notification texts:
 * the bounds and labels, the firm defaults' and the order fields' schemas (each message names
 * the field as the form labels it), the cross-field rules, and the lines every screen shows.
 */
import { AGENT_FEE_MAX_CENTS } from './fee-rules';
import { formatCents } from './money';
import { appointmentInstant, formatTime, formatUsDate, TIME_ZONES, wallClockParts, type TimeZoneCode } from './time-zones';

export const RETURN_METHODS = {
  dropoff: 'Drop off at a carrier',
  prepaid_label: 'Prepaid return label in the package',
  none: 'No originals to return',
} as const;
export type ReturnMethod = keyof typeof RETURN_METHODS;
export const RETURN_METHOD_CODES = Object.keys(RETURN_METHODS) as ReturnMethod[];

/** The carriers an agent ships originals with, and the page that tracks a shipment of each. */
export const CARRIERS = {
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr=',
  UPS: 'https://www.ups.com/track?tracknum=',
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  DHL: 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id=',
} as const;
export type Carrier = keyof typeof CARRIERS;
export const CARRIER_CODES = Object.keys(CARRIERS) as Carrier[];

export const SHIP_BY_DAYS = { same_day: 'Same day as the signing', next_day: 'Day after the signing' } as const;
export type ShipByDay = keyof typeof SHIP_BY_DAYS;
export const SHIP_BY_DAY_CODES = Object.keys(SHIP_BY_DAYS) as ShipByDay[];

export const PRINTED_BY = { agent: 'The signing agent prints', title_company: 'The title company ships them printed' } as const;
export type PrintedBy = keyof typeof PRINTED_BY;
export const PRINTED_BY_CODES = Object.keys(PRINTED_BY) as PrintedBy[];

/** Each term's label, exactly as the forms show it. */
export const TERMS_LABELS = {
  scanBackHours: 'Scan-back deadline (hours after the signing)',
  returnMethod: 'Return of originals',
  returnCarrier: 'Carrier',
  shipByDay: 'Ship by (day)',
  shipByTime: 'Ship by (time)',
  printedBy: 'Who prints',
  pageCount: 'Pages to print (about)',
  paymentTermsDays: 'Payment terms (days after completion)',
  tripFee: 'Trip fee if the signer does not sign',
  extraSignerFee: 'Fee per extra signer',
} as const;
export type TermsField = keyof typeof TERMS_LABELS;

export const TERMS_BOUNDS = {
  scanBackHours: { min: 1, max: 72 },
  pageCount: { min: 1, max: 2000 },
  paymentTermsDays: { min: 0, max: 120 },
  tripFeeCents: { min: 0, max: AGENT_FEE_MAX_CENTS },
  extraSignerFeeCents: { min: 0, max: 50_000 },
} as const;

/** The shipment must leave at least this long after the signing starts (a same-day ship-by). */
export const SHIP_BY_MIN_AFTER_SIGNING_MINUTES = 60;

/** The terms as stored, on an order and (without the page count) as a firm's defaults. */
export interface SigningTerms {
  scanBackHours: number;
  returnMethod: ReturnMethod;
  /** Null when there are no originals to return. */
  returnCarrier: Carrier | null;
  shipByDay: ShipByDay;
  /** HH:MM (24 h) in the order's zone. */
  shipByTime: string;
  printedBy: PrintedBy;
  /** About how many pages the agent prints; null when not said. */
  pageCount: number | null;
  paymentTermsDays: number;
  tripFeeCents: number;
  extraSignerFeeCents: number;
}
export type FirmTermsDefaults = Omit<SigningTerms, 'pageCount'>;

/**
 * A firm that never set its own: scan backs within the spec's two hours (spec 01 §10), originals
 * dropped at FedEx by 5 PM the next day, the agent prints, paid within 30 days, a $50 trip fee
 * and $25 a signer beyond the first.
 */
export const TERMS_DEFAULTS: FirmTermsDefaults = {
  scanBackHours: 2,
  returnMethod: 'dropoff',
  returnCarrier: 'FedEx',
  shipByDay: 'next_day',
  shipByTime: '17:00',
  printedBy: 'agent',
  paymentTermsDays: 30,
  tripFeeCents: 5_000,
  extraSignerFeeCents: 2_500,
};

/** The escrow side changes the terms only until the order is sent to agents, like the fee it offers (decision 047). */
export const TERMS_LOCKED_MESSAGE =
  'The signing terms can no longer be changed here: signing agents have been offered this order on its terms. Send SigningDesk a message to change them.';

export interface TermsProblem {
  field: TermsField;
  message: string;
}

export function carrierProblem(terms: { returnMethod: ReturnMethod; returnCarrier: Carrier | null }): TermsProblem | null {
  return terms.returnMethod !== 'none' && !terms.returnCarrier
    ? { field: 'returnCarrier', message: `${TERMS_LABELS.returnCarrier} is required when the originals are returned` }
    : null;
}

/** What an order's terms and its time and fee must agree on, as field messages (empty when they do). */
export function orderTermsProblems(
  terms: SigningTerms,
  order: { date: string; time: string; timeTbd: boolean; timeZone: TimeZoneCode; agentFeeCents: number },
): TermsProblem[] {
  const problems: TermsProblem[] = [];
  const carrier = carrierProblem(terms);
  if (carrier) problems.push(carrier);
  if (terms.tripFeeCents > order.agentFeeCents) {
    problems.push({
      field: 'tripFee',
      message: `${TERMS_LABELS.tripFee} must be at most the signing agent fee (${formatCents(order.agentFeeCents)})`,
    });
  }
  if (terms.returnMethod !== 'none' && terms.shipByDay === 'same_day' && !order.timeTbd) {
    const starts = appointmentInstant(order.date, order.time, order.timeZone);
    const shipBy = appointmentInstant(order.date, terms.shipByTime, order.timeZone);
    if (shipBy - starts < SHIP_BY_MIN_AFTER_SIGNING_MINUTES * 60) {
      problems.push({
        field: 'shipByTime',
        message: `${TERMS_LABELS.shipByTime} must be at least an hour after the signing's time (${formatTime(order.time)}) on the same day; choose a later time or the day after`,
      });
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// What people read

interface TermsOrder {
  date: string;
  time: string;
  timeTbd: boolean;
  timeZone: TimeZoneCode;
  startsAt: number;
  scanBackRequired: boolean;
}

/** Epoch seconds as '12/04/2026, 4:30 PM CT' in an order's zone. */
export function formatOrderInstant(epochSeconds: number, zone: TimeZoneCode): string {
  const { year, month, day, hour, minute } = wallClockParts(TIME_ZONES[zone].iana, new Date(epochSeconds * 1000));
  return `${formatUsDate(`${year}-${month}-${day}`)}, ${formatTime(`${hour}:${minute}`)} ${zone}`;
}

/** When the scan backs are due (epoch seconds); null when none are required or the time is TBD. */
export function scanBackDueAt(order: TermsOrder, terms: Pick<SigningTerms, 'scanBackHours'>): number | null {
  return order.scanBackRequired && !order.timeTbd ? order.startsAt + terms.scanBackHours * 3600 : null;
}

/** When the originals must have shipped (epoch seconds); null when there are none to return. */
export function shipByAt(order: TermsOrder, terms: Pick<SigningTerms, 'returnMethod' | 'shipByDay' | 'shipByTime'>): number | null {
  if (terms.returnMethod === 'none') return null;
  const day = terms.shipByDay === 'next_day' ? nextDay(order.date) : order.date;
  return appointmentInstant(day, terms.shipByTime, order.timeZone);
}

function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

export interface TermsLine {
  /** Stable key for tests and lists. */
  key: 'scanBacks' | 'return' | 'printing' | 'payment' | 'tripFee' | 'extraSigner';
  label: string;
  value: string;
}

/** The terms as every screen lists them (the offer, the preview, the order pages, the emails). */
export function signingTermsLines(order: TermsOrder, terms: SigningTerms): TermsLine[] {
  const lines: TermsLine[] = [];
  if (order.scanBackRequired) {
    const due = scanBackDueAt(order, terms);
    const after = `${terms.scanBackHours} h after the signing`;
    lines.push({
      key: 'scanBacks',
      label: 'Scan backs due',
      value: due === null ? `${after} (time TBD)` : `${formatOrderInstant(due, order.timeZone)} (${after})`,
    });
  }
  lines.push({ key: 'return', label: 'Originals', value: returnText(order, terms) });
  lines.push({
    key: 'printing',
    label: 'Printing',
    value:
      terms.printedBy === 'agent'
        ? `The signing agent prints${terms.pageCount ? ` about ${terms.pageCount} pages` : ''}`
        : `The title company ships them printed${terms.pageCount ? ` (about ${terms.pageCount} pages)` : ''}`,
  });
  lines.push({ key: 'payment', label: 'Payment', value: paymentText(terms.paymentTermsDays) });
  lines.push({
    key: 'tripFee',
    label: 'If the signer does not sign',
    value: terms.tripFeeCents > 0 ? `Trip fee ${formatCents(terms.tripFeeCents)}` : 'No trip fee',
  });
  lines.push({
    key: 'extraSigner',
    label: 'Extra signers',
    value: terms.extraSignerFeeCents > 0 ? `${formatCents(terms.extraSignerFeeCents)} for each signer beyond the first` : 'No extra fee',
  });
  return lines;
}

function returnText(order: TermsOrder, terms: SigningTerms): string {
  const shipBy = shipByAt(order, terms);
  if (shipBy === null) return RETURN_METHODS.none;
  const by = formatOrderInstant(shipBy, order.timeZone);
  return terms.returnMethod === 'dropoff'
    ? `Drop off at ${terms.returnCarrier ?? 'the carrier'} by ${by}`
    : `Ship with the prepaid ${terms.returnCarrier ?? ''} label in the package by ${by}`.replace('  ', ' ');
}

function paymentText(days: number): string {
  return days === 0 ? 'Paid on completion' : `Paid within ${days} day${days === 1 ? '' : 's'} of completion (net ${days})`;
}

/** One short line for an offer's text or push: 'Scan backs 2 h after · FedEx drop-off by 12/05 5:00 PM · trip fee $50.00'. */
export function signingTermsShort(order: TermsOrder, terms: SigningTerms): string {
  const parts: string[] = [];
  if (order.scanBackRequired) parts.push(`scan backs ${terms.scanBackHours} h after`);
  const shipBy = shipByAt(order, terms);
  if (shipBy !== null) {
    const [day, time] = formatOrderInstant(shipBy, order.timeZone).split(', ') as [string, string];
    parts.push(
      `${terms.returnCarrier ?? ''} ${terms.returnMethod === 'dropoff' ? 'drop-off' : 'label'} by ${day.slice(0, 5)} ${time}`.trim(),
    );
  } else parts.push('no originals');
  if (terms.tripFeeCents > 0) parts.push(`trip fee ${formatCents(terms.tripFeeCents)}`);
  parts.push(terms.paymentTermsDays === 0 ? 'paid on completion' : `net ${terms.paymentTermsDays}`);
  return parts.join(' · ');
}

/** One line for the firm's page: 'Scan backs 2 h after · FedEx drop-off by 5:00 PM the next day · net 30 · trip fee $50.00'. */
export function firmTermsSummary(t: FirmTermsDefaults): string {
  const ret =
    t.returnMethod === 'none'
      ? 'no originals'
      : `${t.returnCarrier} ${t.returnMethod === 'dropoff' ? 'drop-off' : 'prepaid label'} by ${formatTime(t.shipByTime)} ${t.shipByDay === 'next_day' ? 'the next day' : 'the same day'}`;
  return [
    `Scan backs ${t.scanBackHours} h after`,
    ret,
    t.printedBy === 'agent' ? 'agent prints' : 'printed by the title company',
    paymentText(t.paymentTermsDays).toLowerCase(),
    t.tripFeeCents > 0 ? `trip fee ${formatCents(t.tripFeeCents)}` : 'no trip fee',
  ].join(' · ');
}

/** The terms of a stored order row (its columns carry the same names). */
export function termsOf(row: SigningTerms): SigningTerms {
  return {
    scanBackHours: row.scanBackHours,
    returnMethod: row.returnMethod,
    returnCarrier: row.returnMethod === 'none' ? null : row.returnCarrier,
    shipByDay: row.shipByDay,
    shipByTime: row.shipByTime,
    printedBy: row.printedBy,
    pageCount: row.pageCount,
    paymentTermsDays: row.paymentTermsDays,
    tripFeeCents: row.tripFeeCents,
    extraSignerFeeCents: row.extraSignerFeeCents,
  };
}

/** An order's terms as every view answers them: the stored values, the two deadlines, the lines and the short line. */
export function termsView(order: TermsOrder & SigningTerms) {
  const terms = termsOf(order);
  return {
    ...terms,
    scanBackDueAt: scanBackDueAt(order, terms),
    shipByAt: shipByAt(order, terms),
    lines: signingTermsLines(order, terms),
    short: signingTermsShort(order, terms),
  };
}
export type TermsView = ReturnType<typeof termsView>;

/** The terms view of an order on TERMS_DEFAULTS (an order whose firm never set its own). */
export const defaultTermsView = (order: TermsOrder) => termsView({ ...order, ...TERMS_DEFAULTS, pageCount: null });
