import { describe, expect, it } from 'vitest';
import { datedLabel, dayLabel } from './day-label';

describe('day labels', () => {
  const monday = new Date(2026, 10, 23, 22, 30); // Monday 11/23/2026, 10:30 PM on the phone

  it('says Today, Tomorrow, Yesterday and the weekday within the week', () => {
    expect(dayLabel('2026-11-23', monday)).toBe('Today');
    expect(dayLabel('2026-11-24', monday)).toBe('Tomorrow');
    expect(dayLabel('2026-11-22', monday)).toBe('Yesterday');
    expect(dayLabel('2026-11-25', monday)).toBe('Wednesday');
    expect(dayLabel('2026-11-29', monday)).toBe('Sunday');
  });

  it('says nothing further out, across a month end too', () => {
    expect(dayLabel('2026-11-30', monday)).toBeNull();
    expect(dayLabel('2026-11-20', monday)).toBeNull();
    expect(dayLabel('2026-12-01', new Date(2026, 10, 30, 8))).toBe('Tomorrow');
  });

  it('puts the label before the month/day/year date', () => {
    expect(datedLabel('2026-11-24', monday)).toBe('Tomorrow, 11/24/2026');
    expect(datedLabel('2026-12-24', monday)).toBe('12/24/2026');
  });
});
