/**
 * The Add endpoint form's values and the checks it makes before sending: the API's required
 * rules with their messages (domain/webhooks.ts WEBHOOK_FORM_MESSAGES) and the Endpoint URL rules that do not
 * depend on the server's setting (domain/webhook-url.ts), so a person reads the same sentence
 * either way. Whether http:// is allowed (localhost on a development server only) and where the
 * host resolves are the server's to say; its answer lands under the same field.
 */
import { checkWebhookUrl, WEBHOOK_URL_MESSAGES } from '@signingdesk/domain/webhook-url';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_FORM_MESSAGES, WEBHOOK_LIMITS, type WebhookEventType } from '@signingdesk/domain/webhooks';
import { withoutFormatCharacters } from '@signingdesk/domain/text';

export { WEBHOOK_FORM_MESSAGES };

export type WebhookEndpointFormValues = { url: string; description: string; eventTypes: WebhookEventType[] };
export type WebhookEndpointFormErrors = Partial<Record<keyof WebhookEndpointFormValues, string>>;

/** What a title system usually acts on: an order arriving, its agent, its end. */
export const DEFAULT_WEBHOOK_EVENTS: readonly WebhookEventType[] = [
  'order.created',
  'order.agent_assigned',
  'order.completed',
  'order.canceled',
];

export const NEW_WEBHOOK_ENDPOINT: WebhookEndpointFormValues = { url: '', description: '', eventTypes: [...DEFAULT_WEBHOOK_EVENTS] };

/** The URL messages that hold wherever the server runs; https-only and private addresses depend on its setting. */
const SETTING_FREE: readonly string[] = [
  WEBHOOK_URL_MESSAGES.notAUrl,
  WEBHOOK_URL_MESSAGES.tooLong,
  WEBHOOK_URL_MESSAGES.credentials,
  WEBHOOK_URL_MESSAGES.fragment,
];

const cleanDescription = (text: string) => withoutFormatCharacters(text).trim();

export function webhookEndpointFormErrors(values: WebhookEndpointFormValues): WebhookEndpointFormErrors {
  const errors: WebhookEndpointFormErrors = {};
  const url = values.url.trim();
  if (url === '') {
    errors.url = WEBHOOK_FORM_MESSAGES.urlRequired;
  } else {
    // The development setting lets the most through; a refusal under it is a refusal anywhere.
    const checked = checkWebhookUrl(url, { allowLocalhostHttp: true });
    if (!checked.ok && SETTING_FREE.includes(checked.message)) errors.url = checked.message;
  }
  if (cleanDescription(values.description).length > WEBHOOK_LIMITS.descriptionMax)
    errors.description = WEBHOOK_FORM_MESSAGES.descriptionTooLong;
  if (values.eventTypes.length === 0) errors.eventTypes = WEBHOOK_FORM_MESSAGES.eventsRequired;
  return errors;
}

/** The body the API receives: the URL and description trimmed, no description when none was typed, events in the list's order. */
export function webhookEndpointBody(values: WebhookEndpointFormValues): {
  url: string;
  eventTypes: WebhookEventType[];
  description?: string;
} {
  const description = cleanDescription(values.description);
  return {
    url: values.url.trim(),
    eventTypes: WEBHOOK_EVENT_TYPES.filter((type) => values.eventTypes.includes(type)),
    ...(description ? { description } : {}),
  };
}

/**
 * Where a refusal is shown: its field errors under the form's fields (`eventTypes.1` is one of
 * the events), the first message of each; its message above the button unless every error
 * already stands under its field (a 400 repeats the first one as its message).
 */
export function webhookEndpointRefusal(problem: { message: string; fields: readonly { field: string; message: string }[] }): {
  fieldErrors: WebhookEndpointFormErrors;
  message: string | null;
} {
  const fieldErrors: WebhookEndpointFormErrors = {};
  let elsewhere = problem.fields.length === 0;
  for (const { field, message } of problem.fields) {
    const name = field.split('.')[0];
    if (name === 'url' || name === 'description' || name === 'eventTypes') fieldErrors[name] ??= message;
    else elsewhere = true;
  }
  return { fieldErrors, message: elsewhere ? problem.message : null };
}
