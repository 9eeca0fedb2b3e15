import { useEffect, useState } from 'react';
import { currentPushState, resyncPush, turnOnPush, type PushState } from '../api/push-subscription';
import { dismissPushPrompt, missedOffers } from '../prompt-dismissal';

/**
 * "Get new offers first": a compact prompt until push is on. The tap is the user gesture the
 * permission prompt needs. "Not now" puts it away; it comes back only when offers arrived that
 * a notification would have announced. On every start the subscription is sent again.
 */
export function PushCard({ userId, openOfferIds }: { userId: string; openOfferIds: readonly string[] | undefined }) {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dismissedNow, setDismissedNow] = useState(false);

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

  if (state === null || state === 'on' || state === 'unsupported' || dismissedNow) return null;
  const missed = missedOffers(userId, openOfferIds);
  if (missed !== null && missed.length === 0) return null;
  const dismiss = () => {
    dismissPushPrompt(userId, openOfferIds ?? []);
    setDismissedNow(true);
  };
  const lead =
    missed && missed.length > 0
      ? `${missed.length === 1 ? 'A new offer' : `${missed.length} new offers`} arrived while notifications were off.`
      : null;

  return (
    <section className="push-card" aria-label="Get new offers first">
      <p className="push-card__text">
        {lead ? `${lead} ` : ''}
        {state === 'denied' ? (
          'Notifications are blocked for SigningDesk. Allow them in your phone’s settings to hear about offers near you.'
        ) : (
          <>
            <strong>Get new offers first:</strong> turn on notifications.
          </>
        )}
      </p>
      <div className="push-card__actions">
        {state !== 'denied' && (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            aria-label="Turn On Notifications"
            onClick={() => {
              setBusy(true);
              setError(null);
              turnOnPush()
                .then(setState)
                .catch(() => setError('Notifications could not be turned on. Check your connection and try again.'))
                .finally(() => setBusy(false));
            }}
          >
            Turn On
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={dismiss}>
          Not Now
        </button>
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
