/**
 * The person fields every form of firms, users and agents shares (spec 02 §5): names, email,
 * phone, state and zip, with the spec's messages, and the title case of Add Firm.
 */
import { z } from '@hono/zod-openapi';
import { normalizePersonName, personNameProblem } from '@signingdesk/domain/person-name';
import { withoutFormatCharacters } from '@signingdesk/domain/text';
import { US_STATES } from '@signingdesk/domain/us-states';

/** Spec 02 §5 / §8, used for every zip of these forms. */
export const ZIP_MESSAGE = 'Zip code must be a 5-digit number';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';

/** Control characters (NUL cannot even be stored) never belong in a one-line field. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';
export const hasNoControlCharacters = (value: string | null | undefined) => !value || !CONTROL_CHARACTERS.test(value);

/** A required one-line text, trimmed, with inner runs of whitespace collapsed and no bidi or zero-width characters. */
export const requiredText = (max: number) =>
  z
    .string({ message: 'is required' })
    .overwrite(withoutFormatCharacters)
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .transform((v) => v.replace(/\s+/g, ' '))
    .refine(hasNoControlCharacters, { message: CONTROL_CHARACTERS_MESSAGE });

export const optionalText = (max: number) =>
  z
    .string()
    .overwrite(withoutFormatCharacters)
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v.replace(/\s+/g, ' ') : null))
    .refine(hasNoControlCharacters, { message: CONTROL_CHARACTERS_MESSAGE });

/**
 * A person's name under the one rule of domain/person-name.ts (`max`: PERSON_NAME_PART_MAX for
 * a first or last name, PERSON_FULL_NAME_MAX for a whole name), stored normalized.
 */
export const personNameField = (max: number) =>
  z
    .string({ message: 'is required' })
    .transform((raw, ctx) => {
      const problem = personNameProblem(raw, max);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return normalizePersonName(raw);
    })
    .openapi({ type: 'string', maxLength: max, description: 'A person’s name: letters, spaces, hyphens, apostrophes, periods and commas, on one line' });

/** The same rule for a name that may be left out: empty is null. */
export const optionalPersonNameField = (max: number) =>
  z
    .string()
    .nullish()
    .transform((raw, ctx) => {
      if (!raw || raw.trim() === '') return null;
      const problem = personNameProblem(raw, max);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return normalizePersonName(raw);
    })
    .openapi({ type: 'string', maxLength: max, description: 'A person’s name (see the required variant); empty or omitted is none' });

export const emailField = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(254, 'must be at most 254 characters')
  .transform((v) => v.toLowerCase())
  .pipe(z.email({ message: 'must be an email address' }))
  .openapi({ type: 'string', example: 'dana.whitfield@example.com', description: 'Stored lowercased' });

export const zipField = z
  .string({ message: ZIP_MESSAGE })
  .trim()
  .regex(/^\d{5}$/, ZIP_MESSAGE)
  .openapi({ example: '90012' });

export const stateField = z
  .enum(US_STATES, { message: 'must be a two-letter US state code' })
  .openapi({ example: 'CA' });

/** A US phone number as typed → its 10 digits (a leading country code 1 is dropped). */
export function phoneDigits(value: string): string | null {
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 ? digits : null;
}

const phoneOf = (v: string, ctx: z.RefinementCtx) => {
  const digits = phoneDigits(v);
  if (digits === null) {
    ctx.addIssue({ code: 'custom', message: 'must be a 10-digit phone number' });
    return z.NEVER;
  }
  return digits;
};

export const phoneField = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(20, 'must be a 10-digit phone number')
  .transform(phoneOf)
  .openapi({ type: 'string', example: '(213) 555-0199', description: 'Any format; stored as 10 digits' });

export const optionalPhoneField = z
  .string()
  .trim()
  .max(20, 'must be a 10-digit phone number')
  .nullish()
  .transform((v, ctx) => (v ? phoneOf(v, ctx) : null))
  .openapi({ type: 'string', example: '(213) 555-0199', description: 'Any format; stored as 10 digits' });

/**
 * Title case for names (spec 02 §5 Add Firm: org name and contact name): every word starts
 * with a capital. A word typed in one case is lowercased after its first letter ("ACME" →
 * "Acme", "whitfield" → "Whitfield"); a word in mixed case keeps the rest as typed
 * ("McDonald").
 */
export function titleCase(value: string): string {
  return value
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/(^|[^\p{L}\p{N}'’])(\p{L})([\p{L}\p{N}'’]*)/gu, (_, before: string, first: string, rest: string) => {
      const word = first + rest;
      const oneCase = word === word.toLowerCase() || word === word.toUpperCase();
      return `${before}${first.toUpperCase()}${oneCase ? rest.toLowerCase() : rest}`;
    });
}
