import { describe, expect, it } from 'vitest';
import { outboxChipLabel } from './outbox-chip-label';

describe('outboxChipLabel', () => {
  it('online: what is pending, refusals after waiting actions, else all synced', () => {
    expect(outboxChipLabel({ online: true, waiting: 0, refused: 0 })).toEqual({ text: 'All synced', tone: 'ok' });
    expect(outboxChipLabel({ online: true, waiting: 3, refused: 0 })).toEqual({ text: '3 waiting to send', tone: 'waiting' });
    expect(outboxChipLabel({ online: true, waiting: 0, refused: 1 })).toEqual({ text: '1 not accepted', tone: 'error' });
    expect(outboxChipLabel({ online: true, waiting: 2, refused: 1 })).toEqual({ text: '2 waiting to send', tone: 'error' });
  });

  it('offline: never “All synced”, but how many actions wait for the network', () => {
    expect(outboxChipLabel({ online: false, waiting: 0, refused: 0 })).toEqual({ text: 'Offline — nothing waiting', tone: 'offline' });
    expect(outboxChipLabel({ online: false, waiting: 1, refused: 0 })).toEqual({ text: 'Offline — 1 waiting', tone: 'waiting' });
    expect(outboxChipLabel({ online: false, waiting: 6, refused: 0 }).text).toBe('Offline — 6 waiting');
  });

  it('offline with a refusal to read: named when nothing waits, the error tone either way', () => {
    expect(outboxChipLabel({ online: false, waiting: 0, refused: 2 })).toEqual({ text: 'Offline — 2 not accepted', tone: 'error' });
    expect(outboxChipLabel({ online: false, waiting: 1, refused: 2 })).toEqual({ text: 'Offline — 1 waiting', tone: 'error' });
  });
});
