/**
 * What an order page says of a signing the signer did not sign (issue 33, item 2): the reason,
 * what happened, whether the signer asked to reschedule and when they can sign, in the form's
 * own labels (domain/signing-outcome.ts), and the trip fee the order is now paid and charged at
 * — the view's agent and firm fees, which the API set to it, so the notice and the fees above
 * it say one amount.
 */
import { formatCents } from '@signingdesk/domain/money';
import { NOT_SIGNED_FORM as F } from '@signingdesk/domain/signing-outcome';
import type { Schemas } from '../../../lib/api-client';

type OutcomeOrder = Pick<
  Schemas['OperatorAppointment'] | Schemas['EscrowAppointment'],
  'view' | 'outcome' | 'agentFeeCents' | 'firmFeeCents'
>;

export interface NoticeRow {
  label: string;
  value: string;
}

/** The notice's title and rows; null unless the signer did not sign. */
export function notSignedNotice(order: OutcomeOrder): { title: string; rows: NoticeRow[] } | null {
  const outcome = order.outcome;
  if (outcome?.kind !== 'not_signed') return null;
  const charged = order.firmFeeCents === null ? null : formatCents(order.firmFeeCents);
  const pay = `The signing agent is paid the trip fee, ${formatCents(order.agentFeeCents)}`;
  const tripFee =
    order.view === 'operator'
      ? `${pay}${charged === null ? '' : `; the firm is invoiced ${charged}, the trip fee plus the order’s markup`}.`
      : `${pay}${charged === null ? '' : `; your firm is charged ${charged}`}.`;
  const rows: (NoticeRow | null)[] = [
    { label: F.reasonLabel, value: outcome.reason ?? 'No reason given' },
    outcome.note ? { label: F.noteLabel, value: outcome.note } : null,
    { label: F.rescheduleLabel, value: outcome.rescheduleRequested ? 'Yes' : 'No' },
    outcome.rescheduleRequested && outcome.rescheduleNote ? { label: F.rescheduleNoteLabel, value: outcome.rescheduleNote } : null,
    { label: 'Trip fee', value: tripFee },
  ];
  return { title: outcome.label, rows: rows.filter((row): row is NoticeRow => row !== null) };
}
