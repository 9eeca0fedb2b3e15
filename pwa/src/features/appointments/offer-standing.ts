import type { AgentAppointment, OfferPreviewView } from '../../types/api';
import type { OutboxItem } from '../../lib/outbox/types';
import { isWaiting } from '../../lib/outbox/use-outbox';
import { counterCents } from './counter-offer';

/**
 * Where the agent stands on an offer, as the phone knows it: the server's last answer, unless
 * an answer of the agent (claim, counter, decline, taking one back) is newer — still in the
 * outbox, or sent after that answer was synced. So a decline made offline reads as declined at
 * once, in the detail and in the lists, and never offers Claim / Counter / Decline again.
 */
export type OfferStage = OfferPreviewView['stage'];
type OfferStatus = NonNullable<AgentAppointment['offerStatus']>;

const OFFER_KINDS = new Set(['claim', 'counter', 'decline', 'withdraw']);

/** The agent's newest answer to this offer that the synced copy does not know yet. */
export function newerOfferAnswer(rows: readonly OutboxItem[], syncedAt: number): OutboxItem | null {
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    if (!OFFER_KINDS.has(row.action.kind) || row.state === 'refused') continue;
    if (isWaiting(row) || (row.state === 'sent' && (row.sentAt ?? 0) > syncedAt)) return row;
  }
  return null;
}

/** The offer status an answer leads to. */
export function statusAfter(row: OutboxItem): OfferStatus {
  switch (row.action.kind) {
    case 'claim':
      return 'claimed';
    case 'counter':
      return 'countered';
    case 'decline':
      return 'declined';
    default:
      return 'offered';
  }
}

export interface OfferStanding {
  stage: OfferStage;
  /** The agent's own bid (a claim bids the offered fee), null when there is none. */
  bidCents: number | null;
  /** The answer still on its way to the server, if any. */
  waiting: OutboxItem | null;
}

export function offerStanding(view: OfferPreviewView, rows: readonly OutboxItem[], syncedAt: number): OfferStanding {
  const answer = newerOfferAnswer(rows, syncedAt);
  // Once the order is taken, assigned or closed, the server's word stands.
  if (!answer || !['offer', 'pending', 'declined'].includes(view.stage)) {
    return { stage: view.stage, bidCents: view.bidCents, waiting: null };
  }
  const waiting = isWaiting(answer) ? answer : null;
  const { action } = answer;
  switch (action.kind) {
    case 'claim':
      return { stage: 'pending', bidCents: view.feeCents, waiting };
    case 'counter':
      return { stage: 'pending', bidCents: counterCents(action.bid), waiting };
    case 'decline':
      return { stage: 'declined', bidCents: null, waiting };
    default:
      return { stage: 'offer', bidCents: null, waiting };
  }
}
