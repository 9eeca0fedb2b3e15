/**
 * The signing terms as the forms type them (issue 33, decision 068): each field's rule and
 * message, for an order's body (appointment-input.ts) and a firm's defaults. Kept apart from
 * signing-terms.ts, which the database schema reads and which must create no zod schema.
 */
import { z } from 'zod';
import { feeDigits } from './firm-input';
import { formatCents, parseDollars } from './money';
import {
  CARRIER_CODES,
  carrierProblem,
  PRINTED_BY_CODES,
  RETURN_METHOD_CODES,
  SHIP_BY_DAY_CODES,
  TERMS_BOUNDS,
  TERMS_LABELS,
  type FirmTermsDefaults,
  type SigningTerms,
  type TermsField,
} from './signing-terms';

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

function whole(field: 'scanBackHours' | 'pageCount' | 'paymentTermsDays') {
  const { min, max } = TERMS_BOUNDS[field];
  const message = `${TERMS_LABELS[field]} must be a whole number from ${min} to ${max}`;
  return z
    .union([z.string(), z.number()], { message: `${TERMS_LABELS[field]} is required` })
    .transform((value, ctx): number => {
      const text = String(value).trim();
      const n = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: text === '' ? `${TERMS_LABELS[field]} is required` : message });
        return z.NEVER;
      }
      return n;
    })
    .meta({ type: 'integer', minimum: min, maximum: max });
}

function dollars(field: 'tripFee' | 'extraSignerFee') {
  const { min, max } = TERMS_BOUNDS[field === 'tripFee' ? 'tripFeeCents' : 'extraSignerFeeCents'];
  const label = TERMS_LABELS[field];
  return z
    .union([z.string(), z.number()], { message: `${label} is required` })
    .transform((value, ctx): number => {
      // Thousands separators and the $ go; anything else that is not part of an amount refuses it.
      const typed = String(value).trim();
      const cents = /^\$?[\d,]*\.?\d*$/.test(typed) && /\d/.test(typed) ? parseDollars(feeDigits(typed)) : null;
      if (cents === null || cents < min || cents > max) {
        ctx.addIssue({
          code: 'custom',
          message:
            typed === '' ? `${label} is required` : `${label} must be a dollar amount from ${formatCents(min)} to ${formatCents(max)}`,
        });
        return z.NEVER;
      }
      return cents;
    })
    .meta({
      type: 'string',
      example: '$50.00',
      description: `Dollars, ${formatCents(min)} to ${formatCents(max)}; a leading $ is stripped`,
    });
}

const choice = <T extends string>(field: TermsField, codes: readonly T[]) =>
  z.enum(codes as [T, ...T[]], { message: `Choose ${TERMS_LABELS[field].toLowerCase()} from the list` });

const carrier = choice('returnCarrier', CARRIER_CODES)
  .nullish()
  .transform((v) => v ?? null);
/** Left empty in the form, or null: not said. */
const pageCount = z
  .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), whole('pageCount').nullish())
  .transform((v) => v ?? null);

/** Every term's field with its rule, as the order body and the firm defaults carry it. */
export const termsFields = {
  scanBackHours: whole('scanBackHours'),
  returnMethod: choice('returnMethod', RETURN_METHOD_CODES),
  returnCarrier: carrier,
  shipByDay: choice('shipByDay', SHIP_BY_DAY_CODES),
  shipByTime: z
    .string({ message: `${TERMS_LABELS.shipByTime} must be a time as HH:MM (24 h)` })
    .regex(TIME_PATTERN, `${TERMS_LABELS.shipByTime} must be a time as HH:MM (24 h)`)
    .meta({ example: '17:00' }),
  printedBy: choice('printedBy', PRINTED_BY_CODES),
  pageCount,
  paymentTermsDays: whole('paymentTermsDays'),
  tripFee: dollars('tripFee'),
  extraSignerFee: dollars('extraSignerFee'),
};

/** The body fields as the stored terms (dollars read as cents). */
export function termsFromInput<T extends Partial<Record<TermsField, unknown>>>(input: T): Partial<SigningTerms> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || !Object.hasOwn(TERMS_LABELS, key)) continue;
    if (key === 'tripFee') out.tripFeeCents = value;
    else if (key === 'extraSignerFee') out.extraSignerFeeCents = value;
    else out[key] = value;
  }
  return out as Partial<SigningTerms>;
}

/** The stored terms as the forms show them: numbers as typed, fees in dollars without the $ the field draws. */
export function termsFormValues(terms: FirmTermsDefaults & { pageCount?: number | null }) {
  const asDollars = (cents: number) => (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2);
  return {
    scanBackHours: String(terms.scanBackHours),
    returnMethod: terms.returnMethod,
    returnCarrier: terms.returnCarrier,
    shipByDay: terms.shipByDay,
    shipByTime: terms.shipByTime,
    printedBy: terms.printedBy,
    pageCount: terms.pageCount == null ? '' : String(terms.pageCount),
    paymentTermsDays: String(terms.paymentTermsDays),
    tripFee: asDollars(terms.tripFeeCents),
    extraSignerFee: asDollars(terms.extraSignerFeeCents),
  };
}

/** PUT /firms/{id}/order-terms: a firm's defaults, every field required. */
export const FirmTermsInputSchema = z
  .object({
    scanBackHours: termsFields.scanBackHours,
    returnMethod: termsFields.returnMethod,
    returnCarrier: termsFields.returnCarrier,
    shipByDay: termsFields.shipByDay,
    shipByTime: termsFields.shipByTime,
    printedBy: termsFields.printedBy,
    paymentTermsDays: termsFields.paymentTermsDays,
    tripFee: termsFields.tripFee,
    extraSignerFee: termsFields.extraSignerFee,
  })
  .strict()
  .superRefine((terms, ctx) => {
    const problem = carrierProblem(terms);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type FirmTermsInput = z.input<typeof FirmTermsInputSchema>;

export function firmDefaultsFromInput(input: z.output<typeof FirmTermsInputSchema>): FirmTermsDefaults {
  const { tripFee, extraSignerFee, ...rest } = input;
  return {
    ...rest,
    returnCarrier: rest.returnMethod === 'none' ? null : rest.returnCarrier,
    tripFeeCents: tripFee,
    extraSignerFeeCents: extraSignerFee,
  };
}
