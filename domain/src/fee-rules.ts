/**
 * The amounts a signing's fees may take (issue 26, item 13), one statement for the order forms,
 * the agent's counter offer, direct assignment and the firms' service fee. A signing agent's fee
 * or bid below $25 or above $1,000 is a typing slip (a missing digit, a zero too many), never a
 * real closing; a firm's service fee may be waived ($0) but not exceed $1,000. How the agreed fee
 * flows into pay and invoices is domain/money's and the workflow's.
 */
import { formatCents } from './money';

export const AGENT_FEE_MIN_CENTS = 2_500;
export const AGENT_FEE_MAX_CENTS = 100_000;
export const SERVICE_FEE_MAX_CENTS = 100_000;

/** Why an agent fee or bid (in cents) is out of bounds, as a field message; null when within them. */
export function agentFeeProblem(cents: number): string | null {
  return cents < AGENT_FEE_MIN_CENTS || cents > AGENT_FEE_MAX_CENTS
    ? `must be between ${formatCents(AGENT_FEE_MIN_CENTS)} and ${formatCents(AGENT_FEE_MAX_CENTS)}`
    : null;
}

/** Why a firm's service fee (in cents) is out of bounds; null when within them. */
export function serviceFeeProblem(cents: number): string | null {
  return cents < 0 || cents > SERVICE_FEE_MAX_CENTS ? `must be at most ${formatCents(SERVICE_FEE_MAX_CENTS)}` : null;
}
