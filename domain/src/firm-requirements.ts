/**
 * A firm's requirements of the agents who sign its orders (issue 31, decision 065), as the
 * operators' form fills them in: the minimum E&O coverage in dollars, the maximum age of the
 * background check in days, NNA certification required. Empty means no requirement. The API
 * reads PUT /firms/{id}/requirements with this schema and the console's form with the same;
 * each message names the field as the form labels it. What the requirements mean for
 * eligibility is domain/credentials.ts `firmRequirementGaps`.
 */
import { z } from 'zod';
import { feeDigits } from './firm-input';
import { parseDollars } from './money';
import { firmRequirementGaps, type FirmRequirements } from './credentials';
import { joinAnd } from './eligibility';

export const FIRM_REQUIREMENT_LABELS = {
  minEoCoverage: 'Minimum E&O coverage',
  maxBackgroundCheckAgeDays: 'Maximum age of the background check (days)',
  nnaRequired: 'NNA certification required',
} as const;

/** The longest background-check age a firm may ask for: ten years. */
export const MAX_BACKGROUND_CHECK_AGE_DAYS = 3650;

const empty = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

const minEoCoverage = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value, ctx): number | null => {
    if (empty(value)) return null;
    const cents = parseDollars(feeDigits(String(value)));
    if (cents === null || cents === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${FIRM_REQUIREMENT_LABELS.minEoCoverage} must be a dollar amount such as 1000000 or $1,000,000 (up to $9,999,999), or empty for none.`,
      });
      return z.NEVER;
    }
    return cents;
  })
  .meta({ type: 'string', example: '$1,000,000', description: 'Dollars; empty or null: no minimum' });

const maxBackgroundCheckAgeDays = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value, ctx): number | null => {
    if (empty(value)) return null;
    const text = String(value).trim();
    const days = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(days) || days < 1 || days > MAX_BACKGROUND_CHECK_AGE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        message: `${FIRM_REQUIREMENT_LABELS.maxBackgroundCheckAgeDays} must be a whole number of days from 1 to ${MAX_BACKGROUND_CHECK_AGE_DAYS}, or empty for none.`,
      });
      return z.NEVER;
    }
    return days;
  })
  .meta({ type: 'string', example: '365', description: 'Days; empty or null: no limit' });

export const FirmRequirementsInputSchema = z
  .object({
    minEoCoverage,
    maxBackgroundCheckAgeDays,
    nnaRequired: z.boolean({ message: `${FIRM_REQUIREMENT_LABELS.nnaRequired} must be checked or not.` }).default(false),
  })
  .strict();
export type FirmRequirementsInput = z.input<typeof FirmRequirementsInputSchema>;

/** The requirements as the form shows them: empty fields where there is none. */
export function firmRequirementsFormValues(firm: FirmRequirements) {
  return {
    // Digits only, as the field keeps them (its $ is drawn beside it): 1000000, 250000.50.
    minEoCoverage:
      firm.minEoCoverageCents === null ? '' : (firm.minEoCoverageCents / 100).toFixed(firm.minEoCoverageCents % 100 === 0 ? 0 : 2),
    maxBackgroundCheckAgeDays: firm.maxBackgroundCheckAgeDays === null ? '' : String(firm.maxBackgroundCheckAgeDays),
    nnaRequired: firm.nnaRequired,
  };
}

/** One sentence an operator reads beside the firm: what its agents must hold (the gaps of an agent who holds nothing). */
export function firmRequirementsSummary(firm: FirmRequirements): string {
  const parts = firmRequirementGaps([], firm, '2000-01-01');
  if (parts.length === 0) return 'No requirements: any eligible agent may sign its orders.';
  return `Agents must hold ${joinAnd(parts)} on the signing's date.`;
}
