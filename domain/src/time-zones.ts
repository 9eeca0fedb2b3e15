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

/** One formatter per zone: building one costs far more than using it (a fan-out formats an order's time once per push). */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(iana: string): Intl.DateTimeFormat {
  let format = wallClocks.get(iana);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: iana,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(iana, format);
  }
  return format;
}

export interface WallClockParts {
  year: string;
  month: string;
  day: string;
  /** 00–23. */
  hour: string;
  minute: string;
  second: string;
}

/** What a wall clock in an IANA zone reads at a moment, each part as two digits (the year as four). */
export function wallClockParts(iana: string, at: Date): WallClockParts {
  const parts = wallClock(iana).formatToParts(at);
  const get = (type: keyof WallClockParts) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

function offsetMinutes(iana: string, utcMillis: number): number {
  const { year, month, day, hour, minute, second } = wallClockParts(iana, new Date(utcMillis));
  const asUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  return Math.round((asUtc - utcMillis) / 60_000);
}

const DAY_MS = 86_400_000;

/**
 * Epoch seconds of a wall-clock date and time in one of the product's zones.
 * `date` is YYYY-MM-DD, `time` HH:MM. Around a daylight-saving change it reads as calendars
 * do (RFC 5545, Temporal's "compatible"): a time that happens twice when clocks fall back is
 * its first occurrence; a time skipped when clocks spring forward is read with the offset
 * before the change, so 02:30 becomes 03:30.
 */
export function appointmentInstant(date: string, time: string, zone: TimeZoneCode): number {
  return wallClockInstant(date, time, TIME_ZONES[zone].iana);
}

/** `appointmentInstant` in any IANA zone (an agent's own clock, which may keep no daylight saving). */
export function wallClockInstant(date: string, time: string, iana: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wallAsUtc = Date.UTC(y, m - 1, d, hh, mm);
  // The zones change offset at most once within a day either side of any wall time.
  const before = offsetMinutes(iana, wallAsUtc - DAY_MS);
  const after = offsetMinutes(iana, wallAsUtc + DAY_MS);
  const instants = [before, after]
    .map((offset) => ({ offset, instant: wallAsUtc - offset * 60_000 }))
    .filter(({ offset, instant }) => offsetMinutes(iana, instant) === offset)
    .map(({ instant }) => instant);
  const instant = instants.length > 0 ? Math.min(...instants) : wallAsUtc - before * 60_000;
  return Math.floor(instant / 1000);
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

/**
 * An event's moment as the apps show it (spec: month/day/year, 12-hour time and AM/PM),
 * followed by the zone's abbreviation: '11/23/2026, 4:10 PM PST'. Without the zone a reader in
 * one zone looking at a note written in another cannot tell which 4:10 PM is meant. The zone is
 * the reader's own unless one is given (the tests pin it).
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
 * When a signing happens, in the order's own zone with its code, as the API's texts write it:
 * '11/26/2026 at 9:59 AM PT', or '11/26/2026, time TBD (PT)' while the time is to be decided
 * (the zone still says which day it is and where the time will be set).
 */
export function formatSigningTime(signing: { date: string; time: string; timeTbd: boolean; timeZone: string }): string {
  const day = formatUsDate(signing.date);
  return signing.timeTbd ? `${day}, time TBD (${signing.timeZone})` : `${day} at ${formatTime(signing.time)} ${signing.timeZone}`;
}
