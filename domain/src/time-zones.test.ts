import { describe, expect, it } from 'vitest';
import {
  appointmentInstant,
  formatDateTime,
  formatSigningTime,
  formatTime,
  formatUsDate,
  TIME_ZONE_CODES,
  TIME_ZONES,
  type TimeZoneCode,
} from './time-zones';

/** What each zone code means, written out here rather than read from the IANA database. */
const STANDARD_OFFSET_HOURS: Record<TimeZoneCode, number> = { ET: -5, CT: -6, MT: -7, PT: -8, HT: -10, AK: -9 };
const OBSERVES_DST: Record<TimeZoneCode, boolean> = { ET: true, CT: true, MT: true, PT: true, HT: false, AK: true };

/** US changes: clocks go forward at 02:00 on the second Sunday of March, back at 02:00 on the first Sunday of November. */
const CHANGES = [
  { year: 2026, spring: '2026-03-08', autumn: '2026-11-01' },
  { year: 2027, spring: '2027-03-14', autumn: '2027-11-07' },
];

/** Epoch seconds of a wall time read with a fixed UTC offset. */
function at(date: string, time: string, offsetHours: number): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return (Date.UTC(y, m - 1, d, hh, mm) - offsetHours * 3_600_000) / 1000;
}

function dayBefore(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

describe('appointmentInstant', () => {
  it('covers every zone code of the code tables', () => {
    expect(Object.keys(STANDARD_OFFSET_HOURS).sort()).toEqual([...TIME_ZONE_CODES].sort());
  });

  describe.each(TIME_ZONE_CODES)('%s', (zone) => {
    const standard = STANDARD_OFFSET_HOURS[zone];
    const summer = OBSERVES_DST[zone] ? standard + 1 : standard;

    describe.each(CHANGES)('$year', ({ spring, autumn }) => {
      it('reads the day before the spring change in standard time', () => {
        expect(appointmentInstant(dayBefore(spring), '12:00', zone)).toBe(at(dayBefore(spring), '12:00', standard));
      });

      it('reads the spring-change day before 02:00 in standard time, from 03:00 in summer time', () => {
        expect(appointmentInstant(spring, '00:00', zone)).toBe(at(spring, '00:00', standard));
        expect(appointmentInstant(spring, '01:59', zone)).toBe(at(spring, '01:59', standard));
        expect(appointmentInstant(spring, '03:00', zone)).toBe(at(spring, '03:00', summer));
        expect(appointmentInstant(spring, '18:00', zone)).toBe(at(spring, '18:00', summer));
      });

      it('reads a time the spring change skips one hour later, never before 01:59', () => {
        for (const time of ['02:00', '02:30', '02:59']) {
          expect(appointmentInstant(spring, time, zone)).toBe(at(spring, time, standard));
          expect(appointmentInstant(spring, time, zone)).toBeGreaterThan(appointmentInstant(spring, '01:59', zone));
        }
        if (OBSERVES_DST[zone]) expect(appointmentInstant(spring, '02:30', zone)).toBe(appointmentInstant(spring, '03:30', zone));
      });

      it('reads the autumn-change day in summer time until the clocks go back', () => {
        expect(appointmentInstant(autumn, '00:00', zone)).toBe(at(autumn, '00:00', summer));
        expect(appointmentInstant(autumn, '00:59', zone)).toBe(at(autumn, '00:59', summer));
      });

      it('reads a time the autumn change repeats as its first occurrence', () => {
        for (const time of ['01:00', '01:30', '01:59']) {
          expect(appointmentInstant(autumn, time, zone)).toBe(at(autumn, time, summer));
        }
        // 01:59 summer time to 02:00 standard time: an hour and a minute in zones that change.
        expect(appointmentInstant(autumn, '02:00', zone) - appointmentInstant(autumn, '01:59', zone)).toBe(OBSERVES_DST[zone] ? 3660 : 60);
      });

      it('reads the autumn-change day from 02:00 in standard time', () => {
        expect(appointmentInstant(autumn, '02:00', zone)).toBe(at(autumn, '02:00', standard));
        expect(appointmentInstant(autumn, '23:59', zone)).toBe(at(autumn, '23:59', standard));
      });
    });
  });

  it('names the IANA zone each code stands for', () => {
    expect(Object.fromEntries(TIME_ZONE_CODES.map((code) => [code, TIME_ZONES[code].iana]))).toEqual({
      ET: 'America/New_York',
      CT: 'America/Chicago',
      MT: 'America/Denver',
      PT: 'America/Los_Angeles',
      HT: 'Pacific/Honolulu',
      AK: 'America/Anchorage',
    });
  });
});

describe('date and time display', () => {
  it('shows dates month/day/year and times on a 12-hour clock, TBD when the flag is set', () => {
    expect(formatUsDate('2026-03-08')).toBe('03/08/2026');
    expect(formatTime('00:00')).toBe('12:00 AM');
    expect(formatTime('09:05')).toBe('9:05 AM');
    expect(formatTime('12:30')).toBe('12:30 PM');
    expect(formatTime('23:59')).toBe('11:59 PM');
    expect(formatTime('14:00', true)).toBe('TBD');
  });
});

describe('formatDateTime', () => {
  const winter = Date.UTC(2026, 10, 24, 0, 10); // 11/23/2026 4:10 PM in Los Angeles
  const summer = Date.UTC(2026, 6, 4, 16, 5); // 07/04/2026 9:05 AM in Los Angeles

  it('shows month/day/year, 12-hour time and the zone abbreviation', () => {
    expect(formatDateTime(winter, 'America/Los_Angeles')).toBe('11/23/2026, 4:10 PM PST');
  });

  it('follows daylight saving time', () => {
    expect(formatDateTime(summer, 'America/Los_Angeles')).toBe('07/04/2026, 9:05 AM PDT');
    expect(formatDateTime(summer, 'America/New_York')).toBe('07/04/2026, 12:05 PM EDT');
  });

  it('uses the reader’s own zone when none is given', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatDateTime(winter)).toBe(formatDateTime(winter, zone));
    expect(formatDateTime(winter)).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [AP]M \S+$/);
  });
});

describe('formatSigningTime', () => {
  it('shows the signing’s date and time in the order’s own zone, with its code', () => {
    expect(formatSigningTime({ date: '2026-11-26', time: '09:59', timeTbd: false, timeZone: 'PT' })).toBe('11/26/2026 at 9:59 AM PT');
    expect(formatSigningTime({ date: '2026-12-10', time: '14:30', timeTbd: false, timeZone: 'CT' })).toBe('12/10/2026 at 2:30 PM CT');
  });

  it('says the time is to be decided while it is, in the order’s zone', () => {
    expect(formatSigningTime({ date: '2026-11-26', time: '00:00', timeTbd: true, timeZone: 'PT' })).toBe('11/26/2026, time TBD (PT)');
  });
});
