import { formatSyncTime } from '../../../../lib/format-date-time';
import type { Mirrored } from '../../../../lib/mirrored-get';

/** "Synced 09:14 AM" online; "Offline copy — last synced 11/20/2026, 6:02 PM" from the mirror. */
export function SyncedAt({ mirrored }: { mirrored: Pick<Mirrored<unknown>, 'syncedAt' | 'offline'> }) {
  const when = formatSyncTime(mirrored.syncedAt);
  return <p className="status-text synced-at">{mirrored.offline ? `Offline copy — last synced ${when}` : `Last synced ${when}`}</p>;
}
