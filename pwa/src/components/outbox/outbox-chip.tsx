import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { isWaiting, useOutboxItems } from '../../lib/outbox/use-outbox';
import { useOnlineStatus } from '../../lib/use-online-status';
import { outboxChipLabel } from './outbox-chip-label';
import '../chrome.css';

/**
 * The header's count of actions not yet on the server (and the refusals to read, by name),
 * saying when the phone is offline; links to the list. The link is a 44 px tap target around a smaller pill.
 */
export function OutboxChip({ userId }: { userId: string }) {
  const items = useOutboxItems(userId);
  const online = useOnlineStatus();
  const waiting = items?.filter(isWaiting).length ?? 0;
  const refused = items?.filter((item) => item.state === 'refused').map((item) => item.action.kind) ?? [];
  const { text, tone } = outboxChipLabel({ online, waiting, refused });
  return (
    <Link to={paths.sync} className="outbox-chip" data-waiting={waiting} data-tone={tone} aria-label={`Pending actions: ${text}`}>
      <span className={`chip chip--${tone}`}>{text}</span>
    </Link>
  );
}
