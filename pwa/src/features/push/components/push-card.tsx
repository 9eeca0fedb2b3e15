import { useEffect, useState } from 'react';
import { currentPushState, resyncPush, turnOnPush, type PushState } from '../api/push-subscription';
import { Panel } from '../../../components/panel';

/**
 * "Get new offers as notifications": shown until push is on. The tap is the user gesture the
 * permission prompt needs. On every start the subscription is sent to the server again.
 */
export function PushCard() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void currentPushState().then((value) => {
      if (live) setState(value);
      if (value === 'on') void resyncPush();
    });
    return () => {
      live = false;
    };
  }, []);

  if (state === null || state === 'on' || state === 'unsupported') return null;
  return (
    <Panel id="push-heading" title="Get new offers first" className="push-card">
      {state === 'denied' ? (
        <p>Notifications are blocked for SigningDesk. Allow them in your phone’s settings to hear about offers near you.</p>
      ) : (
        <>
          <p>Turn on notifications to hear about signings near you the moment they are offered.</p>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              setError(null);
              turnOnPush()
                .then(setState)
                .catch(() => setError('Notifications could not be turned on. Check your connection and try again.'))
                .finally(() => setBusy(false));
            }}
          >
            Turn On Notifications
          </button>
        </>
      )}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </Panel>
  );
}
