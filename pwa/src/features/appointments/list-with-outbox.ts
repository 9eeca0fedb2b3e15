import type { AgentAppointment, AgentTab, OfferPreviewView } from '../../types/api';
import type { OutboxItem } from '../../lib/outbox/types';
import { isWaiting } from '../../lib/outbox/use-outbox';
import { counterCents } from './counter-offer';
import { newerOfferAnswer, statusAfter } from './offer-standing';

/**
 * A portal tab's cards as the phone knows them: the server's last list, with the agent's
 * answers it does not know yet (still in the outbox, or sent since the list was synced). A
 * claim or counter moves the offer from Open to Pending at once, as the server will: on the
 * Pending tab it is a card of its own, marked "Saved on this phone" until it is sent; once the
 * server's list holds it, the server's card is the one shown (one card per appointment). A
 * refused answer counts for nothing (offer-standing.ts): the card leaves Pending and the
 * refusal is shown where refusals are (the header's chip, Pending Actions).
 */

export interface ListCard {
  appointment: AgentAppointment;
  /** The agent's answer to this offer as the phone knows it. */
  offerStatus: AgentAppointment['offerStatus'];
  /** A claim or counter of the agent waiting in the outbox: not on the server yet. */
  savedOnPhone: boolean;
}

export const SAVED_ON_PHONE_BADGE = 'Saved on this phone';

const BIDS = new Set(['claim', 'counter']);

/** The bid on its way to the server (a claim bids the offered fee), or null when there is none. */
function bidOf(answer: OutboxItem, offeredFeeCents: number): number | null {
  if (answer.action.kind === 'claim') return offeredFeeCents;
  if (answer.action.kind === 'counter') return counterCents(answer.action.bid);
  return null;
}

/**
 * The cards of `tab`. `sources` holds what the phone knows of offers the server's list lacks
 * (a card of the Open list, or a mirrored offer preview), by appointment id: an answer whose
 * offer the phone knows nothing of has no card to show.
 */
export function cardsWithOutbox(options: {
  tab: AgentTab;
  items: readonly AgentAppointment[];
  syncedAt: number;
  rows: readonly OutboxItem[];
  sources: ReadonlyMap<string, AgentAppointment>;
}): ListCard[] {
  const { tab, items, syncedAt, rows, sources } = options;
  const answers = new Map<string, OutboxItem>();
  for (const id of new Set(rows.map((row) => row.appointmentId))) {
    const answer = newerOfferAnswer(
      rows.filter((row) => row.appointmentId === id),
      syncedAt,
    );
    if (answer) answers.set(id, answer);
  }
  const isBid = (answer: OutboxItem | undefined): answer is OutboxItem => answer !== undefined && BIDS.has(answer.action.kind);

  const cards: ListCard[] = [];
  for (const item of items) {
    const answer = answers.get(item.id);
    // A bid on its way has left the Open list: the Pending tab shows it.
    if (tab === 'open' && isBid(answer)) continue;
    if (tab === 'pending' && isBid(answer)) {
      cards.push(bidCard(item, item.offeredFeeCents, answer));
      continue;
    }
    cards.push({ appointment: item, offerStatus: answer ? statusAfter(answer) : item.offerStatus, savedOnPhone: false });
  }
  if (tab !== 'pending') return cards;

  const listed = new Set(items.map((item) => item.id));
  let added = false;
  for (const [id, answer] of answers) {
    const source = sources.get(id);
    if (listed.has(id) || !isBid(answer) || !source) continue;
    cards.push(bidCard(source, source.offeredFeeCents, answer));
    added = true;
  }
  // In the server's order (soonest first), the phone's cards among them.
  return added ? cards.sort((a, b) => a.appointment.startsAt - b.appointment.startsAt) : cards;
}

function bidCard(item: AgentAppointment, offeredFeeCents: number, answer: OutboxItem): ListCard {
  const bid = bidOf(answer, offeredFeeCents);
  const offerStatus = statusAfter(answer);
  return {
    appointment: { ...item, offerStatus, offeredFeeCents, ...(bid === null ? {} : { feeCents: bid }) },
    offerStatus,
    savedOnPhone: isWaiting(answer),
  };
}

/** An offer preview mirrored on the phone, as a card of the Open list would show it. */
export function cardOfPreview(view: OfferPreviewView): AgentAppointment {
  return {
    id: view.id,
    title: view.title,
    status: view.status,
    city: view.city,
    state: view.state,
    date: view.date,
    time: view.time,
    timeTbd: view.timeTbd,
    // One of the zone codes, as on every appointment; the preview's schema types it as a string.
    timeZone: view.timeZone as AgentAppointment['timeZone'],
    startsAt: view.startsAt,
    feeCents: view.feeCents,
    offeredFeeCents: view.feeCents,
    scanBackRequired: view.scanBackRequired,
    // A preview kept on the phone before the terms existed has none to show.
    termsShort: view.terms?.short ?? '',
    showCompleteButton: false,
    markedCompleted: false,
    offerStatus: view.offerStatus,
  };
}
