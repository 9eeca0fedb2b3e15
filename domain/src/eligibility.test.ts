import { describe, expect, it } from 'vitest';
import {
  formatMiles,
  ineligibility,
  type AvailabilityFacts,
  milesBetween,
  OFFER_RADIUS_MILES,
  reachMessage,
  roundMiles,
} from './eligibility';

const TX = { state: 'TX', radiusMiles: OFFER_RADIUS_MILES };

describe('ineligibility (decision 048)', () => {
  it('admits an agent commissioned in the state within the radius, the boundary included', () => {
    expect(ineligibility({ name: 'Ana Ruiz', certifiedStates: ['OK', 'TX'], distanceMiles: 3 }, TX)).toBeNull();
    expect(ineligibility({ name: 'Ana Ruiz', certifiedStates: ['TX'], distanceMiles: 50 }, TX)).toBeNull();
  });

  it('refuses an agent commissioned only elsewhere at any distance, naming the rule', () => {
    for (const distanceMiles of [0, 12.3, 49.9, 1200]) {
      expect(ineligibility({ name: 'Jordan Taylor', certifiedStates: ['IA'], distanceMiles }, TX)).toEqual({
        rule: 'commission',
        message: "Jordan Taylor is not commissioned in TX: only agents commissioned in the order's state can be assigned.",
      });
    }
  });

  it('refuses a commissioned agent beyond the radius or with no known distance', () => {
    expect(ineligibility({ name: 'Jordan Taylor', certifiedStates: ['CA', 'TX'], distanceMiles: 1234.56 }, TX)).toEqual({
      rule: 'radius',
      message:
        'Jordan Taylor lives 1234.6 mi from this signing, beyond their travel radius of 50 miles: only agents whose travel radius reaches the signing can be assigned.',
    });
    expect(ineligibility({ name: 'Jordan Taylor', certifiedStates: ['TX'], distanceMiles: 50.01 }, TX)?.rule).toBe('radius');
    expect(ineligibility({ name: 'Jordan Taylor', certifiedStates: ['TX'], distanceMiles: null }, TX)?.message).toBe(
      "Jordan Taylor's distance from this signing is unknown: only agents whose travel radius reaches the signing can be assigned.",
    );
  });

  it('speaks to the agent in their own words', () => {
    expect(ineligibility({ name: 'Ana Ruiz', certifiedStates: ['OK'], distanceMiles: 2 }, TX, 'agent')?.message).toBe(
      "Your profile has no commission in TX: only agents commissioned in the order's state can take this order.",
    );
    expect(ineligibility({ name: 'Ana Ruiz', certifiedStates: ['TX'], distanceMiles: 80 }, TX, 'agent')?.message).toBe(
      'You live 80.0 mi from this signing, beyond your travel radius of 50 miles: widen it in your availability to take this order.',
    );
  });
});

describe('availability (issue 32)', () => {
  const free: AvailabilityFacts = {
    awayThatDay: false,
    offersPaused: false,
    conflictingSigningAt: null,
    signingsThatDay: 1,
    maxSigningsPerDay: 2,
  };
  const order = { ...TX, date: '2026-12-10' };
  const facts = (availability: Partial<typeof free>) => ({
    name: 'Ana Ruiz',
    certifiedStates: ['TX'],
    distanceMiles: 3,
    availability: { ...free, ...availability },
  });

  it('admits an agent free that day and under their own maximum', () => {
    expect(ineligibility(facts({}), order)).toBeNull();
    expect(ineligibility(facts({ signingsThatDay: 9, maxSigningsPerDay: null }), order)).toBeNull();
  });

  it('refuses an agent away that day, paused, booked within 90 minutes or at their maximum, naming why', () => {
    expect(ineligibility(facts({ awayThatDay: true }), order)).toEqual({
      rule: 'away',
      message: 'Ana Ruiz is away on 12/10/2026. Only agents available for the signing can be assigned.',
    });
    expect(ineligibility(facts({ offersPaused: true }), order)?.rule).toBe('paused');
    expect(ineligibility(facts({ conflictingSigningAt: '2:30 PM CT' }), order)).toEqual({
      rule: 'conflict',
      message:
        'Ana Ruiz has another signing at 2:30 PM CT, within 90 minutes of this one. Only agents available for the signing can be assigned.',
    });
    expect(ineligibility(facts({ signingsThatDay: 2 }), order)).toEqual({
      rule: 'daily_limit',
      message:
        'Ana Ruiz already has 2 signings on 12/10/2026, their maximum for a day. Only agents available for the signing can be assigned.',
    });
  });

  it('tells the agent what to change', () => {
    expect(ineligibility(facts({ awayThatDay: true }), order, 'agent')?.message).toBe(
      'You marked 12/10/2026 as a day away: remove it from your availability to take this order.',
    );
    expect(ineligibility(facts({ signingsThatDay: 1, maxSigningsPerDay: 1 }), order, 'agent')?.message).toBe(
      'You already have 1 signing on 12/10/2026, the maximum you set for a day: raise it in your availability to take this order.',
    );
  });

  it('checks the commission and the distance before availability', () => {
    expect(ineligibility({ ...facts({ awayThatDay: true }), certifiedStates: ['OK'] }, order)?.rule).toBe('commission');
    expect(ineligibility({ ...facts({ awayThatDay: true }), distanceMiles: 80 }, order)?.rule).toBe('radius');
  });
});

