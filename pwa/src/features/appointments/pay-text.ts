/**
 * Whether the agent was paid for a completed signing, as the card and the detail say it:
 * 'Paid $175.00 on 11/20/2026' (the day by the phone's calendar) or 'Unpaid $175.00'. The
 * amount is the agent's pay the API sends (`agentPayOf`, decision 047); null when a copy
 * kept on the phone from before it carried the payment does not know.
 */
import { formatCents } from '@signingdesk/domain/money';
import { formatUsDate } from '@signingdesk/domain/time-zones';
import { localDate } from '../../lib/calendar-days';

export interface PayFacts {
  payCents?: number | undefined;
  paidAt?: string | null | undefined;
}

export function payState(pay: PayFacts): { paid: boolean; text: string } | null {
  if (pay.payCents === undefined || pay.paidAt === undefined) return null;
  const amount = formatCents(pay.payCents);
  return pay.paidAt === null
    ? { paid: false, text: `Unpaid ${amount}` }
    : { paid: true, text: `Paid ${amount} on ${formatUsDate(localDate(new Date(pay.paidAt)))}` };
}
