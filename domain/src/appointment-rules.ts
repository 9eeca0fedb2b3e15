/**
 * Rules of an appointment order (spec 01 §5, spec 02 §5) that the API and the forms share.
 */
import { formatTime, formatUsDate } from './time-zones';

export const ZIP_PATTERN = /^\d{5}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Money as typed: an optional leading $, digits, up to two decimals. */
export const MONEY_PATTERN = /^\$?\d{1,6}(\.\d{1,2})?$/;
export const COUNTER_OFFER_MESSAGE = 'Please enter a valid counter offer.';

/**
 * The spec's 3 days (259,200,000 ms) after the appointment time: how long completed-request
 * panels stay enabled, and how long the assigned agent keeps the borrower's details.
 */
export const AGENT_DETAIL_WINDOW_SECONDS = 259_200;
/** Scan-backs are due within two hours of completion. */
export const SCAN_BACK_WINDOW_HOURS = 2;

export const IN_PROCESS_STATUSES = ['Open', 'Pending', 'Scheduled', 'Paused'] as const;
export const CLOSED_STATUSES = ['Completed', 'Canceled'] as const;

export function isValidCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 2000 && y <= 2100;
}

/**
 * Whether the assigned agent may still see the borrower's details (signer, street, notes,
 * lender), the documents and the messages of an order (DESIGN.md "Data lifecycle"): while the
 * work is not finished, and for a completed signing until 3 days after the appointment time.
 * A canceled order is finished with nothing left to do or be paid, so it has no window (the
 * panels of spec 01 are never enabled for it either). Afterwards the agent keeps the record
 * of what they are paid for: the API answers it, and 404 for everything else of the order.
 */
export function agentDetailWindowOpen(
  appointment: { status: string; startsAt: number },
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (appointment.status === 'Canceled') return false;
  if (appointment.status !== 'Completed') return true;
  return nowSeconds <= appointment.startsAt + AGENT_DETAIL_WINDOW_SECONDS;
}

/** What the agent reads where the borrower's details were, once the window has closed. */
export const AGENT_RECORD_MESSAGE =
  'The signer’s details, the address and the documents of this signing are no longer available: they are shown for 3 days after the appointment. What you need to be paid stays here.';

/** Whether an order's details can still be edited: not once it is completed or canceled. */
export function orderEditable(status: string): boolean {
  return !(CLOSED_STATUSES as readonly string[]).includes(status);
}

/**
 * Whether a file of an order may be deleted (issue 27, item 13): while the order is in process,
 * by anyone who may see its files; once it is completed or canceled the files are its record,
 * and only operators may still remove one (a document sent to the wrong order, say).
 */
export function fileDeletable(status: string, byOperator: boolean): boolean {
  return byOperator || orderEditable(status);
}

/**
 * The photo of the originals' drop-off receipt is the agent's record that they shipped: the
 * escrow side cannot delete it (operators can, and fileDeletable still applies to them).
 */
export function receiptDeletable(byOperator: boolean): boolean {
  return byOperator;
}

export const RECEIPT_KEPT_MESSAGE =
  'The photo of the drop-off receipt is the signing agent’s record of the shipment. Ask SigningDesk if it must be removed.';

export const FILE_KEPT_MESSAGE =
  'The files of a completed or canceled appointment are its record: they can no longer be deleted. Ask SigningDesk if one must be removed.';

/** Whether the agent's detail panels are enabled (spec 01 §4 "Detail panels"). */
export function panelsEnabled(status: string, startsAt: number, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (status === 'Scheduled') return true;
  return status === 'Completed' && agentDetailWindowOpen({ status, startsAt }, nowSeconds);
}

/** Why an agent's message or scan-back is refused once the panels are closed. */
export function panelsClosedMessage(what: 'Messages can be sent' | 'Scan-backs can be uploaded'): string {
  return `${what} while the appointment is scheduled, and for 3 days after the appointment once it is completed.`;
}

/**
 * The answer to the agent's Mark Assignment Complete: the reminder to upload the scans only
 * while scan backs are required and none is uploaded yet (issue 30) — an agent who already sent
 * them is thanked, not asked again.
 */
export function completionMessage(scanBackRequired: boolean, scanBacksUploaded = false): string {
  return scanBackRequired && !scanBacksUploaded
    ? 'Assignment marked complete. Scan backs are required: please upload all required scans within the next two hours, or talk to the escrow officer if they will be delayed.'
    : 'Assignment marked complete. Thank you!';
}

