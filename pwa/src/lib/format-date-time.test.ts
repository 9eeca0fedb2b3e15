import { describe, expect, it } from 'vitest';
import { formatSyncTime } from './format-date-time';

describe('formatSyncTime', () => {
  it('shows the phone’s own clock as month/day/year and 12-hour time, as Intl would without the zone', () => {
    for (const at of [
      Date.UTC(2026, 10, 24, 0, 10),
      Date.UTC(2026, 6, 4, 16, 5),
      Date.UTC(2026, 0, 1, 0, 0),
      Date.UTC(2026, 11, 31, 12, 59),
    ]) {
      const intl = new Date(at).toLocaleString('en-US', {
        month: '2-digit',
        day: '2-digit',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
      expect(formatSyncTime(at)).toBe(intl);
    }
  });

  it('writes midnight and noon as 12', () => {
    expect(formatSyncTime(new Date(2026, 10, 23, 0, 5).getTime())).toBe('11/23/2026, 12:05 AM');
    expect(formatSyncTime(new Date(2026, 10, 23, 12, 0).getTime())).toBe('11/23/2026, 12:00 PM');
    expect(formatSyncTime(new Date(2026, 10, 23, 16, 10).getTime())).toBe('11/23/2026, 4:10 PM');
  });
});
