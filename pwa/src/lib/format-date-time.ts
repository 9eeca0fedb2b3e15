import { formatTime, formatUsDate } from '@signingdesk/domain/time-zones';
import { localDate } from './calendar-days';

/**
 * An event's time with the zone's abbreviation ('11/23/2026, 4:10 PM PST'), in the phone's own
 * zone: one formatter for the agent app and the console, kept in domain/.
 */
export { formatDateTime } from '@signingdesk/domain/time-zones';

/**
 * When this phone last synced a copy, by the phone's own clock and zone: '11/23/2026, 4:10 PM',
 * the same month/day/year and 12-hour time with no zone (it is the reader's own). Built by hand
 * rather than with `toLocaleString`: a page's first Intl date format loads ICU's date data,
 * 60–110 ms of a mid-range phone's CPU in one task, and the portal shows this line on its first
 * screen.
 */
export function formatSyncTime(epochMs: number): string {
  const at = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatUsDate(localDate(at))}, ${formatTime(`${pad(at.getHours())}:${pad(at.getMinutes())}`)}`;
}