describe('reachMessage', () => {
  const base = { alreadyOffered: 0, state: 'CA', preferredOnly: false, located: true };
  it('says how many agents a send reaches, one and many', () => {
    expect(reachMessage({ ...base, count: 38 })).toBe('This will offer the order to 38 available agents whose travel radius reaches it.');
    expect(reachMessage({ ...base, count: 1 })).toBe('This will offer the order to 1 available agent whose travel radius reaches it.');
    expect(reachMessage({ ...base, count: 4, preferredOnly: true })).toBe(
      'This will offer the order to 4 available preferred agents whose travel radius reaches it.',
    );
  });
  it('gives zero its own sentence: nobody eligible, everybody already offered, or a zip not on the map', () => {
    expect(reachMessage({ ...base, count: 0 })).toBe(
      'No agent commissioned in CA and available then has this order within their travel radius, so there is no one to send it to.',
    );
    expect(reachMessage({ ...base, count: 0, alreadyOffered: 7 })).toBe(
      'Every agent commissioned in CA whose travel radius reaches this order already has this offer: there is no one new to send it to.',
    );
    expect(reachMessage({ ...base, count: 0, located: false })).toMatch(/^The order's zip code is not on our map/);
  });
});

describe('miles', () => {
  it('measures great-circle miles and shows one decimal', () => {
    // Beverly Hills 90210 to Austin 78701, by the zip codes' coordinates.
    const miles = milesBetween({ latitude: 34.0901, longitude: -118.4065 }, { latitude: 30.2713, longitude: -97.7426 });
    expect(miles).toBeGreaterThan(1200);
    expect(miles).toBeLessThan(1250);
    expect(roundMiles(12.345)).toBe(12.3);
    expect(formatMiles(7)).toBe('7.0 mi');
    expect(formatMiles(null)).toBe('distance unknown');
  });
});

describe('ineligibility by credentials (decision 065)', () => {
  const facts = { name: 'Ana Ruiz', certifiedStates: ['TX'], distanceMiles: 3 };
  const order = { state: 'TX', radiusMiles: 50, firmName: 'Firm A' };
  it('names a commission that does not count on the date, before the radius', () => {
    expect(ineligibility({ ...facts, distanceMiles: 80, commissionAllowed: false }, order)?.rule).toBe('credential');
    expect(ineligibility({ ...facts, commissionAllowed: false }, order, 'agent')?.message).toBe(
      "Your notary commission in TX is not valid on the signing's date (expired or rejected): renew it in your profile to take orders in TX.",
    );
  });
  it('names every requirement of the firm the agent falls short of', () => {
    expect(ineligibility({ ...facts, firmGaps: ['E&O insurance of at least $1,000,000.00', 'NNA certification'] }, order)?.message).toBe(
      "Ana Ruiz does not meet Firm A's requirements on the signing's date: E&O insurance of at least $1,000,000.00 and NNA certification. Only agents who meet them can be assigned.",
    );
    expect(ineligibility({ ...facts, commissionAllowed: true, firmGaps: [] }, order)).toBeNull();
  });
});
