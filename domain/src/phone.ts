/**
 * The one phone rule (decision 046). A phone number is a North American (US or Canadian)
 * number, typed or pasted the way people write one: 10 digits grouped with spaces, dots,
 * dashes or parentheses, optionally after the country code ("+1", "1", "1-"). It is stored as
 * its 10 digits. Anything else is refused with a message saying what to type: an extension,
 * another country's number, a digit count other than 10, or an area code or exchange (the
 * three digits after it) starting with 0 or 1, which no North American number has; that last
 * rule is also what refuses "(131) 055-5014", the shape a +1 number takes when something keeps
 * its first 10 digits. No zod here, so the apps can format a number without loading it.
 */
import { withoutFormatCharacters } from './text';

/** The message of a digit count other than 10 (kept word for word: API tests and forms show it). */
export const PHONE_MESSAGE = 'must be a 10-digit phone number';
/** Every message of the rule: fragments shown after the field's label ("Mobile phone must …"). */
export const PHONE_MESSAGES = {
  digits: PHONE_MESSAGE,
  extension: 'must be the 10-digit number only; extensions are not accepted',
  country: 'must be a US or Canadian number; other country codes are not accepted',
  nanp: 'must be a real US or Canadian number: the area code and the 3 digits after it cannot start with 0 or 1',
} as const;
export type PhoneProblem = keyof typeof PHONE_MESSAGES;

/** What the API documents for every phone field. */
export const PHONE_DESCRIPTION =
  'A US or Canadian number as people write it: (310) 555-0142, 310.555.0142, 1-310-555-0142 or +1 310 555 0142; no extension. Stored as its 10 digits';

/** Room for "+1 (213) 555-0199 ext. 12345" and spacing, so an extension gets its own message; longer input is refused before it is read. */
export const PHONE_INPUT_MAX = 40;

/** Spaces (a no-break space from a web page included), dots, hyphens and dashes, parentheses. */
const SEPARATORS = /[\s.\-\u2010-\u2015()]/g;
/** "x12", "ext. 4", "extension 4", "#12", or a dialer's pause (",12", ";12") at the end. */
const EXTENSION = /(?:e?xt?\.?|extension|#|[,;]+)\s*:?\s*\d+\s*$/i;
/** What dials out of the US to another country. */
const INTERNATIONAL_PREFIX = '011';

export type PhoneParse = { digits: string; problem?: never } | { digits?: never; problem: PhoneProblem };

/**
 * A North American number as typed or pasted → its 10 digits, or what is wrong with it.
 * "+1 (310) 555-0142", "1-310-555-0142", "310.555.0142", "(310) 555-0142" → "3105550142".
 */
export function parsePhone(value: string): PhoneParse {
  const text = withoutFormatCharacters(value.normalize('NFKC')).trim();
  if (EXTENSION.test(text)) return { problem: 'extension' };
  const compact = text.replace(SEPARATORS, '');
  if (!/^\+?\d+$/.test(compact)) return { problem: 'digits' };
  let digits = compact.replace('+', '');
  if (compact.startsWith('+')) {
    if (!digits.startsWith('1')) return { problem: 'country' };
    digits = digits.slice(1);
  } else if (digits.length > 11 && digits.startsWith(INTERNATIONAL_PREFIX)) {
    return { problem: 'country' };
  } else if (digits.length === 11 && digits.startsWith('1')) {
    digits = digits.slice(1);
  }
  if (digits.length !== 10) return { problem: 'digits' };
  if (/^[01]|^\d{3}[01]/.test(digits)) return { problem: 'nanp' };
  return { digits };
}

/** The 10 digits of a number typed in any accepted format, or null when the rule refuses it. */
export function phoneDigits(value: string): string | null {
  return parsePhone(value).digits ?? null;
}

/**
 * What a phone input shows for what was typed or pasted: the number as (###) ###-#### once
 * the rule reads it as one ("+1 (310) 555-0142" → "(310) 555-0142"), otherwise the text just
 * as typed, so nothing is dropped or moved and the form's message can say what is wrong.
 */
export function phoneAsTyped(typed: string): string {
  const digits = phoneDigits(typed);
  return digits === null ? typed : formatPhone(digits);
}

/**
 * Phone display of spec 01 §5 / spec 02 §5: digits only, padded with 9 up to 10 digits or
 * truncated at 10, shown as (###) ###-####. For stored numbers (already 10 digits), never for
 * what a person typed: cutting a typed "+1 …" at 10 digits is how the country code became
 * the area code (issue 27); typed text goes through parsePhone / phoneAsTyped.
 */
export function formatPhone(raw: string | null | undefined): string {
  const digits = (raw ?? '').replace(/\D/g, '').padEnd(10, '9').slice(0, 10);
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A US number in E.164 (+1##########), for text messages and tel: links; null when it is not one. */
export function toE164(phone: string | null | undefined): string | null {
  const digits = phoneDigits(phone ?? '');
  return digits === null ? null : `+1${digits}`;
}
