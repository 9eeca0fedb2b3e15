/**
 * Firm webhooks (issue 34): the events a firm's endpoint may ask for, what each means, and which
 * change of an order causes it. An event is recorded in the transaction of that change (its
 * audit entry: api/src/lib/audit.ts) and delivered per the Standard Webhooks specification.
 */

export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.updated',
  'order.agent_assigned',
  'order.confirmed',
  'order.documents_downloaded',
  'order.completed',
  'order.did_not_sign',
  'order.canceled',
  'order.scanbacks_uploaded',
  'order.originals_shipped',
  'order.invoice_sent',
  'message.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** A test event, sent only when asked for from the console; never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.created': 'An order was created',
  'order.updated': 'An order’s details were changed',
  'order.agent_assigned': 'A signing agent was assigned (or changed)',
  'order.confirmed': 'The signing agent confirmed the signing with the signer',
  'order.documents_downloaded': 'The signing agent downloaded a document',
  'order.completed': 'The signing was completed',
  'order.did_not_sign': 'The signer did not sign',
  'order.canceled': 'The order was canceled',
  'order.scanbacks_uploaded': 'The signing agent uploaded scan-backs',
  'order.originals_shipped': 'The originals were shipped or dropped off',
  'order.invoice_sent': 'The invoice was sent',
  'message.created': 'A message was posted to the order',
};

export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * The event an audited change of an order causes, if any: `action` and `details` as audit()
 * writes them. One place, so every path to a change (an operator, the agent app, dispatch, an
 * API key) announces it alike.
 */
export function webhookEventOf(action: string, details: Record<string, unknown>): WebhookEventType | null {
  switch (action) {
    case 'appointment.created':
      return 'order.created';
    case 'appointment.updated':
      return 'order.updated';
    case 'appointment.assigned':
    case 'appointment.reassigned':
    case 'bid.accepted':
      return 'order.agent_assigned';
    case 'appointment.signer_confirmation':
      return details.result === 'confirmed' ? 'order.confirmed' : null;
    case 'file.downloaded':
      return 'order.documents_downloaded';
    case 'appointment.completed':
      return 'order.completed';
    case 'appointment.not_signed':
      return 'order.did_not_sign';
    case 'appointment.status_changed':
      return details.to === 'Canceled' ? 'order.canceled' : null;
    case 'file.uploaded':
      return details.kind === 'scan_back' ? 'order.scanbacks_uploaded' : null;
    case 'appointment.originals_shipped':
      return 'order.originals_shipped';
    case 'invoice.sent':
      return 'order.invoice_sent';
    case 'note.created':
      return 'message.created';
    default:
      return null;
  }
}

export const WEBHOOK_LIMITS = {
  endpointsPerFirm: 10,
  descriptionMax: 100,
} as const;

/** The endpoint form's messages, as the API answers them and the console checks before sending. */
export const WEBHOOK_FORM_MESSAGES = {
  urlRequired: 'Endpoint URL is required, e.g. https://example.com/webhooks.',
  eventsRequired: `Choose at least one event: ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
  descriptionTooLong: `Description must be at most ${WEBHOOK_LIMITS.descriptionMax} characters.`,
  tooMany: `Your firm has ${WEBHOOK_LIMITS.endpointsPerFirm} webhook endpoints, the most we allow. Remove one you no longer use first.`,
} as const;
