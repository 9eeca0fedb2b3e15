import { Panel } from '../../../components/panel';
import { formatDateTime } from '../../../lib/format-date-time';
import { flushOutbox } from '../../../lib/outbox/agent-outbox';
import { isWaiting, useOutboxItems } from '../../../lib/outbox/use-outbox';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { describeAction } from '../../../lib/outbox/describe';
import { OutboxItemStatus } from '../../../components/outbox/outbox-item-status';

/** Every action of the agent on this phone: waiting, not accepted, and sent in the last week. */
export function OutboxList({ userId }: { userId: string }) {
  const items = useOutboxItems(userId);
  const online = useOnlineStatus();
  if (!items) return null;
  const waiting = items.filter(isWaiting);
  const refused = items.filter((item) => item.state === 'refused');
  const sent = items.filter((item) => item.state === 'sent').reverse();
  const section = (title: string, list: typeof items, id: string) =>
    list.length > 0 && (
      <Panel id={id} title={`${title} (${list.length})`}>
        <ul className="outbox-list">
          {list.map((item) => (
            <li key={item.id} className="outbox-list__item">
              <p className="outbox-list__what">{describeAction(item.action)}</p>
              <p className="outbox-list__when">Made {formatDateTime(item.createdAt)}</p>
              <OutboxItemStatus item={item} />
            </li>
          ))}
        </ul>
      </Panel>
    );
  return (
    <>
      <p className="lead" role="status">
        {waiting.length === 0
          ? 'Everything you did on this phone has reached SigningDesk.'
          : `${waiting.length} action${waiting.length === 1 ? '' : 's'} waiting to send.`}
      </p>
      {waiting.length > 0 && (
        <button type="button" className="button button--primary" disabled={!online} onClick={() => void flushOutbox()}>
          Send Now
        </button>
      )}
      {section('Waiting to send', waiting, 'outbox-waiting')}
      {section('Not accepted', refused, 'outbox-refused')}
      {section('Sent', sent, 'outbox-sent')}
    </>
  );
}
