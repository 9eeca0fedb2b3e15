import { useCallback, useRef } from 'react';
import '../promotions.css';
import { AffiliateBanner } from './affiliate-banner';
import { CampaignAd } from './campaign-ad';

/**
 * The campaign ad and the affiliate banner under the portal's heading (the banner only for
 * active agents: one still under review has nothing to earn more from yet). Kept small: they are
 * part of the portal's first load. When one goes away, the focus moves to this block (the
 * button pressed is gone), from where Tab goes on to what follows.
 */
export function Promotions({ affiliate }: { affiliate: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // After the removal has rendered (and a modal dialog has closed), not before.
  const focusHere = useCallback(() => requestAnimationFrame(() => ref.current?.focus()), []);
  return (
    <div ref={ref} className="promotions" tabIndex={-1}>
      <CampaignAd onClosed={focusHere} />
      {affiliate && <AffiliateBanner onGone={focusHere} />}
    </div>
  );
}
