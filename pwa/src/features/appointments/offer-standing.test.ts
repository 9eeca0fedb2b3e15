import type { OfferPreviewView } from '../../types/api';
import { describe, expect, it } from 'vitest';
import { outboxItem } from '../../lib/outbox/testing';
import type { OutboxAction } from '../../lib/outbox/types';
import { offerStanding, statusAfter } from './offer-standing';

const on = { appointmentId: 'a1', appointmentName: 'Allen Refinance' };
const view = { id: 'a1', stage: 'offer', feeCents: 22_500, bidCents: null } as OfferPreviewView;
const row = (action: OutboxAction, overrides = {}) => outboxItem(action, { id: Math.random().toString(), ...overrides });
const SYNCED = 1_000;

describe('where the agent stands on an offer', () => {
  it('is what the server said when the phone holds no newer answer', () => {
    expect(offerStanding(view, [], SYNCED)).toEqual({ stage: 'offer', bidCents: null, waiting: null });
    const old = row({ kind: 'decline', ...on }, { state: 'sent', sentAt: SYNCED - 1 });
    expect(offerStanding(view, [old], SYNCED).stage).toBe('offer');
  });

  it('reads as declined as soon as a decline is stored, before it is sent', () => {
    const decline = row({ kind: 'decline', ...on });
    expect(offerStanding(view, [decline], SYNCED)).toEqual({ stage: 'declined', bidCents: null, waiting: decline });
  });

  it('reads as declined after a decline was sent that the synced copy does not know yet', () => {
    const decline = row({ kind: 'decline', ...on }, { state: 'sent', sentAt: SYNCED + 1 });
    expect(offerStanding(view, [decline], SYNCED)).toMatchObject({ stage: 'declined', waiting: null });
  });

  it('shows the bid of a stored claim or counter as pending', () => {
    expect(offerStanding(view, [row({ kind: 'claim', ...on })], SYNCED)).toMatchObject({ stage: 'pending', bidCents: 22_500 });
    expect(offerStanding(view, [row({ kind: 'counter', bid: '1,000', ...on })], SYNCED)).toMatchObject({
      stage: 'pending',
      bidCents: 100_000,
    });
  });

  it('follows the newest answer: a decline taken back is an open offer again', () => {
    const rows = [row({ kind: 'decline', ...on }), row({ kind: 'withdraw', what: 'decline', ...on })];
    expect(offerStanding({ ...view, stage: 'declined' }, rows, SYNCED).stage).toBe('offer');
  });

  it('ignores refused answers and lets the server win once the order is taken', () => {
    expect(offerStanding(view, [row({ kind: 'claim', ...on }, { state: 'refused' })], SYNCED).stage).toBe('offer');
    expect(offerStanding({ ...view, stage: 'taken' }, [row({ kind: 'decline', ...on })], SYNCED).stage).toBe('taken');
  });

  it('names the offer status each answer leads to', () => {
    expect(statusAfter(row({ kind: 'claim', ...on }))).toBe('claimed');
    expect(statusAfter(row({ kind: 'counter', bid: '9', ...on }))).toBe('countered');
    expect(statusAfter(row({ kind: 'decline', ...on }))).toBe('declined');
    expect(statusAfter(row({ kind: 'withdraw', what: 'bid', ...on }))).toBe('offered');
  });
});
