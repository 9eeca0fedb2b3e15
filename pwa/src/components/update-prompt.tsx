import { useEffect, useState, useSyncExternalStore } from 'react';
import { isOutboxBusy, subscribeToOutboxBusy } from '../lib/outbox/agent-outbox';
import { applyUpdate, isUpdateWaiting, subscribeToUpdate } from '../lib/service-worker';

/**
 * Shown when a new version of the app has been downloaded and waits to take over. Reloading
 * while the outbox is sending would cut an upload or a request in half (they would resume, but
 * the agent would see it start over): the reload waits until the outbox is idle.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting, () => false);
  const sending = useSyncExternalStore(subscribeToOutboxBusy, isOutboxBusy, () => false);
  const [requested, setRequested] = useState(false);

  useEffect(() => {
    if (requested && !sending) void applyUpdate();
  }, [requested, sending]);

  if (!waiting) return null;
  return (
    <div className="banner banner--update" role="status">
      <span>{requested ? (sending ? 'Updating once your saved actions are sent…' : 'Updating…') : 'A new version is available'}</span>
      <button type="button" className="button button--on-dark" disabled={requested} onClick={() => setRequested(true)}>
        Reload
      </button>
    </div>
  );
}
