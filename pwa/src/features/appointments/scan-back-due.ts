/**
 * 'Scan-backs due by 4:30 PM PT': the time the API sends (two hours after the agent marked the
 * assignment complete, spec 01 §9's reminder window, `scanBacksDueAt`) read in the signing's
 * own zone, as its time is.
 */
import { formatTime, TIME_ZONES, type TimeZoneCode } from '@signingdesk/domain/time-zones';

export function scanBacksDueText(dueAt: string, timeZone: string): string {
  const iana = (TIME_ZONES as Record<string, { iana: string }>)[timeZone]?.iana;
  const clock = new Date(dueAt).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(iana ? { timeZone: iana } : {}),
  });
  return `Scan-backs due by ${formatTime(clock)}${iana ? ` ${timeZone as TimeZoneCode}` : ''}`;
}
