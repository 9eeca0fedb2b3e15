/**
 * A first-party analytics event when the agent follows the campaign ad (spec 01 §1 "an ad
 * conversion"; DESIGN.md: no third-party trackers): POST /api/analytics/events. Fire and
 * forget: a lost event never stands in the agent's way.
 */
import { api } from '../../../lib/api-client';

export function recordAdConversion(campaign: string): void {
  // keepalive: the event still goes when the agent leaves the page for the ad's link.
  void api
    .POST('/analytics/events', {
      body: { type: 'ad_conversion', path: window.location.pathname, properties: { campaign } },
      keepalive: true,
    })
    .catch(() => undefined);
}
