import type { AgentAppointmentView, Note } from '../../../../types/api';
import { LINK_TARGETS } from '@signingdesk/domain/deep-links';
import { useId, useState, type FormEvent } from 'react';
import { EmailLink, splitOnEmails } from '../../../../components/email-link';
import { formatDateTime } from '../../../../lib/format-date-time';
import { enqueueAction } from '../../../../lib/outbox/agent-outbox';
import type { OutboxItem } from '../../../../lib/outbox/types';
import { isWaiting } from '../../../../lib/outbox/use-outbox';
import { useOnlineStatus } from '../../../../lib/use-online-status';
import { describeState } from '../../../../lib/outbox/describe';
import { useNotes } from '../../api/get-notes';
import { readFlags } from './message-read-flags';
import { SyncedAt } from './synced-at';
import { Panel } from '../../../../components/panel';

/** Shown when the thread has not been synced yet; the server sends the same text with it. */
const FEE_WARNING_FALLBACK = 'Please do not discuss fees in the message center. Fee questions go to the SigningDesk team.';

/**
 * The appointment's thread (from the network, else the offline copy) with the fee-discussion
 * warning for agents, and a composer whose messages go through the outbox: they show in the
 * thread at once, marked until the server has them.
 */
export function MessageCenter({
  view,
  userId,
  rows,
  enabled,
}: {
  view: AgentAppointmentView;
  userId: string;
  rows: OutboxItem[];
  enabled: boolean;
}) {
  const notes = useNotes(view.id, userId);
  const online = useOnlineStatus();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const waiting = rows.filter((row) => row.action.kind === 'note' && (isWaiting(row) || row.state === 'refused'));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = message.trim();
    if (!text) {
      setError('Type a message first.');
      return;
    }
    setError(null);
    await enqueueAction(userId, { kind: 'note', appointmentId: view.id, appointmentName: view.name, message: text });
    setMessage('');
  };

  return (
    <Panel id="messages-heading" anchor={LINK_TARGETS.messages} title="Message Center">
      <p className="notice notice--info">{notes.data?.data.warning ?? FEE_WARNING_FALLBACK}</p>
      {notes.data?.offline && <SyncedAt mirrored={notes.data} />}
      {notes.isError && !notes.data && <p className="status-text">Messages are not available offline yet.</p>}
      <ol className="thread">
        {notes.data?.data.items.map((note) => (
          <NoteItem key={note.id} note={note} />
        ))}
        {waiting.map((row) => (
          <li key={row.id} className="thread__item thread__item--pending" data-outbox-state={row.state}>
            <p className="thread__meta">You · {row.state === 'refused' ? 'not sent' : 'waiting to send'}</p>
            <p className="thread__message">{row.action.kind === 'note' ? <MessageText text={row.action.message} /> : null}</p>
            <p className="thread__state">{describeState(row, online)}</p>
          </li>
        ))}
      </ol>
      {notes.data?.data.items.length === 0 && waiting.length === 0 && <p className="empty-text">No messages yet.</p>}
      {enabled ? (
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <div className="form__field">
            <label htmlFor={fieldId}>New message</label>
            <textarea id={fieldId} rows={3} maxLength={2000} value={message} onChange={(event) => setMessage(event.target.value)} />
          </div>
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button button--primary">
            Send Message
          </button>
        </form>
      ) : (
        <p className="status-text">This appointment is closed: its messages are read-only.</p>
      )}
    </Panel>
  );
}

function NoteItem({ note }: { note: Note }) {
  const when = formatDateTime(note.timeStamp * 1000);
  return (
    <li className="thread__item">
      <p className="thread__meta">
        {note.author.name} · <time dateTime={new Date(note.timeStamp * 1000).toISOString()}>{when}</time>
      </p>
      <p className="thread__message">
        <MessageText text={note.message} />
      </p>
      <p className="thread__flags">{readFlags(note).join(' · ')}</p>
    </li>
  );
}

/** A message with its email addresses as mailto links that wrap at '@' and '.' only. */
function MessageText({ text }: { text: string }) {
  return <>{splitOnEmails(text).map((part, index) => (part.email ? <EmailLink key={index} email={part.text} /> : part.text))}</>;
}
