/** The header chip's words and tone for the agent's outbox and the connection. */
export type OutboxChipTone = 'ok' | 'waiting' | 'error' | 'offline';

export interface OutboxChipState {
  online: boolean;
  /** Actions not yet on the server (queued or being sent). */
  waiting: number;
  /** Actions the server refused, not yet dismissed. */
  refused: number;
}

/**
 * Online the chip says what is pending ('2 waiting to send', '1 not accepted', 'All synced').
 * Offline it says so first: 'All synced' under the offline banner read as if the phone had
 * just checked with the server, which it cannot. A refusal is named offline too (when nothing
 * waits): a red 'nothing waiting' would hide what the agent has to read.
 */
export function outboxChipLabel({ online, waiting, refused }: OutboxChipState): { text: string; tone: OutboxChipTone } {
  const tone: OutboxChipTone = refused > 0 ? 'error' : waiting > 0 ? 'waiting' : online ? 'ok' : 'offline';
  if (!online) {
    const what = waiting > 0 ? `${waiting} waiting` : refused > 0 ? `${refused} not accepted` : 'nothing waiting';
    return { text: `Offline — ${what}`, tone };
  }
  if (waiting > 0) return { text: `${waiting} waiting to send`, tone };
  if (refused > 0) return { text: `${refused} not accepted`, tone };
  return { text: 'All synced', tone };
}
