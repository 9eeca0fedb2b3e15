import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { WEBHOOK_URL_MESSAGES } from '@signingdesk/domain/webhook-url';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '@signingdesk/domain/webhooks';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  NEW_WEBHOOK_ENDPOINT,
  WEBHOOK_FORM_MESSAGES,
  webhookEndpointFormErrors,
  type WebhookEndpointFormErrors,
  type WebhookEndpointFormValues,
} from '../utils/webhook-endpoint-form';
import { WEBHOOK_TEXTS } from '../utils/webhook-texts';
import { WebhookEndpointForm } from './webhook-endpoint-form';

function Harness({
  values,
  errors,
  problem,
}: {
  values: WebhookEndpointFormValues;
  errors: WebhookEndpointFormErrors;
  problem: string | null;
}) {
  const form = useForm<WebhookEndpointFormValues>({ initialValues: values, initialErrors: errors });
  return <WebhookEndpointForm form={form} problem={problem} pending={false} onSubmit={() => undefined} onCancel={() => undefined} />;
}

const render = (values: WebhookEndpointFormValues, errors: WebhookEndpointFormErrors = {}, problem: string | null = null) =>
  renderToStaticMarkup(
    <MantineProvider>
      <Harness values={values} errors={errors} problem={problem} />
    </MantineProvider>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** The text of the element an input names as its error (aria-describedby). */
const errorUnder = (html: string, input: RegExp): string | null => {
  const tag = input.exec(html)?.[0] ?? '';
  const ids = /aria-describedby="([^"]+)"/.exec(tag)?.[1]?.split(' ') ?? [];
  for (const id of ids) {
    const text = new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];
    if (id.endsWith('-error') && text !== undefined) return text;
  }
  return null;
};
const URL_INPUT = /<input[^>]*data-path="url"[^>]*>/;
const DESCRIPTION_INPUT = /<input[^>]*data-path="description"[^>]*>/;
const EVENTS_GROUP = /<div role="group"[^>]*>/;

describe('the Add endpoint form', () => {
  it('asks for the Endpoint URL (required, https, monospace), an optional description and the events to send', () => {
    const html = render(NEW_WEBHOOK_ENDPOINT);
    expect(html).toMatch(/<label[^>]*>Endpoint URL<span[^>]*> \*<\/span><\/label>/);
    expect(html).toContain(`>${WEBHOOK_TEXTS.urlDescription}<`);
    expect(URL_INPUT.exec(html)?.[0]).toContain('font-family:var(--mantine-font-family-monospace)');
    expect(html).toMatch(/<label[^>]*>Description<\/label>/);
    expect(html).toContain('Events to send');
    expect(html).toMatch(/<button[^>]*type="submit"[\s\S]*?Add endpoint/);
  });

  it('has one checkbox an event type, described in the API’s words, the four usual ones ticked', () => {
    const html = render(NEW_WEBHOOK_ENDPOINT);
    const ticked: string[] = [];
    for (const type of WEBHOOK_EVENT_TYPES) {
      const box = new RegExp(`<input[^>]*value="${type}"[^>]*>`).exec(html)?.[0] ?? '';
      expect(box, type).toContain('type="checkbox"');
      if (/\schecked=""/.test(box)) ticked.push(type);
      expect(html).toContain(`>${escaped(WEBHOOK_EVENT_LABELS[type])}<`);
    }
    expect(ticked).toEqual(['order.created', 'order.agent_assigned', 'order.completed', 'order.canceled']);
  });

  it('shows the client’s checks under their fields, in the API’s own words', () => {
    const values = { url: '  ', description: 'Q'.repeat(101), eventTypes: [] };
    const html = render(values, webhookEndpointFormErrors(values));
    expect(errorUnder(html, URL_INPUT)).toBe(escaped(WEBHOOK_FORM_MESSAGES.urlRequired));
    expect(errorUnder(html, DESCRIPTION_INPUT)).toBe(WEBHOOK_FORM_MESSAGES.descriptionTooLong);
    expect(errorUnder(html, EVENTS_GROUP)).toBe(escaped(WEBHOOK_FORM_MESSAGES.eventsRequired));
  });

  it('shows the server’s refusal of the URL under it, and one that belongs to no field as an alert', () => {
    const values = { ...NEW_WEBHOOK_ENDPOINT, url: 'https://10.0.0.5/hook' };
    const html = render(values, { url: WEBHOOK_URL_MESSAGES.privateAddress });
    expect(errorUnder(html, URL_INPUT)).toBe(WEBHOOK_URL_MESSAGES.privateAddress);
    expect(errorUnder(html, EVENTS_GROUP)).toBeNull();

    const tooMany = 'Your firm has 10 webhook endpoints, the most we allow. Remove one you no longer use first.';
    const refused = render(values, {}, tooMany);
    const alert = /<div[^>]*role="alert"[\s\S]*?<\/div><\/div><\/div><\/div>/.exec(refused)?.[0] ?? '';
    expect(alert.replace(/<[^>]+>/g, '')).toBe(tooMany);
    expect(errorUnder(refused, URL_INPUT)).toBeNull();
  });
});
