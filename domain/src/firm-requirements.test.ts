import { describe, expect, it } from 'vitest';
import { FirmRequirementsInputSchema, firmRequirementsFormValues, firmRequirementsSummary } from './firm-requirements';

describe('firm requirements input', () => {
  it('reads dollars as cents and days as a whole number; empty is no requirement', () => {
    expect(FirmRequirementsInputSchema.parse({ minEoCoverage: '$1,000,000', maxBackgroundCheckAgeDays: '365', nnaRequired: true })).toEqual(
      {
        minEoCoverage: 100_000_000,
        maxBackgroundCheckAgeDays: 365,
        nnaRequired: true,
      },
    );
    expect(FirmRequirementsInputSchema.parse({ minEoCoverage: '', maxBackgroundCheckAgeDays: null })).toEqual({
      minEoCoverage: null,
      maxBackgroundCheckAgeDays: null,
      nnaRequired: false,
    });
  });

  it('refuses with the field as the form labels it', () => {
    const coverage = FirmRequirementsInputSchema.safeParse({ minEoCoverage: '0' });
    expect(coverage.error?.issues[0]?.message).toMatch(/^Minimum E&O coverage must be a dollar amount/);
    const days = FirmRequirementsInputSchema.safeParse({ maxBackgroundCheckAgeDays: '36.5' });
    expect(days.error?.issues[0]?.message).toMatch(/^Maximum age of the background check \(days\) must be a whole number/);
    expect(FirmRequirementsInputSchema.safeParse({ maxBackgroundCheckAgeDays: '3651' }).success).toBe(false);
  });

  it('shows stored values back as the form keeps them, and sums them up in a sentence', () => {
    const firm = { minEoCoverageCents: 25_000_050, maxBackgroundCheckAgeDays: 180, nnaRequired: false };
    expect(firmRequirementsFormValues(firm)).toEqual({ minEoCoverage: '250000.50', maxBackgroundCheckAgeDays: '180', nnaRequired: false });
    expect(firmRequirementsSummary(firm)).toBe(
      "Agents must hold E&O insurance of at least $250,000.50 and a background check passed within 180 days on the signing's date.",
    );
    expect(firmRequirementsSummary({ minEoCoverageCents: null, maxBackgroundCheckAgeDays: null, nnaRequired: false })).toBe(
      'No requirements: any eligible agent may sign its orders.',
    );
  });
});
