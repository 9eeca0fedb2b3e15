import { describe, expect, it } from 'vitest';
import { quietHoursZone, textHeldUntil } from './quiet-hours';

describe('quiet hours: no texts 9 pm–7 am in the agent’s own time', () => {
  // Texas keeps Central time: 22:00 CST on 12/10/2030 is 04:00 UTC on 12/11.
  const tenPmInTexas = new Date('2030-12-11T04:00:00Z');

  it('holds a text at 10 pm until 7 am the next morning, local', () => {
    expect(textHeldUntil({ now: tenPmInTexas, state: 'TX' })?.toISOString()).toBe('2030-12-11T13:00:00.000Z');
  });

  it('holds a text at 2 am until 7 am the same morning', () => {
    expect(textHeldUntil({ now: new Date('2030-12-11T08:00:00Z'), state: 'TX' })?.toISOString()).toBe('2030-12-11T13:00:00.000Z');
  });

  it('sends at 7:00 and until 8:59 pm; holds from 9:00 pm', () => {
    expect(textHeldUntil({ now: new Date('2030-12-11T13:00:00Z'), state: 'TX' })).toBeNull();
    expect(textHeldUntil({ now: new Date('2030-12-11T12:59:59Z'), state: 'TX' })).not.toBeNull();
    expect(textHeldUntil({ now: new Date('2030-12-12T02:59:00Z'), state: 'TX' })).toBeNull();
    expect(textHeldUntil({ now: new Date('2030-12-12T03:00:00Z'), state: 'TX' })).not.toBeNull();
  });

  it('keeps each agent’s own zone: 10 pm in Texas is 8 pm in California', () => {
    expect(textHeldUntil({ now: tenPmInTexas, state: 'CA' })).toBeNull();
    expect(textHeldUntil({ now: tenPmInTexas, state: 'NY' })?.toISOString()).toBe('2030-12-11T12:00:00.000Z');
  });

  it('sends a text about the agent’s own signing starting within 2 hours', () => {
    const in90Minutes = new Date(tenPmInTexas.getTime() + 90 * 60_000);
    const in3Hours = new Date(tenPmInTexas.getTime() + 3 * 3_600_000);
    expect(textHeldUntil({ now: tenPmInTexas, state: 'TX', ownSigningStartsAt: in90Minutes })).toBeNull();
    expect(textHeldUntil({ now: tenPmInTexas, state: 'TX', ownSigningStartsAt: in3Hours })).not.toBeNull();
  });

  it('reads 7 am across a daylight-saving change (Central, 11/3/2030 falls back)', () => {
    // 22:00 CDT on 11/2 is 03:00 UTC on 11/3; 7 am CST on 11/3 is 13:00 UTC.
    expect(textHeldUntil({ now: new Date('2030-11-03T03:00:00Z'), state: 'TX' })?.toISOString()).toBe('2030-11-03T13:00:00.000Z');
  });

  it('keeps Arizona on Mountain Standard Time in summer, when Denver is an hour ahead', () => {
    // 7/15/2030 8:30 pm in Phoenix (UTC-7) is 9:30 pm in Denver (UTC-6).
    const now = new Date('2030-07-16T03:30:00Z');
    expect(textHeldUntil({ now, state: 'AZ' })).toBeNull();
    expect(textHeldUntil({ now, state: 'CO' })).toEqual(new Date('2030-07-16T13:00:00Z'));
    // At 9:30 pm in Phoenix, held until 7 am Phoenix time (14:00 UTC).
    expect(textHeldUntil({ now: new Date('2030-07-16T04:30:00Z'), state: 'AZ' })).toEqual(new Date('2030-07-16T14:00:00Z'));
    expect(quietHoursZone('AZ')).toBe('America/Phoenix');
    expect(quietHoursZone(null)).toBe('America/Chicago');
  });
});
