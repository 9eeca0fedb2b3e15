/**
 * The title an agent sees for an appointment before being assigned to it (DESIGN.md "Access",
 * decision in issue 9 finding 3). The appointment's own name usually carries the borrower's
 * surname ("Gonzalez Closing"), so offers are titled by what the agent may know instead: the
 * order type and the place, e.g. "Refinance signing — San Francisco, CA".
 */
import { FINANCE_TYPES, TRANSACTION_TYPES } from './codes';

export interface OfferTitleFacts {
  city: string;
  state: string;
  transactionType?: number | null;
  financeType?: number | null;
}

// "Not Defined" and "Other" say nothing about the signing, so they never make a title.
const TRANSACTION_WORDS: Partial<Record<number, string>> = {
  1: TRANSACTION_TYPES[1],
  2: TRANSACTION_TYPES[2],
  3: TRANSACTION_TYPES[3],
};
const FINANCE_WORDS: Partial<Record<number, string>> = {
  11: FINANCE_TYPES[11],
  12: FINANCE_TYPES[12],
  13: FINANCE_TYPES[13],
  14: FINANCE_TYPES[14],
  15: FINANCE_TYPES[15],
  16: FINANCE_TYPES[16],
};

function orderType(facts: OfferTitleFacts): string | null {
  const transaction = facts.transactionType == null ? undefined : TRANSACTION_WORDS[facts.transactionType];
  if (transaction) return transaction;
  return (facts.financeType == null ? undefined : FINANCE_WORDS[facts.financeType]) ?? null;
}

export function offerTitle(facts: OfferTitleFacts): string {
  const type = orderType(facts);
  const kind = type ? `${type} signing` : 'Signing';
  const place = [facts.city.trim(), facts.state.trim()].filter(Boolean).join(', ');
  return place ? `${kind} — ${place}` : kind;
}
