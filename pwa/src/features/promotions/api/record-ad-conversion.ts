/**
 * A first-party analytics event when the agent follows the campaign ad (spec 01 §1 "an ad
 * conversion"; DESIGN.md: no third-party trackers): POST /api/analytics/events. Fire and
 * forget: a lost event never stands in the agent's way.
 */
export function recordAdConversion(campaign: string): void {
  try {
    void fetch('/api/analytics/events', {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'ad_conversion', path: window.location.pathname, properties: { campaign } }),
    }).catch(() => undefined);
  } catch {
    // No fetch: nothing to record.
  }
}
