/**
 * The groups of offer statuses the rules speak of (issue 29), each named once with why it is a
 * group. An offer is one agent's relation to one order (`OFFER_STATUSES` in codes.ts): offered,
 * then the agent's answer (claimed, countered, declined), then the operator's decision (approved,
 * rejected) or its removal (removed: the bidding closed, the agent was displaced or disabled).
 */
import type { OfferStatus } from './codes';

/** A bid the agent stands by that no operator has decided: it keeps the order Pending and may be accepted or declined. */
export const LIVE_BID_STATUSES = ['claimed', 'countered'] as const satisfies readonly OfferStatus[];

/** Offers that carry a bid the agent made (or an operator agreed), live or decided: the bid list; a decline carries none. */
export const BID_STATUSES = ['claimed', 'countered', 'approved', 'rejected'] as const satisfies readonly OfferStatus[];

/** Bids an assigned order may be moved to (spec 02 §2 "Reassign agent"): live ones, or ones not chosen. */
export const REASSIGNABLE_BID_STATUSES = ['claimed', 'countered', 'rejected'] as const satisfies readonly OfferStatus[];

/** Offers still open to the agent: not answered yet, or a live bid; the agent may decline them, disabling the agent removes them. */
export const OPEN_OFFER_STATUSES = ['offered', 'claimed', 'countered'] as const satisfies readonly OfferStatus[];

/** Offers the agent has not bid on, answered or not: the agent's Open list shows them, closing the bidding removes them. */
export const UNBID_OFFER_STATUSES = ['offered', 'declined'] as const satisfies readonly OfferStatus[];

/** Answers the agent may take back while the order takes bids (decision 015): a decline or a live bid. */
export const RETRACTABLE_ANSWER_STATUSES = ['declined', 'claimed', 'countered'] as const satisfies readonly OfferStatus[];

/** Bids an operator decided, yes or no: the agent answered, whatever came of it (the scorecard's "answered"). */
export const DECIDED_BID_STATUSES = ['approved', 'rejected'] as const satisfies readonly OfferStatus[];

/** An operator's no to this agent (a bid rejected, an offer removed): the offer is no longer open to them. */
export const CLOSED_OFFER_STATUSES = ['rejected', 'removed'] as const satisfies readonly OfferStatus[];

/** Whether `status` is one of `group`; takes any string, as offers read from an answer are typed loosely. */
export function offerStatusIn(status: string, group: readonly OfferStatus[]): boolean {
  return (group as readonly string[]).includes(status);
}
