/**
 * Add Firm as a form fills it in (spec 02 §3 "Firm", §5): every field required, the zip 5
 * digits, the org name and contact name title-cased, the email lowercased, the fee kept to its
 * digits and one decimal point. The API reads the request with this schema (registered as
 * CreateFirm; it also checks the name is free) and the console's Add Firm form with the same.
 */
import { z } from 'zod';
import { emailField, personNameField, requiredText, stateField, zipField } from './fields';
import { serviceFeeProblem } from './fee-rules';
import { parseDollars } from './money';
import { PERSON_FULL_NAME_MAX } from './person-name';
import { titleCase } from './text';

export const ORG_NAME_TAKEN_MESSAGE = 'This organization name is already taken';
/** Spec 02 §5: the alert of a submit with a zip that is not 5 digits. */
export const ZIP_ALERT = 'Please enter a valid 5-digit ZIP code.';
/** Spec 02 §3 / §9: the two managing organisations; a new firm defaults to 3000. */
export const MANAGING_ORG_NUMBERS = [3000, 3001] as const;
export const DEFAULT_MANAGING_ORG_NUMBER = 3000;

/** Spec 02 §5: the fee keeps only digits and one decimal point (a typed $ or comma is dropped). */
export function feeDigits(value: string): string {
  const kept = value.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot === -1 ? kept : `${kept.slice(0, dot + 1)}${kept.slice(dot + 1).replace(/\./g, '')}`;
}

const serviceFee = z
  .union([z.string(), z.number()], { message: 'is required' })
  .transform((value, ctx) => {
    const digits = feeDigits(String(value));
    if (digits === '' || digits === '.') {
      ctx.addIssue({ code: 'custom', message: 'is required' });
      return z.NEVER;
    }
    const cents = parseDollars(digits);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'must be a dollar amount such as 45 or $45.00' });
      return z.NEVER;
    }
    const problem = serviceFeeProblem(cents);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return cents;
  })
  .meta({ type: 'string', example: '$45.00', description: 'org_fee in dollars; only digits and one decimal point are kept' });

export const CreateFirmSchema = z
  .object({
    name: requiredText(200)
      .transform(titleCase)
      .meta({ type: 'string', description: 'org_name; title-cased, unique ignoring case', example: 'Pacific Coast Title' }),
    contactName: personNameField(PERSON_FULL_NAME_MAX)
      .transform(titleCase)
      .meta({ type: 'string', maxLength: PERSON_FULL_NAME_MAX, description: 'Title-cased', example: 'Dana Whitfield' }),
    contactEmail: emailField.meta({ type: 'string', example: 'dana.whitfield@example.com', description: 'Stored lowercased' }),
    address: requiredText(200).meta({ type: 'string', example: '100 Wilshire Blvd' }),
    city: requiredText(100).meta({ type: 'string', example: 'Santa Monica' }),
    state: stateField.meta({ example: 'CA' }),
    zip: zipField.meta({ example: '90012' }),
    serviceFee,
    managingOrgNumber: z.coerce
      .number({ message: 'must be 3000 or 3001' })
      .refine((v) => (MANAGING_ORG_NUMBERS as readonly number[]).includes(v), { message: 'must be 3000 or 3001' })
      .default(DEFAULT_MANAGING_ORG_NUMBER)
      .meta({ type: 'integer', enum: [...MANAGING_ORG_NUMBERS], description: 'sub_org; default 3000' }),
  })
  .strict();
export type CreateFirmInput = z.infer<typeof CreateFirmSchema>;
