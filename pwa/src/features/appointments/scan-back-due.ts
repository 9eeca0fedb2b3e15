/**
 * 'Scan-backs due by 4:30 PM PT': the time the API sends (two hours after the agent marked the
 * assignment complete, spec 01 §9's reminder window, `scanBacksDueAt`) read in the signing's
 * own zone, as its time is.
 */
import { formatTime, TIME_ZONES, type TimeZoneCode } from '@signingdesk/domain/time-zones';

/**
 * One formatter per zone, made once: building an `Intl.DateTimeFormat` costs far more than
 * using one, and every assignment card with scan backs due asks on each render.
 */
const clocks = new Map<string, Intl.DateTimeFormat>();

function clockIn(iana: string | undefined): Intl.DateTimeFormat {
  const key = iana ?? '';
  let clock = clocks.get(key);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(iana ? { timeZone: iana } : {}) });
    clocks.set(key, clock);
  }
  return clock;
}

export function scanBacksDueText(dueAt: string, timeZone: string): string {
  const iana = (TIME_ZONES as Record<string, { iana: string }>)[timeZone]?.iana;
  const clock = clockIn(iana).format(new Date(dueAt));
  return `Scan-backs due by ${formatTime(clock)}${iana ? ` ${timeZone as TimeZoneCode}` : ''}`;
}
