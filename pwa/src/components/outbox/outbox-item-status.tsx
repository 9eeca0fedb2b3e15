import { dismissOutboxItem } from '../../lib/outbox/agent-outbox';
import type { OutboxItem } from '../../lib/outbox/types';
import { useOnlineStatus } from '../../lib/use-online-status';
import { describeState } from '../../lib/outbox/describe';

/** Where one action stands, read live from the outbox; a refusal can be dismissed. */
export function OutboxItemStatus({ item, dismissible = true }: { item: OutboxItem; dismissible?: boolean }) {
  const online = useOnlineStatus();
  const text = describeState(item, online);
  const tone = item.state === 'refused' ? 'notice--error' : item.state === 'sent' ? 'notice--success' : 'notice--info';
  return (
    <div className={`notice ${tone}`} role={item.state === 'refused' ? 'alert' : 'status'} data-outbox-state={item.state}>
      <p>{text}</p>
      {item.state === 'refused' && item.refusal?.fields?.length ? (
        <ul>
          {item.refusal.fields.map((f) => (
            <li key={f.field}>
              {f.field}: {f.message}
            </li>
          ))}
        </ul>
      ) : null}
      {dismissible && item.state === 'refused' && (
        <button type="button" className="button button--secondary" onClick={() => void dismissOutboxItem(item.id)}>
          Dismiss
        </button>
      )}
    </div>
  );
}
