import type { Note } from '../../../../types/api';
import { describe, expect, it } from 'vitest';
import { readFlags } from './message-read-flags';

const unread = { readBy: null, readAt: null };
const reviewed = (readBy: string) => ({ readBy, readAt: '2026-11-23T16:10:00.000Z' });
const note = (side: Note['author']['side'], read: Partial<Note['read']> = {}): Pick<Note, 'author' | 'read'> => ({
  author: { id: 'u1', name: 'Dana Whitfield', side },
  read: { escrow: unread, agent: unread, operator: unread, ...read },
});

describe('readFlags', () => {
  it('leaves out the author’s own side', () => {
    expect(readFlags(note('escrow', { escrow: reviewed('Dana Whitfield') }))).toEqual(['Signing agent: unread', 'SigningDesk: unread']);
    expect(readFlags(note('agent'))).toEqual(['Escrow: unread', 'SigningDesk: unread']);
    expect(readFlags(note('operator'))).toEqual(['Escrow: unread', 'Signing agent: unread']);
  });

  it('says who reviewed it, or unread', () => {
    expect(readFlags(note('operator', { escrow: reviewed('Dana Whitfield'), agent: reviewed('Avery Quinn') }))).toEqual([
      'Escrow: reviewed by Dana Whitfield',
      'Signing agent: reviewed by Avery Quinn',
    ]);
  });
});