/** The scan-back upload reminder window after the agent marks the assignment complete (spec 01 §9: two hours). */
export const SCAN_BACK_WINDOW_SECONDS = 2 * 60 * 60;

/**
 * When the scan backs of a signing are due (epoch seconds): the reminder window after it was
 * marked complete, while scan backs are required and none is uploaded yet; null otherwise.
 */
export function scanBacksDueAt(order: {
  scanBackRequired: boolean;
  markedCompletedAt: number | null;
  hasScanBacks: boolean;
}): number | null {
  if (!order.scanBackRequired || order.hasScanBacks || order.markedCompletedAt === null) return null;
  return order.markedCompletedAt + SCAN_BACK_WINDOW_SECONDS;
}

/**
 * Whether an assignment may be marked complete at `nowSeconds`: from the instant the signing
 * starts (decision 015). A Time TBD appointment is stored at 00:00, so its `startsAt` is the
 * start of that day in the appointment's zone and it opens on the day of the signing.
 */
export function completionOpen(startsAt: number, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  return nowSeconds >= startsAt;
}

/** Whether the agent is offered Mark Assignment Complete: scheduled, not yet marked, started. */
export function completeButtonShown(
  appointment: { status: string; markedCompleted: boolean; startsAt: number },
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  return appointment.status === 'Scheduled' && !appointment.markedCompleted && completionOpen(appointment.startsAt, nowSeconds);
}

/** Why completion is refused before the signing starts, saying from when it is possible. */
export function completionNotYetMessage(appointment: { date: string; time: string; timeTbd: boolean; timeZone: string }): string {
  const day = formatUsDate(appointment.date);
  return appointment.timeTbd
    ? `You can mark this assignment complete from ${day} (the time is TBD), the day of the signing.`
    : `You can mark this assignment complete from ${day} at ${formatTime(appointment.time)} ${appointment.timeZone}, when the signing starts.`;
}

interface SigningWhen {
  date: string;
  time: string;
  timeTbd: boolean;
  timeZone: string;
  startsAt: number;
}

/**
 * When a signing is over at the latest for these rules: its start, or for a Time TBD signing
 * (stored at 00:00) the end of its day in the appointment's zone.
 */
function signingDeadline(when: Pick<SigningWhen, 'timeTbd' | 'startsAt'>): number {
  return when.timeTbd ? when.startsAt + 86_400 : when.startsAt;
}

/**
 * A signing must not be ordered or moved to a time that has passed (issue 27, item 7): refused
 * once its start is behind `nowSeconds` (a Time TBD signing, once its day has ended). The field
 * named is the date when the whole day has passed, else the time.
 */
export function signingTimePassed(
  when: SigningWhen,
  nowSeconds = Math.floor(Date.now() / 1000),
): { field: 'date' | 'time'; message: string } | null {
  if (nowSeconds < signingDeadline(when)) return null;
  const day = formatUsDate(when.date);
  const dayOver = when.timeTbd || nowSeconds >= when.startsAt - secondsIntoDay(when.time) + 86_400;
  if (dayOver) return { field: 'date', message: `Date must be today or later: ${day} has passed` };
  return { field: 'time', message: `Time must be later than now: ${day} at ${formatTime(when.time)} ${when.timeZone} has passed` };
}

function secondsIntoDay(time: string): number {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return hh * 3600 + mm * 60;
}

/**
 * A scheduled signing is overdue when it is still not marked complete this long after it
 * started (a signing takes about an hour; the agent drops the documents and marks it after).
 */
export const OVERDUE_AFTER_HOURS = 3;
export const OVERDUE_LABEL = 'Overdue — not marked complete';

/**
 * Whether a signing is overdue: scheduled (an agent is assigned, nothing on hold), and
 * `OVERDUE_AFTER_HOURS` past its start — for a Time TBD signing, past the end of its day —
 * without being marked complete. The API's dashboard bucket states the same predicate in SQL.
 */
export function isOverdue(
  appointment: { status: string; startsAt: number; timeTbd: boolean },
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  return appointment.status === 'Scheduled' && nowSeconds >= overdueFrom(appointment);
}

/** The instant (epoch seconds) from which a scheduled signing is overdue. */
export function overdueFrom(appointment: { startsAt: number; timeTbd: boolean }): number {
  return signingDeadline(appointment) + OVERDUE_AFTER_HOURS * 3600;
}
