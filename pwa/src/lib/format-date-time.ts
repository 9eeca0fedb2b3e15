import { formatTime, formatUsDate } from '@signingdesk/domain/time-zones';
import { localDate } from './calendar-days';

/**
 * Dates and times as the spec shows them: month/day/year with 12-hour time and AM/PM, followed
 * by the zone's abbreviation ('11/23/2026, 4:10 PM PST'). Without the zone an agent in one zone
 * reading a note written in another cannot tell which 4:10 PM is meant. The zone is the
 * phone's own unless one is given (the tests pin it).
 */
export function formatDateTime(epochMs: number, timeZone?: string): string {
  return new Date(epochMs).toLocaleString('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone === undefined ? {} : { timeZone }),
  });
}

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
