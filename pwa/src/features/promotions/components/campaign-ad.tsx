import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { recordAdConversion } from '../api/record-ad-conversion';
import { closeCampaignAd, isCampaignAdClosed } from '../session-flags';
import { CloseIcon } from './close-icon';

const CAMPAIGN = 'notary-profile';

/**
 * The notary campaign ad on /notary (spec 01 §2/§4), shown unless closed for the session. The
 * spec does not show its content: it asks agents to keep the profile that offers are matched
 * on (certified states, printers) current; following it counts as an ad conversion.
 */
export function CampaignAd({ onClosed }: { onClosed: () => void }) {
  const [closed, setClosed] = useState(isCampaignAdClosed);
  const headingId = useId();
  if (closed) return null;
  return (
    <section className="promo promo--ad" aria-labelledby={headingId}>
      <h2 id={headingId} className="promo__title">
        Is your profile up to date?
      </h2>
      <p className="promo__text">
        Offers go to agents certified in the appointment’s state. Check your certified states and printers so the right signings reach you.
      </p>
      <Link to={paths.profile} className="button button--primary promo__action" onClick={() => recordAdConversion(CAMPAIGN)}>
        Update Your Profile
      </Link>
      <button
        type="button"
        className="promo__close"
        aria-label="Close ad"
        onClick={() => {
          closeCampaignAd();
          setClosed(true);
          onClosed();
        }}
      >
        <CloseIcon />
      </button>
    </section>
  );
}
