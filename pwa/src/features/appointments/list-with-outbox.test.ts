import { defaultTermsView } from '@signingdesk/domain/signing-terms';
import { describe, expect, it } from 'vitest';
import { outboxItem } from '../../lib/outbox/testing';
import type { OutboxAction, OutboxItem } from '../../lib/outbox/types';
import type { AgentAppointment, OfferPreviewView } from '../../types/api';
import { cardOfPreview, cardsWithOutbox } from './list-with-outbox';

const SYNCED = 1_000;

function card(id: string, overrides: Partial<AgentAppointment> = {}): AgentAppointment {
  return {
    id,
    title: `Refinance signing — Place ${id}, CA`,
    status: 'Open',
    city: `Place ${id}`,
    state: 'CA',
    date: '2026-12-01',
    time: '10:00',
    timeTbd: false,
    timeZone: 'PT',
    startsAt: 100,
    feeCents: 15_000,
    offeredFeeCents: 15_000,
    scanBackRequired: false,
    termsShort: 'FedEx drop-off by 12/02 5:00 PM PT · trip fee $50.00 · net 30',
    showCompleteButton: false,
    markedCompleted: false,
    offerStatus: 'offered',
    ...overrides,
  };
}

const on = (id: string) => ({ appointmentId: id, appointmentName: `Refinance signing — Place ${id}, CA` });
const row = (action: OutboxAction, overrides: Partial<OutboxItem> = {}) =>
  outboxItem(action, { id: Math.random().toString(), ...overrides });

/** What a test reads of the cards: id, status, bid and the badge. */
const shown = (cards: ReturnType<typeof cardsWithOutbox>) =>
  cards.map((c) => ({ id: c.appointment.id, offerStatus: c.offerStatus, feeCents: c.appointment.feeCents, saved: c.savedOnPhone }));

describe('a portal tab with the answers still on the phone', () => {
  const offer = card('a1', { startsAt: 200 });
  const sources = new Map([[offer.id, offer]]);

  it('puts a claim saved on the phone in Pending, marked, with the offered fee as the bid', () => {
    const earlier = card('p0', { startsAt: 100, offerStatus: 'countered', feeCents: 20_000 });
    const later = card('p2', { startsAt: 300, offerStatus: 'claimed' });
    const cards = cardsWithOutbox({
      tab: 'pending',
      items: [earlier, later],
      syncedAt: SYNCED,
      rows: [row({ kind: 'claim', ...on('a1') })],
      sources,
    });
    expect(shown(cards)).toEqual([
      { id: 'p0', offerStatus: 'countered', feeCents: 20_000, saved: false },
      { id: 'a1', offerStatus: 'claimed', feeCents: 15_000, saved: true },
      { id: 'p2', offerStatus: 'claimed', feeCents: 15_000, saved: false },
    ]);
  });

  it('shows a counter with its own bid beside the offered fee', () => {
    const cards = cardsWithOutbox({
      tab: 'pending',
      items: [],
      syncedAt: SYNCED,
      rows: [row({ kind: 'counter', bid: '$1,000', ...on('a1') })],
      sources,
    });
    expect(cards).toHaveLength(1);
    expect(cards[0]!.appointment).toMatchObject({ feeCents: 100_000, offeredFeeCents: 15_000, offerStatus: 'countered' });
    expect(cards[0]!.savedOnPhone).toBe(true);
  });

  it('takes a claim or counter out of Open, and leaves a decline there as declined', () => {
    const declined = card('a2');
    const rows = [row({ kind: 'claim', ...on('a1') }), row({ kind: 'decline', ...on('a2') })];
    const cards = cardsWithOutbox({ tab: 'open', items: [offer, declined], syncedAt: SYNCED, rows, sources });
    expect(shown(cards)).toEqual([{ id: 'a2', offerStatus: 'declined', feeCents: 15_000, saved: false }]);
  });

  it('is one card, without the mark, once sent: the phone’s until the list is synced again, then the server’s', () => {
    const sent = row({ kind: 'claim', ...on('a1') }, { state: 'sent', sentAt: SYNCED + 5 });
    const before = cardsWithOutbox({ tab: 'pending', items: [], syncedAt: SYNCED, rows: [sent], sources });
    expect(shown(before)).toEqual([{ id: 'a1', offerStatus: 'claimed', feeCents: 15_000, saved: false }]);

    const fromServer = card('a1', { status: 'Pending', offerStatus: 'claimed' });
    const after = cardsWithOutbox({ tab: 'pending', items: [fromServer], syncedAt: SYNCED + 10, rows: [sent], sources });
    expect(after).toHaveLength(1);
    expect(after[0]!.appointment).toBe(fromServer);
    expect(after[0]!.savedOnPhone).toBe(false);
  });

  it('drops a refused claim from Pending and gives the offer back to Open', () => {
    const refused = row({ kind: 'claim', ...on('a1') }, { state: 'refused' });
    expect(cardsWithOutbox({ tab: 'pending', items: [], syncedAt: SYNCED, rows: [refused], sources })).toEqual([]);
    expect(shown(cardsWithOutbox({ tab: 'open', items: [offer], syncedAt: SYNCED, rows: [refused], sources }))).toEqual([
      { id: 'a1', offerStatus: 'offered', feeCents: 15_000, saved: false },
    ]);
  });

  it('shows no card for a claim whose offer the phone knows nothing of', () => {
    const cards = cardsWithOutbox({ tab: 'pending', items: [], syncedAt: SYNCED, rows: [row({ kind: 'claim', ...on('zz') })], sources });
    expect(cards).toEqual([]);
  });

  it('makes a card of a mirrored offer preview', () => {
    const view = {
      view: 'preview',
      stage: 'offer',
      message: null,
      id: 'a9',
      title: 'Purchase signing — Fresno, CA',
      status: 'Open',
      date: '2026-12-02',
      time: '09:30',
      timeTbd: false,
      timeZone: 'PT',
      startsAt: 500,
      city: 'Fresno',
      state: 'CA',
      zip: '93650',
      feeCents: 17_500,
      lender: null,
      scanBackRequired: true,
      terms: defaultTermsView({ date: '2026-12-02', time: '09:30', timeTbd: false, timeZone: 'PT', startsAt: 500, scanBackRequired: true }),
      outcome: null,
      confirmation: null,
      shipment: null,
      transactionType: 1,
      financeType: null,
      offerStatus: 'offered',
      bidCents: null,
    } satisfies OfferPreviewView;
    expect(cardOfPreview(view)).toMatchObject({
      id: 'a9',
      title: view.title,
      feeCents: 17_500,
      offeredFeeCents: 17_500,
      startsAt: 500,
      termsShort: view.terms.short,
    });
  });
});
