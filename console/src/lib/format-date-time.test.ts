import { describe, expect, it } from 'vitest';
import { formatEventTime, formatSigningTime } from './format-date-time';

describe('formatEventTime', () => {
  it('reads an ISO time as the API sends it, in the given zone with its abbreviation', () => {
    expect(formatEventTime('2026-11-26T18:04:00.000Z', 'America/Los_Angeles')).toBe('11/26/2026, 10:04 AM PST');
    expect(formatEventTime('2026-07-04T16:05:00Z', 'America/Chicago')).toBe('07/04/2026, 11:05 AM CDT');
  });

  it('reads epoch seconds (notes, file logs) as the same moment', () => {
    const seconds = Date.UTC(2026, 10, 26, 18, 4) / 1000;
    expect(formatEventTime(seconds, 'America/New_York')).toBe('11/26/2026, 1:04 PM EST');
    expect(formatEventTime(seconds, 'America/New_York')).toBe(formatEventTime('2026-11-26T18:04:00Z', 'America/New_York'));
  });

  it('uses the viewer’s own zone when none is given', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatEventTime('2026-11-26T18:04:00Z')).toBe(formatEventTime('2026-11-26T18:04:00Z', zone));
  });
});

describe('formatSigningTime', () => {
  it('shows a signing in the order’s own zone, whatever the viewer’s', () => {
    expect(formatSigningTime({ date: '2026-11-26', time: '09:59', timeTbd: false, timeZone: 'PT' })).toBe('11/26/2026 at 9:59 AM PT');
  });
});
