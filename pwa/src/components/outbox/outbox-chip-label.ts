import type { OutboxKind } from '../../lib/outbox/types';

/** The header chip's words and tone for the agent's outbox and the connection. */
export type OutboxChipTone = 'ok' | 'waiting' | 'error' | 'offline';

export interface OutboxChipState {
  online: boolean;
  /** Actions not yet on the server (queued or being sent). */
  waiting: number;
  /** The kinds of the actions the server refused, not yet dismissed, oldest first. */
  refused: readonly OutboxKind[];
}

/** What a refused action is called on the chip: a word or two, it sits in the header. */
const ACTION_NOUNS: Record<OutboxKind, string> = {
  claim: 'Claim',
  counter: 'Counter offer',
  decline: 'Decline',
  withdraw: 'Withdrawal',
  complete: 'Mark complete',
  leave: 'Withdrawal from a signing',
  not_signed: 'Signing outcome',
  signer_confirmation: 'Signer confirmation',
  return_shipment: 'Tracking number',
  note: 'Message',
  upload: 'Scan-back',
  profile: 'Profile change',
  'unsubscribe-push': 'Notifications change',
  'sign-out': 'Log out',
};

/**
 * Each colour means one thing: red, something was refused (and the chip names it: 'Claim not
 * accepted'); amber, actions wait to be sent; green, all synced; grey, offline with nothing
 * waiting. Offline the chip says so first: 'All synced' under the offline banner read as if the
 * phone had just checked with the server, which it cannot. A refusal is named before what
 * waits: it is what the agent has to read.
 */
export function outboxChipLabel({ online, waiting, refused }: OutboxChipState): { text: string; tone: OutboxChipTone } {
  const prefix = online ? '' : 'Offline — ';
  const [first] = refused;
  if (first !== undefined) {
    const more = refused.length - 1;
    const what = `${ACTION_NOUNS[first]}${more > 0 ? ` and ${more} more` : ''} not accepted`;
    return { text: `${prefix}${what}${waiting > 0 ? `, ${waiting} waiting` : ''}`, tone: 'error' };
  }
  if (waiting > 0) return { text: online ? `${waiting} waiting to send` : `${prefix}${waiting} waiting`, tone: 'waiting' };
  return online ? { text: 'All synced', tone: 'ok' } : { text: `${prefix}nothing waiting`, tone: 'offline' };
}
