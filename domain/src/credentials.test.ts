import { describe, expect, it } from 'vitest';
import {
  addDays,
  agentVerified,
  commissionAllows,
  countsOn,
  credentialState,
  credentialSummary,
  firmRequirementGaps,
  reminderStep,
  type CredentialFacts,
} from './credentials';

const base = { state: null, review: 'verified', coverageCents: null, issuedOn: null, expiresOn: null, sentOn: '2026-01-05' } as const;
const commission = (state: string, expiresOn: string, review: CredentialFacts['review'] = 'verified'): CredentialFacts => ({
  ...base,
  kind: 'commission',
  state,
  review,
  expiresOn,
});

describe('credentials', () => {
  it('count through the expiry date, never before they were sent, never when rejected', () => {
    const c = commission('TX', '2026-12-10');
    expect(countsOn(c, '2026-12-10')).toBe(true);
    expect(countsOn(c, '2026-12-11')).toBe(false);
    expect(countsOn(c, '2026-01-04')).toBe(false);
    expect(countsOn({ ...c, review: 'rejected' }, '2026-06-01')).toBe(false);
    expect(countsOn({ ...c, review: 'pending' }, '2026-06-01')).toBe(true);
  });

  it('a lapsed commission stops signings in its state only; a state with none on file keeps the certified-states rule', () => {
    const held = [commission('TX', '2026-03-01'), commission('CA', '2027-03-01')];
    expect(commissionAllows(held, 'TX', '2026-04-01')).toBe(false);
    expect(commissionAllows(held, 'CA', '2026-04-01')).toBe(true);
    expect(commissionAllows(held, 'NV', '2026-04-01')).toBe(true);
    // A renewal on file makes the state count again.
    expect(commissionAllows([...held, commission('TX', '2030-03-01', 'pending')], 'TX', '2026-04-01')).toBe(true);
  });

  it("names each firm requirement the agent's credentials miss on the signing's date", () => {
    const held: CredentialFacts[] = [
      { ...base, kind: 'eo_insurance', coverageCents: 2_500_000, expiresOn: '2026-12-31' },
      { ...base, kind: 'background_check', issuedOn: '2026-01-10' },
    ];
    const firm = { minEoCoverageCents: 10_000_000, maxBackgroundCheckAgeDays: 365, nnaRequired: true };
    expect(firmRequirementGaps(held, firm, '2026-06-01')).toEqual(['E&O insurance of at least $100,000.00', 'NNA certification']);
    expect(firmRequirementGaps(held, { ...firm, minEoCoverageCents: 2_000_000, nnaRequired: false }, '2026-06-01')).toEqual([]);
    expect(firmRequirementGaps(held, { ...firm, minEoCoverageCents: null, nnaRequired: false }, '2027-01-11')).toEqual([
      'a background check passed within 365 days',
    ]);
  });

  it('reminds at 30, 14 and 3 days and on the day: the nearest step at or beyond the days left', () => {
    expect([31, 30, 20, 14, 13, 4, 3, 1, 0, -1].map(reminderStep)).toEqual([null, 30, 30, 14, 14, 14, 3, 3, 0, null]);
  });

  it("reads each credential's state as the agent sees it", () => {
    const today = '2026-11-27';
    expect(credentialState(commission('TX', addDays(today, 12)), today).text).toBe('Expires in 12 days');
    expect(credentialState(commission('TX', today), today).text).toBe('Expires today');
    expect(credentialState(commission('TX', addDays(today, -1)), today).text).toBe('Expired — you are not offered signings in TX');
    expect(credentialState(commission('TX', '2028-01-01', 'pending'), today).text).toBe('Waiting for review');
    expect(credentialState(commission('TX', '2028-01-01'), today).text).toBe('Verified');
    expect(credentialState({ ...commission('TX', '2028-01-01', 'rejected'), rejectReason: 'The photo is unreadable.' }, today).text).toBe(
      'Rejected: The photo is unreadable.',
    );
  });

  it('marks an agent Verified only with every required credential verified and in date', () => {
    const today = '2026-11-27';
    const full: CredentialFacts[] = [
      commission('TX', '2028-01-01'),
      { ...base, kind: 'eo_insurance', coverageCents: 10_000_000, expiresOn: '2027-06-01' },
      { ...base, kind: 'background_check', issuedOn: '2026-02-01' },
      { ...base, kind: 'w9', issuedOn: '2026-02-01' },
    ];
    expect(agentVerified(full, ['TX'], today)).toBe(true);
    expect(agentVerified(full, ['TX', 'CA'], today)).toBe(false);
    expect(
      agentVerified(
        full.map((c) => (c.kind === 'w9' ? { ...c, review: 'pending' as const } : c)),
        ['TX'],
        today,
      ),
    ).toBe(false);
  });
});

describe('credentialSummary', () => {
  it('reads a credential in one line, the name on it for operators only', () => {
    const eo = {
      number: 'EO-5521',
      nameOnDocument: 'Jordan Taylor',
      provider: 'NNA Insurance',
      coverageCents: 10_000_000,
      issuedOn: null,
      expiresOn: '2030-03-01',
    };
    expect(credentialSummary(eo, { withName: true })).toBe('EO-5521 · Jordan Taylor · NNA Insurance · $100,000.00 · expires 03/01/2030');
    expect(credentialSummary(eo, { withName: false })).toBe('EO-5521 · NNA Insurance · $100,000.00 · expires 03/01/2030');
    expect(
      credentialSummary(
        { number: null, provider: 'Sterling', coverageCents: null, issuedOn: '2026-05-02', expiresOn: null },
        { withName: true },
      ),
    ).toBe('Sterling · dated 05/02/2026');
  });
});
