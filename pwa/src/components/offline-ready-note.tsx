import { useEffect, useSyncExternalStore } from 'react';
import { isOfflineReadyNews, offlineReadySaid, putAwayOfflineReady, subscribeToUpdate } from '../lib/service-worker';

export const OFFLINE_READY_TEXT = 'Ready to work offline';
/** How long the note stays: long enough to read, gone before it is in the way. */
const SHOWN_MS = 8_000;

/**
 * Says once per device, when the first version of the app has been kept on the phone, that it
 * now opens with no signal. A status, so screen readers hear it; it goes by itself or on OK.
 */
export function OfflineReadyNote() {
  const shown = useSyncExternalStore(subscribeToUpdate, isOfflineReadyNews, () => false);

  useEffect(() => {
    if (!shown) return;
    offlineReadySaid();
    const timer = setTimeout(putAwayOfflineReady, SHOWN_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  return (
    <div className="offline-ready" role="status">
      {shown ? (
        <p className="banner banner--ready">
          <span>{OFFLINE_READY_TEXT}</span>
          <button type="button" className="button button--on-dark" onClick={putAwayOfflineReady}>
            OK
          </button>
        </p>
      ) : null}
    </div>
  );
}
