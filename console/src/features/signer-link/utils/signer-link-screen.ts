/**
 * Which screen the signer's confirmation page shows (issue 33, item 3), from what the public API
 * answered: the signing to confirm, or one closing sentence — the answer was sent, the link was
 * already used, has expired, or is not a link SigningDesk sent — in SIGNER_LINK's words.
 */
import { ApiError, NetworkError, type Settled } from '@signingdesk/domain/problem';
import { SIGNER_LINK } from '@signingdesk/domain/signing-day';

export const INVALID_LINK = 'This confirmation link is not valid.';
export const LOAD_FAILED = 'The page could not be loaded. Check your connection and try again.';

export interface SigningFacts {
  date: string;
  time: string;
  city: string;
}

export type SignerScreen =
  | { kind: 'loading' }
  | { kind: 'open'; facts: SigningFacts }
  /** The page's last word: `done` after this visit's answer, `closed` for a link that takes none. */
  | { kind: 'done' | 'closed'; message: string }
  | { kind: 'failed'; message: string };

/** A refusal's status as the page words it; null for a status the page has no sentence of its own for. */
function closedBy(status: number): string | null {
  if (status === 404) return INVALID_LINK;
  if (status === 410) return SIGNER_LINK.expired;
  if (status === 409) return SIGNER_LINK.used;
  return null;
}

/** The screen for the link as read (GET), and this visit's answer once it was taken. */
export function signerScreen(read: {
  data: (SigningFacts & { answered: boolean }) | undefined;
  error: Error | null;
  answeredMessage?: string | null;
}): SignerScreen {
  if (read.answeredMessage) return { kind: 'done', message: read.answeredMessage };
  if (read.error) {
    const closed = read.error instanceof ApiError ? closedBy(read.error.status) : null;
    if (closed) return { kind: 'closed', message: closed };
    return { kind: 'failed', message: read.error instanceof NetworkError ? LOAD_FAILED : read.error.message };
  }
  if (!read.data) return { kind: 'loading' };
  if (read.data.answered) return { kind: 'closed', message: SIGNER_LINK.used };
  const { date, time, city } = read.data;
  return { kind: 'open', facts: { date, time, city } };
}

/** What an answer's outcome does to the page: done, closed (used or expired meanwhile), a field's error, or a message under the form. */
export type AnswerEffect =
  | { kind: 'done' | 'closed'; message: string }
  | { kind: 'field'; field: 'preferredTime'; message: string }
  | { kind: 'problem'; message: string };

export const ANSWER_UNSENT = 'Your answer was not sent: check your connection and try again.';

export function answerEffect(outcome: Settled<{ message: string }>): AnswerEffect {
  if (outcome.type === 'ok') return { kind: 'done', message: outcome.data.message };
  if (outcome.type === 'unsent') return { kind: 'problem', message: ANSWER_UNSENT };
  const closed = closedBy(outcome.problem.status);
  if (closed) return { kind: 'closed', message: closed };
  const field = outcome.problem.fields.find((f) => f.field === 'preferredTime');
  if (field) return { kind: 'field', field: 'preferredTime', message: field.message };
  return { kind: 'problem', message: outcome.problem.message };
}
