/**
 * What an assignment needs from its agent now (issue 33, item 6): the marks of the agent app's
 * first screen — the card's "Needs you" and the summary line above the Assigned list — read
 * from one card of the assigned list, at the clock the caller passes (the app judges it as it
 * renders: a list kept on the phone still turns due as time passes offline).
 */
import { completeButtonShown } from './appointment-rules';
import type { ConfirmationResult } from './signing-day';

/** Scan backs due this close (or already late) need the agent now. */
export const SCAN_BACKS_URGENT_MINUTES = 40;

/** In the order the agent meets them on the day: before the signing, at it, after it. */
export const AGENT_TO_DO = ['confirm', 'download', 'complete', 'scan_backs'] as const;
export type AgentToDo = (typeof AGENT_TO_DO)[number];

/**
 * The card's fields the rule reads. The newer ones are optional: a list kept on the phone by an
 * older app version lacks them, and unknown is read as nothing to do, never as a to-do.
 */
export interface AgentToDoCard {
  status: string;
  markedCompleted: boolean;
  showCompleteButton: boolean;
  startsAt: number;
  /** The latest confirmation with the signer; null before any; undefined when not known. */
  signerConfirmation?: ConfirmationResult | null | undefined;
  /** Uploaded documents the agent has not downloaded yet. */
  documentsToDownload?: number | undefined;
  /** ISO 8601; null or undefined when none are due. */
  scanBacksDueAt?: string | null | undefined;
}

/** Whether scan backs due at `dueAt` are within SCAN_BACKS_URGENT_MINUTES of `now`, or late. */
export function scanBacksUrgent(dueAt: string | null | undefined, now: Date): boolean {
  if (!dueAt) return false;
  const due = Date.parse(dueAt);
  return !Number.isNaN(due) && due - now.getTime() <= SCAN_BACKS_URGENT_MINUTES * 60_000;
}

/**
 * What the assignment needs from the agent at `now`, in AGENT_TO_DO's order; empty when nothing.
 * - confirm: a Scheduled signing not marked complete whose signer has not confirmed (no
 *   confirmation yet, or not reached). Asked to reschedule is the escrow side's move, not the agent's.
 * - download: documents uploaded that the agent has not downloaded.
 * - complete: Mark Assignment Complete is open — as the server said when the list was synced,
 *   or since then by the clock (the signing started while the phone kept the list).
 * - scan_backs: due within SCAN_BACKS_URGENT_MINUTES, or late.
 */
export function agentToDo(card: AgentToDoCard, now: Date): AgentToDo[] {
  const toDo: AgentToDo[] = [];
  const open = card.status === 'Scheduled' && !card.markedCompleted;
  if (open && (card.signerConfirmation === null || card.signerConfirmation === 'unreached')) toDo.push('confirm');
  if ((card.documentsToDownload ?? 0) > 0) toDo.push('download');
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (open && (card.showCompleteButton || completeButtonShown(card, nowSeconds))) toDo.push('complete');
  if (scanBacksUrgent(card.scanBacksDueAt, now)) toDo.push('scan_backs');
  return toDo;
}
