/**
 * The "Signer did not sign" form as the agent fills it in (issue 33, item 2), checked with the
 * server's own schema (domain/signing-outcome-input.ts) before it is stored: a form the server
 * would refuse never waits in the outbox, and the messages are the server's, word for word.
 */
import { formatCents } from '@signingdesk/domain/money';
import type { NotSignedReason } from '@signingdesk/domain/signing-outcome';
import { NotSignedInputSchema, type NotSigned } from '@signingdesk/domain/signing-outcome-input';

export interface NotSignedDraft {
  /** null until the agent chooses one. */
  reason: NotSignedReason | null;
  note: string;
  rescheduleRequested: boolean;
  rescheduleNote: string;
}

export const EMPTY_NOT_SIGNED_DRAFT: NotSignedDraft = { reason: null, note: '', rescheduleRequested: false, rescheduleNote: '' };

/** The form's fields in the order they are shown: the first with an error takes the focus. */
export const NOT_SIGNED_FIELDS = ['reason', 'note', 'rescheduleNote'] as const;
export type NotSignedField = (typeof NOT_SIGNED_FIELDS)[number];
export type NotSignedErrors = Partial<Record<NotSignedField, string>>;

/**
 * The body to send, or the first message of each field that is wrong. "When the signer can
 * sign" counts only while the reschedule box is ticked: unticked, what it held is not sent.
 */
export function checkNotSigned(draft: NotSignedDraft): { body: NotSigned; errors?: never } | { body?: never; errors: NotSignedErrors } {
  const result = NotSignedInputSchema.safeParse({
    reason: draft.reason ?? undefined,
    note: draft.note,
    rescheduleRequested: draft.rescheduleRequested,
    rescheduleNote: draft.rescheduleRequested ? draft.rescheduleNote : null,
  });
  if (result.success) return { body: result.data };
  const errors: NotSignedErrors = {};
  for (const issue of result.error.issues) {
    const field = NOT_SIGNED_FIELDS.find((name) => name === issue.path[0]);
    if (field) errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * What recording it costs the agent, said before it is sent: the trip fee of the order's terms
 * replaces the agreed fee (the server's rule, decision 047). A copy kept on the phone from before
 * orders carried terms does not know the trip fee: then nothing is said rather than a guess.
 */
export function notSignedConsequence(terms: { tripFeeCents: number } | undefined): string | null {
  if (!terms) return null;
  return terms.tripFeeCents > 0
    ? `You will be paid the trip fee of ${formatCents(terms.tripFeeCents)} instead of the signing fee.`
    : 'This order has no trip fee: you will not be paid for this signing.';
}
