/**
 * 'Scan-backs due by 4:30 PM PT': the time the API sends (two hours after the agent marked the
 * assignment complete, spec 01 §9's reminder window, `scanBacksDueAt`) read in the signing's
 * own zone, as its time is.
 */
import { formatTime, TIME_ZONES, wallClockParts, type TimeZoneCode } from '@signingdesk/domain/time-zones';

export function scanBacksDueText(dueAt: string, timeZone: string): string {
  const iana = (TIME_ZONES as Record<string, { iana: string }>)[timeZone]?.iana;
  const { hour, minute } = wallClockParts(iana ?? Intl.DateTimeFormat().resolvedOptions().timeZone, new Date(dueAt));
  return `Scan-backs due by ${formatTime(`${hour}:${minute}`)}${iana ? ` ${timeZone as TimeZoneCode}` : ''}`;
}
