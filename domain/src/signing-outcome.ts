/**
 * How a signing ended (issue 33, item 2): signed (Mark Assignment Complete), or the signer did
 * not sign — with the reason, the agent's note and whether the signer asked for another time.
 * A signing the signer did not sign is paid and invoiced at the order's trip fee (its signing
 * terms, domain/signing-terms.ts): the agreed agent fee becomes the trip fee, the firm fee keeps
 * the order's markup (fee-rules.ts feesWithAgentPay), so every screen, email, CSV and invoice
 * shows the one amount. No file: zod-free, the database schema reads the codes.
 */
import { formatCents } from './money';

export const OUTCOMES = { signed: 'Signed', not_signed: 'Signer did not sign' } as const;
export type Outcome = keyof typeof OUTCOMES;
export const OUTCOME_CODES = Object.keys(OUTCOMES) as Outcome[];

export const NOT_SIGNED_REASONS = {
  no_show: 'The signer was not there',
  refused: 'The signer refused to sign',
  documents: 'The documents were wrong or missing',
  identification: 'The signer had no acceptable ID',
  other: 'Another reason',
} as const;
export type NotSignedReason = keyof typeof NOT_SIGNED_REASONS;
export const NOT_SIGNED_REASON_CODES = Object.keys(NOT_SIGNED_REASONS) as NotSignedReason[];

/** The form's labels and messages (the agent app's panel and the API's refusals). */
export const NOT_SIGNED_FORM = {
  reasonLabel: 'Why the signer did not sign',
  reasonMessage: 'Choose why the signer did not sign.',
  noteLabel: 'What happened',
  noteMax: 400,
  noteRequired: 'What happened is required when the reason is "Another reason".',
  noteTooLong: 'What happened must be at most 400 characters.',
  rescheduleLabel: 'The signer asked to reschedule',
  rescheduleNoteLabel: 'When the signer can sign',
  rescheduleNoteMax: 200,
  rescheduleNoteTooLong: 'When the signer can sign must be at most 200 characters.',
} as const;

export interface SigningOutcome {
  outcome: Outcome | null;
  notSignedReason: NotSignedReason | null;
  outcomeNote: string | null;
  rescheduleRequested: boolean;
  rescheduleNote: string | null;
}

/** The outcome as the views answer it; null while the signing has none. */
export function outcomeView(order: SigningOutcome & { agentFeeCents: number }) {
  if (!order.outcome) return null;
  const notSigned = order.outcome === 'not_signed';
  return {
    kind: order.outcome,
    label: OUTCOMES[order.outcome],
    reason: notSigned && order.notSignedReason ? NOT_SIGNED_REASONS[order.notSignedReason] : null,
    note: order.outcomeNote,
    rescheduleRequested: order.rescheduleRequested,
    rescheduleNote: order.rescheduleNote,
    /** One line for the order pages: 'Signer did not sign: The signer was not there. Trip fee $50.00.' */
    summary: notSigned
      ? `${OUTCOMES.not_signed}: ${order.notSignedReason ? NOT_SIGNED_REASONS[order.notSignedReason] : 'no reason given'}. Trip fee ${formatCents(order.agentFeeCents)}.${order.rescheduleRequested ? ' The signer asked to reschedule.' : ''}`
      : OUTCOMES.signed,
  };
}

/** What the agent reads once it is recorded. */
export function notSignedMessage(tripFeeCents: number): string {
  return tripFeeCents > 0
    ? `Recorded: the signer did not sign. You are paid the trip fee of ${formatCents(tripFeeCents)}; the escrow officer and SigningDesk have been told.`
    : 'Recorded: the signer did not sign. This order has no trip fee; the escrow officer and SigningDesk have been told.';
}
