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
