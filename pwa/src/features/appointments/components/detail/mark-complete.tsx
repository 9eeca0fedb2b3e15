import type { AgentAppointmentView } from '../../../../types/api';
import { completionNotYetMessage, completionOpen } from '@signingdesk/domain/appointment-rules';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { Dialog } from '../../../../components/dialog';
import { enqueueAction } from '../../../../lib/outbox/agent-outbox';
import type { OutboxItem } from '../../../../lib/outbox/types';
import { OutboxItemStatus } from '../../../../components/outbox/outbox-item-status';
import { NotSignedOutcome } from './not-signed-outcome';
import { SignerDidNotSign } from './signer-did-not-sign';

export const SCAN_BACK_REMINDER =
  'Scan backs are required for this signing: please upload all required scans within the next two hours, or talk to the escrow officer if they will be delayed.';

/**
 * Shown after when, where and the signer (never above them). Before the signing starts there
 * is no button, and a line says from when it can be marked — from the start time, as the
 * server rules; an offline copy gets its button when that time comes, without a sync.
 * 'Mark Assignment Complete' → Confirm Action dialog (with the scan-back reminder when they are
 * required) → the action goes to the outbox → Response Message dialog with the server's answer
 * (or "saved on this phone" until it is sent). Once marked, the button reads 'Assignment Marked
 * Complete' and is disabled.
 * Under it, while it is offered, "Signer did not sign" (issue 33): the other outcome. Once that is
 * recorded — on the phone or on the server — there is no complete button: where it was, the
 * action's progress (saved on this phone, sending, the server's message) and the outcome's summary.
 */
export function MarkComplete({ view, userId, rows }: { view: AgentAppointmentView; userId: string; rows: OutboxItem[] }) {
  const [confirming, setConfirming] = useState(false);
  const [answerId, setAnswerId] = useState<string | null>(null);
  const [recordedId, setRecordedId] = useState<string | null>(null);
  const completeRows = rows.filter((row) => row.action.kind === 'complete');
  const notSignedRows = rows.filter((row) => row.action.kind === 'not_signed');
  const lastNotSigned = notSignedRows.at(-1);
  // A copy kept on the phone from before outcomes has none (`outcome` is missing, not null).
  const outcome = view.outcome?.kind === 'not_signed' ? view.outcome : null;
  const notSigned = outcome !== null || notSignedRows.some((row) => row.state !== 'refused');
  const marked = view.markedCompleted || completeRows.some((row) => row.state !== 'refused');
  const answer = completeRows.find((row) => row.id === answerId);
  const scheduled = view.status === 'Scheduled' && !view.markedCompleted;
  const startReached = useCompletionOpen(view.startsAt);
  const open = scheduled && (view.showCompleteButton || startReached);
  if (notSigned) {
    return <NotSignedOutcome summary={outcome?.summary ?? null} row={lastNotSigned} focus={recordedId !== null} />;
  }
  if (scheduled && !open && !marked) {
    return (
      <p className="notice notice--info complete-later" role="note">
        {completionNotYetMessage(view)}
      </p>
    );
  }
  if (!open && !view.markedCompleted && !marked) return null;

  const confirm = async () => {
    setConfirming(false);
    const item = await enqueueAction(userId, { kind: 'complete', appointmentId: view.id, appointmentName: view.name });
    setAnswerId(item.id);
  };

  return (
    <div className="completion">
      <button type="button" className="button button--primary button--block" disabled={marked} onClick={() => setConfirming(true)}>
        {marked ? 'Assignment Marked Complete' : 'Mark Assignment Complete'}
      </button>
      {/* Refused by the server (an operator completed it meanwhile, say): said here, and the choice is back. */}
      {lastNotSigned && <OutboxItemStatus item={lastNotSigned} />}
      {open && !marked && <SignerDidNotSign view={view} userId={userId} onRecorded={(item) => setRecordedId(item.id)} />}
      <ConfirmDialog open={confirming} onCancel={() => setConfirming(false)} onConfirm={() => void confirm()}>
        <p>Mark “{view.name}” complete? The escrow officer and the SigningDesk team will be notified.</p>
        {view.scanBackRequired && <p className="notice notice--info">{SCAN_BACK_REMINDER}</p>}
      </ConfirmDialog>
      <Dialog
        open={answer !== undefined}
        title="Response Message"
        onClose={() => setAnswerId(null)}
        actions={
          <button type="button" className="button button--primary" onClick={() => setAnswerId(null)}>
            Close
          </button>
        }
      >
        {answer && <OutboxItemStatus item={answer} />}
      </Dialog>
    </div>
  );
}

/** The longest delay setTimeout keeps (about 24.8 days); a later start is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether the signing has started by the clock (the server's rule: completion opens, withdrawal
 * closes), re-rendering when its start time comes: an offline copy changes its buttons without
 * a sync.
 */
export function useCompletionOpen(startsAt: number): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const wait = startsAt * 1000 - Date.now();
      if (wait < 0) return () => undefined;
      const timer = setTimeout(notify, Math.min(wait + 1, MAX_TIMER_MS));
      return () => clearTimeout(timer);
    },
    [startsAt],
  );
  return useSyncExternalStore(
    subscribe,
    () => completionOpen(startsAt, Math.floor(Date.now() / 1000)),
    () => false,
  );
}
