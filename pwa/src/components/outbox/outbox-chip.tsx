import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { isWaiting, useOutboxItems } from '../../lib/outbox/use-outbox';

/** The header's count of actions not yet on the server (and refusals to read); links to the list. */
export function OutboxChip({ userId }: { userId: string }) {
  const items = useOutboxItems(userId);
  const waiting = items?.filter(isWaiting).length ?? 0;
  const refused = items?.filter((item) => item.state === 'refused').length ?? 0;
  const label =
    waiting > 0 ? `${waiting} waiting to send`
    : refused > 0 ? `${refused} not accepted`
    : 'All synced';
  const tone = refused > 0 ? 'chip--error' : waiting > 0 ? 'chip--waiting' : 'chip--ok';
  return (
    <Link to={paths.sync} className={`chip ${tone}`} data-waiting={waiting} aria-label={`Pending actions: ${label}`}>
      {label}
    </Link>
  );
}
