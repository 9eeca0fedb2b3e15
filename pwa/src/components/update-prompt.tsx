import { useState, useSyncExternalStore } from 'react';
import { applyUpdate, isUpdateWaiting, subscribeToUpdate } from '../lib/service-worker';

/** Shown when a new version of the app has been downloaded and waits to take over. */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting, () => false);
  const [reloading, setReloading] = useState(false);
  if (!waiting) return null;
  return (
    <div className="banner banner--update" role="status">
      <span>A new version is available</span>
      <button
        type="button"
        className="button button--on-dark"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          applyUpdate();
        }}
      >
        Reload
      </button>
    </div>
  );
}
