import type { AgentAppointmentView } from '../../../../types/api';
import { LEAVE_REASON } from '@signingdesk/domain/dispatch';
import { useId, useState } from 'react';
import { Dialog } from '../../../../components/dialog';
import { Panel } from '../../../../components/panel';
import { OutboxItemStatus } from '../../../../components/outbox/outbox-item-status';
import { enqueueAction } from '../../../../lib/outbox/agent-outbox';
import { useCompletionOpen } from './mark-complete';
import type { OutboxItem } from '../../../../lib/outbox/types';

/**
 * "Can't make it?" (decision 067): the assigned agent gives a scheduled signing back before it
 * starts, saying why, instead of phoning the office. The withdrawal goes through the outbox like
 * every other action (offline, it waits on the phone and is sent once); the server restarts
 * automatic dispatch without the agent and tells the team and the escrow officer. The dialog
 * says plainly that it counts against "Assignments kept" — a decline never does.
 */
export function WithdrawFromSigning({ view, userId, rows }: { view: AgentAppointmentView; userId: string; rows: OutboxItem[] }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const leaveRows = rows.filter((row) => row.action.kind === 'leave');
  // Waiting on the phone, being sent or already accepted: the button does not come back.
  const taken = leaveRows.find((row) => row.state !== 'refused');
  const latest = leaveRows.at(-1);
  const beforeStart = !useCompletionOpen(view.startsAt);
  if (view.status !== 'Scheduled' || view.markedCompleted || (!beforeStart && !latest)) return null;

  const close = () => {
    setAsking(false);
    setError(null);
  };
  const submit = async () => {
    const text = reason.trim();
    if (!text) {
      setError(LEAVE_REASON.required);
      return;
    }
    close();
    await enqueueAction(userId, { kind: 'leave', reason: text, appointmentId: view.id, appointmentName: view.name });
    setReason('');
  };

  return (
    <Panel id="leave-heading" title="Can’t make it?">
      {latest ? (
        <OutboxItemStatus item={latest} />
      ) : (
        <p>
          If you can no longer do this signing, withdraw from it here. The SigningDesk team and the escrow officer are told at once, and
          SigningDesk looks for another signing agent.
        </p>
      )}
      {beforeStart && !taken && (
        <button type="button" className="button button--danger button--block" onClick={() => setAsking(true)}>
          Withdraw from this signing
        </button>
      )}
      <Dialog
        open={asking}
        title="Withdraw from this signing?"
        onClose={close}
        actions={
          <>
            <button type="button" className="button button--secondary" onClick={close}>
              Keep the signing
            </button>
            <button type="button" className="button button--danger" onClick={() => void submit()}>
              Withdraw
            </button>
          </>
        }
      >
        <p>
          “{view.name}” goes back to other signing agents. Withdrawing counts against your “Assignments kept” on your record; declining an
          offer never does.
        </p>
        <div className="form__field">
          <label htmlFor={fieldId}>{LEAVE_REASON.label}</label>
          <textarea
            id={fieldId}
            rows={3}
            maxLength={LEAVE_REASON.maxLength}
            value={reason}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
      </Dialog>
    </Panel>
  );
}
