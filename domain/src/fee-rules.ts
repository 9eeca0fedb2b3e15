/**
 * The money of one order, one statement for the API, the console and the seed.
 *
 * Bounds (issue 26, item 13): a signing agent's fee or bid below $25 or above $1,000 is a typing
 * slip (a missing digit, a zero too many), never a real closing; a firm's service fee may be
 * waived ($0) but not exceed $1,000.
 *
 * The agreed fee (issue 27, decision 047): the order's agent fee is the fee offered until an
 * agent is assigned, and from then on the agent's pay — the accepted bid (a claim's bid is the
 * offer it claimed). The firm is charged the agent's pay plus the order's markup: the firm's
 * service fee, or what an operator made it by setting the firm fee; the markup carries over
 * whenever the pay changes (accept, direct assignment, reassignment, an operator's edit). The
 * escrow side may change the fee it offers only until the order is sent to signing agents.
 * The agent is paid, and the firm invoiced, once the signing's outcome is known (Completed).
 */
import { appointmentStatusLabel } from './codes';
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

/** An order's two fees as stored: the agent fee (offered, then agreed) and what the firm is charged. */
export interface OrderFees {
  agentFeeCents: number;
  /** Null on orders written before the firm fee was kept: the firm's service fee applies. */
  firmFeeCents: number | null;
}

/** What the firm is charged above the agent's pay on this order. */
export function orderMarkupCents(fees: OrderFees, serviceFeeCents: number): number {
  return fees.firmFeeCents === null ? serviceFeeCents : fees.firmFeeCents - fees.agentFeeCents;
}

/** What the firm is charged for the order (and invoiced). */
export function firmFeeOf(fees: OrderFees, serviceFeeCents: number): number {
  return fees.firmFeeCents ?? fees.agentFeeCents + serviceFeeCents;
}

/** A new order's fees: the firm fee an operator typed, else the agent fee plus the firm's service fee. */
export function newOrderFees(
  agentFeeCents: number,
  serviceFeeCents: number,
  firmFeeCents?: number,
): { agentFeeCents: number; firmFeeCents: number } {
  return { agentFeeCents, firmFeeCents: firmFeeCents ?? agentFeeCents + serviceFeeCents };
}

/** The agent's pay for a bid: the bid's own amount; a bid without one (never stored today) is the offer. */
export function agreedPayCents(bidCents: number | null, offeredFeeCents: number): number {
  return bidCents ?? offeredFeeCents;
}

/**
 * What the assigned agent is paid for the order: its agent fee, which is the agreed pay from
 * assignment on (the accepted bid, or what an operator set since) — not the agent's own bid,
 * which an operator's edit or a reassignment may have left behind (decision 047).
 */
export function agentPayOf(order: { agentFeeCents: number }): number {
  return order.agentFeeCents;
}

/**
 * The order's fees once the agent's pay is `agentPayCents`: the firm fee keeps the order's
 * markup, so a counter above the offer is charged on, never silently absorbed (decision 047).
 */
export function feesWithAgentPay(
  fees: OrderFees,
  agentPayCents: number,
  serviceFeeCents: number,
): { agentFeeCents: number; firmFeeCents: number } {
  return { agentFeeCents: agentPayCents, firmFeeCents: Math.max(0, agentPayCents + orderMarkupCents(fees, serviceFeeCents)) };
}

/** SigningDesk's margin on the order: the firm fee less the agent's pay; negative is a loss. */
export function marginCents(fees: OrderFees, serviceFeeCents = 0): number {
  return firmFeeOf(fees, serviceFeeCents) - fees.agentFeeCents;
}

/** Why the escrow side may no longer change the fee it offers: the agents were offered it. */
export const OFFERED_FEE_LOCKED_MESSAGE =
  'The signing agent fee can no longer be changed here: signing agents have been offered this order at its fee. Send SigningDesk a message to change it.';

/** Whether the escrow side may change the fee it offers: only until the order is sent to signing agents. */
export function escrowMayChangeOfferedFee(order: { sentToAgents: boolean }): boolean {
  return !order.sentToAgents;
}

/** The statuses in which the agent is paid and the firm invoiced: the signing's outcome is known. */
export const SETTLEMENT_STATUSES = ['Completed'] as const;

export type SettlementAction = 'pay' | 'invoice';

/**
 * Why marking the agent paid or sending the invoice is not possible yet, or null when it is:
 * both wait for the signing's outcome (the order Completed), whoever asks — the API refuses
 * with this text and the console shows it beside the disabled button.
 */
export function settlementRefusal(action: SettlementAction, order: { status: string; assigned: boolean }): string | null {
  if ((SETTLEMENT_STATUSES as readonly string[]).includes(order.status) && order.assigned) return null;
  const what = action === 'pay' ? 'The signing agent can be marked paid' : 'The invoice can be sent';
  return `${what} once the appointment is completed; it is ${appointmentStatusLabel(order.status).toLowerCase()}.`;
}
