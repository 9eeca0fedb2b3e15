import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { useRespondToCampaign, type CampaignAction } from '../api/respond-to-campaign';
import { readAffiliateBannerState, writeAffiliateBannerState, type AffiliateBannerState } from '../session-flags';
import { CloseIcon } from './close-icon';

/** Spec 01 §2, verbatim. */
export const ENROLL_THANK_YOU = 'Thank you for your interest! Please check your inbox for an email with more details.';

/**
 * The affiliate-program banner (spec 01 §2/§4): Learn More enrolls (then the thank-you dialog),
 * Not Interested declines — both are sent to the server — and the X minimizes it to one line.
 * Minimized, declined or closed is remembered for the browser session.
 */
export function AffiliateBanner({ onGone }: { onGone: () => void }) {
  const [state, setState] = useState<AffiliateBannerState>(readAffiliateBannerState);
  const [thanking, setThanking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mutation = useRespondToCampaign();
  const headingId = useId();
  const expandRef = useRef<HTMLButtonElement>(null);
  const minimizeRef = useRef<HTMLButtonElement>(null);
  /** Where the focus goes after the banner changed shape (the button pressed is gone). */
  const focusNext = useRef<'expand' | 'minimize' | null>(null);

  useEffect(() => {
    const target = focusNext.current === 'expand' ? expandRef.current : focusNext.current === 'minimize' ? minimizeRef.current : null;
    focusNext.current = null;
    target?.focus();
  }, [state]);

  const change = (next: AffiliateBannerState) => {
    writeAffiliateBannerState(next);
    setState(next);
  };

  const answer = async (action: CampaignAction) => {
    setError(null);
    const result = await mutation.mutateAsync(action);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    if (action === 'enroll') {
      setThanking(true);
    } else {
      change('dismissed');
      onGone();
    }
  };

  const closeThanks = () => {
    setThanking(false);
    change('dismissed');
    onGone();
  };

  if (state === 'dismissed') return null;

  if (state === 'minimized') {
    return (
      <section className="promo promo--minimized" aria-label="Affiliate program">
        <button
          ref={expandRef}
          type="button"
          className="promo__expand"
          onClick={() => {
            focusNext.current = 'minimize';
            change('open');
          }}
        >
          <span>Earn more with the affiliate program</span>
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </section>
    );
  }

  const sending = mutation.isPending;
  return (
    <section className="promo promo--affiliate" aria-labelledby={headingId}>
      <h2 id={headingId} className="promo__title">
        Earn more with the SigningDesk affiliate program
      </h2>
      <p className="promo__text">Refer title companies and signing agents to SigningDesk and earn more on the closings they bring.</p>
      <div className="promo__actions">
        <button type="button" className="button button--primary" disabled={sending} onClick={() => void answer('enroll')}>
          Learn More
        </button>
        <button type="button" className="button button--secondary" disabled={sending} onClick={() => void answer('decline')}>
          Not Interested
        </button>
      </div>
      {error ? (
        <p className="promo__error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        ref={minimizeRef}
        type="button"
        className="promo__close"
        aria-label="Minimize"
        onClick={() => {
          focusNext.current = 'expand';
          change('minimized');
        }}
      >
        <CloseIcon />
      </button>
      <Dialog
        open={thanking}
        title="Affiliate Program"
        onClose={closeThanks}
        actions={
          <button type="button" className="button button--primary" onClick={closeThanks}>
            Close
          </button>
        }
      >
        <p className="promo__thanks">{ENROLL_THANK_YOU}</p>
      </Dialog>
    </section>
  );
}
