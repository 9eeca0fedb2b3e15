import { formatDateTime } from '@signingdesk/domain/time-zones';

/**
 * Times once in the console, as the agent app shows them (domain/time-zones.ts holds the
 * formats both read). Two kinds, each with its zone:
 * - a signing's date and time in the order's own zone, with its code: `formatSigningTime`,
 *   '11/26/2026 at 9:59 AM PT';
 * - when something happened (paid, invoice sent, note posted, a timeline step, a notification,
 *   a request, the Dashboard's "As of") in the viewer's zone, with its abbreviation:
 *   `formatEventTime`, '11/26/2026, 10:04 AM PST'.
 */
export { formatSigningTime } from '@signingdesk/domain/time-zones';

/**
 * An event's time as the API sends it — an ISO 8601 string, or epoch seconds (notes, file
 * logs) — in the viewer's zone unless one is given (the tests pin it): '11/26/2026, 10:04 AM PST'.
 */
export function formatEventTime(at: string | number, timeZone?: string): string {
  return formatDateTime(typeof at === 'number' ? at * 1000 : Date.parse(at), timeZone);
}
