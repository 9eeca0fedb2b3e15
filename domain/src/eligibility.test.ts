import { describe, expect, it } from 'vitest';
import { formatMiles, ineligibility, milesBetween, OFFER_RADIUS_MILES, reachMessage, roundMiles } from './eligibility';

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
      message: 'Jordan Taylor lives 1234.6 mi from this signing: only agents within 50 miles can be assigned.',
    });
    expect(ineligibility({ name: 'Jordan Taylor', certifiedStates: ['TX'], distanceMiles: 50.01 }, TX)?.rule).toBe('radius');
    expect(ineligibility({ name: 'Jordan Taylor', certifiedStates: ['TX'], distanceMiles: null }, TX)?.message).toBe(
      "Jordan Taylor's distance from this signing is unknown: only agents within 50 miles can be assigned.",
    );
  });

  it('speaks to the agent in their own words', () => {
    expect(ineligibility({ name: 'Ana Ruiz', certifiedStates: ['OK'], distanceMiles: 2 }, TX, 'agent')?.message).toBe(
      "Your profile has no commission in TX: only agents commissioned in the order's state can take this order.",
    );
    expect(ineligibility({ name: 'Ana Ruiz', certifiedStates: ['TX'], distanceMiles: 80 }, TX, 'agent')?.message).toBe(
      'You live 80.0 mi from this signing: only agents within 50 miles can take this order.',
    );
  });
});

describe('reachMessage', () => {
  const base = { alreadyOffered: 0, radiusMiles: 50, state: 'CA', preferredOnly: false, located: true };
  it('says how many agents a send reaches, one and many', () => {
    expect(reachMessage({ ...base, count: 38 })).toBe('This will offer the order to 38 agents within 50 miles.');
    expect(reachMessage({ ...base, count: 1 })).toBe('This will offer the order to 1 agent within 50 miles.');
    expect(reachMessage({ ...base, count: 4, preferredOnly: true })).toBe(
      'This will offer the order to 4 preferred agents within 50 miles.',
    );
  });
  it('gives zero its own sentence: nobody eligible, everybody already offered, or a zip not on the map', () => {
    expect(reachMessage({ ...base, count: 0 })).toBe(
      'No agent commissioned in CA lives within 50 miles of this order, so there is no one to send it to.',
    );
    expect(reachMessage({ ...base, count: 0, alreadyOffered: 7 })).toBe(
      'Every agent commissioned in CA within 50 miles already has this offer: there is no one new to send it to.',
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
