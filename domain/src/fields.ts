/**
 * The input fields that forms and the API read the same way (spec 02 §5): one-line texts,
 * people's names, email, zip, state, phone and password, with the messages both show. Plain
 * zod: the API's schemas add their OpenAPI description on top (api users.fields.ts), the
 * agent app checks a form with the very same rules before sending it.
 */
import { z } from 'zod';
import { ZIP_PATTERN } from './appointment-rules';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES } from './password';
import { normalizePersonName, personNameProblem } from './person-name';
import { parsePhone, PHONE_INPUT_MAX, PHONE_MESSAGE, PHONE_MESSAGES } from './phone';
import { withoutFormatCharacters } from './text';
import { US_STATES } from './us-states';

export const REQUIRED_MESSAGE = 'is required';
/** Spec 02 §5 / §8, used for every zip of these forms. */
export const ZIP_MESSAGE = 'Zip code must be a 5-digit number';
/** Every state is chosen from a list (the forms' State selects). */
export const STATE_MESSAGE = 'Choose a state';
export const EMAIL_MESSAGE = 'must be an email address';
export const EMAIL_MAX = 254;

/** Control characters (C0, DEL and C1; NUL cannot even be stored) never belong in a one-line field. */
const CONTROL_CHARACTERS = /\p{Cc}/u;
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';
export const hasNoControlCharacters = (value: string | null | undefined) => !value || !CONTROL_CHARACTERS.test(value);

/** A required one-line text, trimmed, with inner runs of whitespace collapsed and no bidi or zero-width characters. */
export const requiredText = (max: number) =>
  z
    .string({ message: REQUIRED_MESSAGE })
    .overwrite(withoutFormatCharacters)
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(max, `must be at most ${max} characters`)
    .transform((v) => v.replace(/\s+/g, ' '))
    .refine(hasNoControlCharacters, { message: CONTROL_CHARACTERS_MESSAGE });

/** The same for a text that may be left out: empty is null. */
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
 * A person's name under the one rule of person-name.ts (`max`: PERSON_NAME_PART_MAX for a
 * first or last name, PERSON_FULL_NAME_MAX for a whole name), stored normalized.
 */
export const personNameField = (max: number) =>
  z.string({ message: REQUIRED_MESSAGE }).transform((raw, ctx) => {
    const problem = personNameProblem(raw, max);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return normalizePersonName(raw);
  });

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
    });

/** Stored lowercased. */
export const emailField = z
  .string({ message: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(EMAIL_MAX, `must be at most ${EMAIL_MAX} characters`)
  .transform((v) => v.toLowerCase())
  .pipe(z.email({ message: EMAIL_MESSAGE }));

export const zipField = z.string({ message: ZIP_MESSAGE }).trim().regex(ZIP_PATTERN, ZIP_MESSAGE);

export const stateField = z.enum(US_STATES, { message: STATE_MESSAGE });

/**
 * A field's message as a sentence that names the field by its label ("Signer phone 1 must be …"),
 * for messages read where the label is not in sight; the message alone when no label is given.
 */
export const named = (label: string | undefined, message: string) => (label ? `${label} ${message}` : message);

const phoneOf = (value: string, ctx: z.RefinementCtx, label?: string) => {
  const { digits, problem } = parsePhone(value);
  if (problem !== undefined) {
    ctx.addIssue({ code: 'custom', message: named(label, PHONE_MESSAGES[problem]) });
    return z.NEVER;
  }
  return digits;
};

/** A US or Canadian phone number as people type or paste it → its 10 digits (the one rule of phone.ts). */
export const phoneField = z
  .string({ error: (issue) => (issue.input == null ? REQUIRED_MESSAGE : PHONE_MESSAGE) })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(PHONE_INPUT_MAX, PHONE_MESSAGE)
  .transform(phoneOf);

/** The same for a phone that may be left out: empty is null; `label` names the field in its messages. */
export const optionalPhone = (label?: string) =>
  z
    .string({ message: named(label, PHONE_MESSAGE) })
    .trim()
    .max(PHONE_INPUT_MAX, named(label, PHONE_MESSAGE))
    .nullish()
    .transform((v, ctx) => (v ? phoneOf(v, ctx, label) : null));
export const optionalPhoneField = optionalPhone();

/** A new password: its length is the only rule (the sign-in refuses shorter ones, password.ts). */
export const passwordField = z
  .string({ error: (issue) => (issue.input == null ? REQUIRED_MESSAGE : 'must be text') })
  .min(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(MAX_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooLong);
