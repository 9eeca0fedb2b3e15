import type { ConfirmationResult } from '@signingdesk/domain/signing-day';
import type { OutboxItem } from '../../lib/outbox/types';
import { isWaiting } from '../../lib/outbox/use-outbox';
import type { AgentAppointment } from '../../types/api';

/**
 * An assigned card as the phone knows it, for its marks (issue 33, item 6: what needs the agent
 * now). The server's list says where the confirmation with the signer stands and whether the
 * assignment is marked complete as of its sync; newer than that may be:
 * - what the agent did on the phone — a confirmation, Mark Assignment Complete or "Signer did
 *   not sign" still in the outbox, or sent after the copy the card is read from was synced;
 * - the assignment's detail kept on the phone (mirror-appointments.ts), when it was synced after
 *   the list (opened since, say).
 * A refused action counts for nothing: the server's word stands.
 */

/** The confirmation of the detail kept on the phone, and when that copy was synced (epoch ms). */
export interface KeptConfirmation {
  result: ConfirmationResult | null;
  syncedAt: number;
}

const COMPLETION_KINDS = new Set(['complete', 'not_signed']);

/** The agent's newest action of these kinds on this appointment that a copy synced at `syncedAt` does not know. */
function newerAction(rows: readonly OutboxItem[], appointmentId: string, kinds: ReadonlySet<string>, syncedAt: number): OutboxItem | null {
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    if (row.appointmentId !== appointmentId || !kinds.has(row.action.kind) || row.state === 'refused') continue;
    if (isWaiting(row) || (row.state === 'sent' && (row.sentAt ?? 0) > syncedAt)) return row;
  }
  return null;
}

const CONFIRMATION_KINDS = new Set(['signer_confirmation']);

/**
 * The latest confirmation with the signer the phone knows of: the agent's own one on its way
 * first, then the newer of the list's and the kept detail's. Undefined when neither says (a list
 * kept by an older app version, no detail on the phone): the card then marks nothing.
 */
export function signerConfirmationOnPhone(options: {
  item: Pick<AgentAppointment, 'id' | 'signerConfirmation'>;
  listSyncedAt: number;
  kept: KeptConfirmation | undefined;
  rows: readonly OutboxItem[];
}): ConfirmationResult | null | undefined {
  const { item, listSyncedAt, kept, rows } = options;
  const listed = item.signerConfirmation;
  const server = kept && (listed === undefined || kept.syncedAt > listSyncedAt) ? kept : { result: listed, syncedAt: listSyncedAt };
  const own = newerAction(rows, item.id, CONFIRMATION_KINDS, server.syncedAt);
  if (own?.action.kind === 'signer_confirmation') return own.action.body.result;
  return server.result;
}

/**
 * The card with the phone's newer word on the confirmation and the completion; the same object
 * when there is none, so its memoized card is not rendered again.
 */
export function assignmentOnPhone(
  item: AgentAppointment,
  options: { listSyncedAt: number; kept: KeptConfirmation | undefined; rows: readonly OutboxItem[] },
): AgentAppointment {
  const signerConfirmation = signerConfirmationOnPhone({ item, ...options });
  const completedOnPhone = !item.markedCompleted && newerAction(options.rows, item.id, COMPLETION_KINDS, options.listSyncedAt) !== null;
  if (signerConfirmation === item.signerConfirmation && !completedOnPhone) return item;
  return {
    ...item,
    ...(signerConfirmation === undefined ? {} : { signerConfirmation }),
    ...(completedOnPhone ? { markedCompleted: true, showCompleteButton: false } : {}),
  };
}
