/**
 * One webhook endpoint as a row of the endpoints table reads it: its events in short, and how
 * its status stands out.
 */
import { WEBHOOK_EVENT_TYPES } from '@signingdesk/domain/webhooks';
import type { Schemas } from '../../../lib/api-client';
import { WEBHOOK_TEXTS } from './webhook-texts';

export type WebhookEndpoint = Schemas['WebhookEndpoint'];

/** Active in the text colour; turned off by a person muted (they chose it); turned off for failing in the error colour. */
export type WebhookStatusTone = 'normal' | 'muted' | 'error';

export type WebhookEndpointRow = {
  /** "4 events", "1 event", "All 12 events". */
  eventCount: string;
  /** The event types, in the list's order. */
  events: string[];
  /** Every event type: the count says so, no list follows. */
  allEvents: boolean;
  statusText: string;
  statusTone: WebhookStatusTone;
};

export function webhookEndpointRow(endpoint: WebhookEndpoint): WebhookEndpointRow {
  const events = WEBHOOK_EVENT_TYPES.filter((type) => endpoint.eventTypes.includes(type));
  const all = events.length === WEBHOOK_EVENT_TYPES.length;
  return {
    eventCount: all ? `All ${events.length} events` : `${events.length} ${events.length === 1 ? 'event' : 'events'}`,
    events,
    allEvents: all,
    statusText: endpoint.statusText,
    statusTone: endpoint.enabled ? 'normal' : endpoint.statusText === WEBHOOK_TEXTS.turnedOffByPerson ? 'muted' : 'error',
  };
}
