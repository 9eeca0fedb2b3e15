/**
 * The one password rule: its length. The sign-in (better-auth, api auth.ts) refuses a
 * password outside these bounds, so every form that sets one checks the same numbers.
 */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: `must be at least ${MIN_PASSWORD_LENGTH} characters`,
  tooLong: `must be at most ${MAX_PASSWORD_LENGTH} characters`,
} as const;

/** What is wrong with a new password, in the words above, or null when its length is right. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooLong;
  return null;
}
