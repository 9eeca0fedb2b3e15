/**
 * First-party analytics (spec 01 §1 / spec 02 §8: page views, form display and submit;
 * DESIGN.md: no third-party trackers): POST /api/analytics/events. Fire and forget — a lost
 * event never stands in a visitor's way. The path goes without its query string (the API
 * drops it too); a random visitor id kept in this browser groups one visitor's events.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { api } from './api-client';

type AnalyticsEvent = { type: 'page_view' } | { type: 'form_display' | 'form_submit'; form: string };

const VISITOR_KEY = 'signingdesk.visitor';

function visitorId(): string | undefined {
  try {
    let id = localStorage.getItem(VISITOR_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    return undefined; // storage blocked: the event goes without a visitor id
  }
}

export function track(event: AnalyticsEvent): void {
  void api
    .POST('/analytics/events', { body: { ...event, path: window.location.pathname, visitorId: visitorId() }, keepalive: true })
    .catch(() => undefined);
}

/** One page view per path the visitor reaches (a change of query or hash is the same page). */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => track({ type: 'page_view' }), [pathname]);
}

/** One form display each time a form is shown. */
export function useFormDisplay(form: string): void {
  useEffect(() => track({ type: 'form_display', form }), [form]);
}
