/**
 * How often one signed-in person may do what sends texts or emails to others, or fills the
 * database (issue 26, item 10). Counted per user in PostgreSQL (shared by every API process),
 * over a fixed window of an hour; the 429 says when to try again. Generous for a working day —
 * an escrow officer posts a few messages an hour, an org admin adds a few colleagues a week —
 * and a wall for a script.
 */
export const USER_LIMITS = {
  /** Messages posted to order threads (each notifies the other parties). */
  message: { perHour: 30, verb: 'posted', what: 'messages' },
  /** Texts and emails an operator sends one agent from List Signing Agents. */
  agentMessage: { perHour: 30, verb: 'sent', what: 'messages to signing agents' },
  /** Create New User (each emails an invitation). */
  userCreate: { perHour: 20, verb: 'added', what: 'new users' },
  /** Order edits (each may notify the agent). */
  orderEdit: { perHour: 60, verb: 'made', what: 'order edits' },
  /** Campaign answers (an enrolment emails the details). */
  campaign: { perHour: 6, verb: 'sent', what: 'campaign answers' },
  /** Confirmation links texted or emailed to signers (issue 33). */
  signerLink: { perHour: 10, verb: 'sent', what: 'confirmation links to signers' },
} as const;

export type UserLimitedAction = keyof typeof USER_LIMITS;

export function userLimitMessage(action: UserLimitedAction, retryAfterSeconds: number): string {
  const { perHour, verb, what } = USER_LIMITS[action];
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You have ${verb} ${perHour} ${what} in the last hour, the most we allow. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
