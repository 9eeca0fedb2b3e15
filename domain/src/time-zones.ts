/**
 * Appointment time zones (spec 01 §3): the product's zone codes and the IANA zone each one
 * stands for. Epoch seconds are derived from date + HH:MM + code, never typed in, and go
 * through `appointmentInstant` so daylight saving time is honoured.
 */
export const TIME_ZONES = {
  ET: { label: 'Eastern', iana: 'America/New_York' },
  CT: { label: 'Central', iana: 'America/Chicago' },
  MT: { label: 'Mountain', iana: 'America/Denver' },
  PT: { label: 'Pacific', iana: 'America/Los_Angeles' },
  HT: { label: 'Hawaii', iana: 'Pacific/Honolulu' },
  AK: { label: 'Alaska', iana: 'America/Anchorage' },
} as const;
export type TimeZoneCode = keyof typeof TIME_ZONES;
export const TIME_ZONE_CODES = Object.keys(TIME_ZONES) as TimeZoneCode[];
export const DEFAULT_TIME_ZONE: TimeZoneCode = 'CT';

/** Time TBD is stored as 00:00 with the flag set (spec 01 §9). */
export const TBD_TIME = '00:00';

function offsetMinutes(iana: string, utcMillis: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: iana,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMillis));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - utcMillis) / 60_000);
}

/**
 * Epoch seconds of a wall-clock date and time in one of the product's zones.
 * `date` is YYYY-MM-DD, `time` HH:MM. A time skipped by a spring-forward change resolves to
 * the instant one hour later, as calendars do.
 */
export function appointmentInstant(date: string, time: string, zone: TimeZoneCode): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wallAsUtc = Date.UTC(y, m - 1, d, hh, mm);
  const iana = TIME_ZONES[zone].iana;
  let guess = wallAsUtc - offsetMinutes(iana, wallAsUtc) * 60_000;
  guess = wallAsUtc - offsetMinutes(iana, guess) * 60_000;
  return Math.floor(guess / 1000);
}

/** 'YYYY-MM-DD' → 'MM/DD/YYYY' (spec: dates shown month/day/year). */
export function formatUsDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${m}/${d}/${y}`;
}

/** 'HH:MM' (24 h) → 'h:MM AM/PM'; TBD when the flag is set. */
export function formatTime(time: string, tbd = false): string {
  if (tbd) return 'TBD';
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const suffix = hh < 12 ? 'AM' : 'PM';
  const h12 = hh % 12 === 0 ? 12 : hh % 12;
  return `${h12}:${String(mm).padStart(2, '0')} ${suffix}`;
}
