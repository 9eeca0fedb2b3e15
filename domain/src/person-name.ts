/**
 * The one rule for a person's name, wherever one is set (users, agents, firm contacts, the
 * public forms). Names are pasted into emails, text messages, pushes, bid lists and threads,
 * so a name must read as a name there and nothing else: one line, no invisible characters,
 * no web address, no markup, no phone number.
 *
 * Allowed: letters and combining marks of any script, spaces, and the punctuation real names
 * carry (hyphen, apostrophes, period, comma). Digits are refused: no name needs them, and
 * they are how a name becomes "call 555-0100". A period between two words without a space
 * ("evil.example") is refused because mail and SMS apps turn it into a link.
 */
import { hasInvisibleCharacters, hasLineBreaksOrTabs } from './text';

/** First name or last name on its own. */
export const PERSON_NAME_PART_MAX = 80;
/** A whole name in one field (a firm's contact, the name on a public form). */
export const PERSON_FULL_NAME_MAX = 120;

const ALLOWED = /^[\p{L}\p{M} '’\-.,]+$/u;
const LETTER = /\p{L}/u;
/** A word, a period and two more letters: the shape link detectors take for a domain. */
const DOMAIN_LIKE = /\p{L}\.\p{L}{2,}/u;

export const PERSON_NAME_MESSAGES = {
  required: 'is required',
  tooLong: (max: number) => `must be at most ${max} characters`,
  oneLine: 'must be on one line',
  invisible: 'must not contain control or invisible formatting characters',
  characters: 'may contain only letters, spaces, hyphens, apostrophes, periods and commas',
  letter: 'must contain a letter',
  webAddress: 'must not contain a web address',
} as const;

/** The name as stored: NFC, trimmed, inner runs of spaces collapsed to one. */
export function normalizePersonName(raw: string): string {
  return raw.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/** What is wrong with `raw` as a name of at most `max` characters, or null when it is a name. */
export function personNameProblem(raw: string, max: number): string | null {
  // Checked before normalizing: collapsing would quietly join the lines of a pasted message.
  const trimmed = raw.trim();
  if (hasLineBreaksOrTabs(trimmed)) return PERSON_NAME_MESSAGES.oneLine;
  if (hasInvisibleCharacters(trimmed)) return PERSON_NAME_MESSAGES.invisible;
  const name = normalizePersonName(raw);
  if (name === '') return PERSON_NAME_MESSAGES.required;
  if ([...name].length > max) return PERSON_NAME_MESSAGES.tooLong(max);
  if (!ALLOWED.test(name)) return PERSON_NAME_MESSAGES.characters;
  if (!LETTER.test(name)) return PERSON_NAME_MESSAGES.letter;
  if (DOMAIN_LIKE.test(name)) return PERSON_NAME_MESSAGES.webAddress;
  return null;
}

export function isPersonName(value: string, max: number = PERSON_FULL_NAME_MAX): boolean {
  return personNameProblem(value, max) === null;
}
