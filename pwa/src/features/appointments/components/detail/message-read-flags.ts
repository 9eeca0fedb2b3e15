import type { Note } from '../../../../types/api';

/** The read flags in the spec's order, with the names the agent knows the sides by. */
const READ_SIDES = [
  { side: 'escrow', label: 'Escrow' },
  { side: 'agent', label: 'Signing agent' },
  { side: 'operator', label: 'SigningDesk' },
] as const satisfies readonly { side: Note['author']['side']; label: string }[];

/**
 * Per side 'reviewed by <name>' or 'unread' (spec 01 §3) — except the author's own side: the
 * author has read what they wrote, and 'Escrow: unread' under the escrow officer's own
 * message read as if nobody at escrow had.
 */
export function readFlags(note: Pick<Note, 'author' | 'read'>): string[] {
  return READ_SIDES.filter(({ side }) => side !== note.author.side).map(({ side, label }) => {
    const readBy = note.read[side].readBy;
    return readBy ? `${label}: reviewed by ${readBy}` : `${label}: unread`;
  });
}
