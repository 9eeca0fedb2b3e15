/**
 * The operators' "Signer did not sign" form (issue 33, item 2): its values, the request they
 * make and their check by the schema the API reads (domain/signing-outcome-input.ts), so the
 * form and a refusal name the same field in the same words; and what the agent will be paid
 * and the firm invoiced, from the order's terms and fees.
 */
import { schemaResolver } from '@mantine/form';
import { feesWithAgentPay } from '@signingdesk/domain/fee-rules';
import { formatCents } from '@signingdesk/domain/money';
import type { NotSignedReason } from '@signingdesk/domain/signing-outcome';
import { NotSignedInputSchema, type NotSigned } from '@signingdesk/domain/signing-outcome-input';
import { z } from 'zod';

export interface NotSignedValues {
  /** '' until a reason is chosen. */
  reason: NotSignedReason | '';
  note: string;
  rescheduleRequested: boolean;
  rescheduleNote: string;
}

export const NOT_SIGNED_INITIAL: NotSignedValues = { reason: '', note: '', rescheduleRequested: false, rescheduleNote: '' };

/** The request as typed; "When the signer can sign" goes only with a request to reschedule. */
export function notSignedRequest(values: NotSignedValues) {
  return {
    reason: values.reason,
    note: values.note,
    rescheduleRequested: values.rescheduleRequested,
    rescheduleNote: values.rescheduleRequested ? values.rescheduleNote : null,
  };
}

const schema = z.preprocess((values) => notSignedRequest(values as NotSignedValues), NotSignedInputSchema);

/** The form's errors by field, in NOT_SIGNED_FORM's words. */
export const validateNotSigned = schemaResolver(schema, { sync: true });

/** The body to send once the form is valid (trimmed, empty notes as null); null while it is not. */
export function notSignedBody(values: NotSignedValues): NotSigned | null {
  const parsed = schema.safeParse(values);
  return parsed.success ? parsed.data : null;
}

/**
 * What recording it will pay and invoice: the order's trip fee becomes the agent's pay and the
 * firm fee keeps the order's markup (domain/fee-rules.ts feesWithAgentPay). The amount invoiced
 * is said when the order's firm fee is known (orders written before it was kept have none).
 */
export function notSignedPayStatement(order: {
  agentFeeCents: number;
  firmFeeCents: number | null;
  terms: { tripFeeCents: number };
}): string {
  const trip = order.terms.tripFeeCents;
  const invoiced =
    order.firmFeeCents === null
      ? ''
      : ` (${formatCents(feesWithAgentPay({ agentFeeCents: order.agentFeeCents, firmFeeCents: order.firmFeeCents }, trip, 0).firmFeeCents)})`;
  return trip > 0
    ? `The agent will be paid the trip fee of ${formatCents(trip)} and the firm invoiced the trip fee plus the order's markup${invoiced}.`
    : `This order has no trip fee: the agent will not be paid, and the firm will be invoiced the order's markup${invoiced}.`;
}
