import { describe, expect, it } from 'vitest';
import { outboxChipLabel } from './outbox-chip-label';

describe('outboxChipLabel', () => {
  it('online: what is pending, else all synced', () => {
    expect(outboxChipLabel({ online: true, waiting: 0, refused: [] })).toEqual({ text: 'All synced', tone: 'ok' });
    expect(outboxChipLabel({ online: true, waiting: 3, refused: [] })).toEqual({ text: '3 waiting to send', tone: 'waiting' });
  });

  it('is red only for a refusal, and names what was refused', () => {
    expect(outboxChipLabel({ online: true, waiting: 0, refused: ['claim'] })).toEqual({ text: 'Claim not accepted', tone: 'error' });
    expect(outboxChipLabel({ online: true, waiting: 0, refused: ['upload', 'note', 'note'] })).toEqual({
      text: 'Scan-back and 2 more not accepted',
      tone: 'error',
    });
    // Waiting actions beside a refusal: the red chip still says first what was refused.
    expect(outboxChipLabel({ online: true, waiting: 2, refused: ['counter'] })).toEqual({
      text: 'Counter offer not accepted, 2 waiting',
      tone: 'error',
    });
  });

  it('offline: never “All synced”, but how many actions wait for the network', () => {
    expect(outboxChipLabel({ online: false, waiting: 0, refused: [] })).toEqual({ text: 'Offline — nothing waiting', tone: 'offline' });
    expect(outboxChipLabel({ online: false, waiting: 1, refused: [] })).toEqual({ text: 'Offline — 1 waiting', tone: 'waiting' });
    expect(outboxChipLabel({ online: false, waiting: 6, refused: [] }).text).toBe('Offline — 6 waiting');
  });

  it('offline with a refusal to read: named, in red', () => {
    expect(outboxChipLabel({ online: false, waiting: 0, refused: ['decline', 'claim'] })).toEqual({
      text: 'Offline — Decline and 1 more not accepted',
      tone: 'error',
    });
    expect(outboxChipLabel({ online: false, waiting: 1, refused: ['complete'] })).toEqual({
      text: 'Offline — Mark complete not accepted, 1 waiting',
      tone: 'error',
    });
    expect(outboxChipLabel({ online: true, waiting: 0, refused: ['not_signed'] })).toEqual({
      text: 'Signing outcome not accepted',
      tone: 'error',
    });
    expect(outboxChipLabel({ online: true, waiting: 0, refused: ['signer_confirmation'] })).toEqual({
      text: 'Signer confirmation not accepted',
      tone: 'error',
    });
    expect(outboxChipLabel({ online: false, waiting: 1, refused: ['return_shipment'] })).toEqual({
      text: 'Offline — Tracking number not accepted, 1 waiting',
      tone: 'error',
    });
  });
});
