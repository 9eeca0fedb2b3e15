import { describe, expect, it } from 'vitest';
import { STATE_TIME_ZONES, US_STATES } from './us-states';

describe('the time zone an order’s state suggests', () => {
  it('names one for every state, and the usual one for states people know', () => {
    expect(Object.keys(STATE_TIME_ZONES).sort()).toEqual([...US_STATES].sort());
    expect([STATE_TIME_ZONES.WY, STATE_TIME_ZONES.CA, STATE_TIME_ZONES.NY, STATE_TIME_ZONES.TX]).toEqual(['MT', 'PT', 'ET', 'CT']);
    expect([STATE_TIME_ZONES.HI, STATE_TIME_ZONES.AK]).toEqual(['HT', 'AK']);
  });
});
