import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../types/openapi';
import { WebhooksGuide } from './webhooks-guide';

const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'SigningDesk API', version: '1.0.0' },
  paths: {},
  webhooks: {
    'order.created': {
      post: {
        summary: 'An order was created',
        description: 'Sent as a POST of JSON, signed per Standard Webhooks.',
        parameters: [
          { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string' } },
          { name: 'webhook-signature', in: 'header', required: true, schema: { type: 'string' } },
        ],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/OrderCreatedEvent' } } } },
        responses: { '2XX': { description: 'Received' }, '5XX': { description: 'Not received: tried again' } },
      },
    },
  },
  components: {
    schemas: {
      EscrowAppointment: { type: 'object', properties: { fileNumber: { type: ['string', 'null'] } } },
      OrderCreatedEvent: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          data: { type: 'object', properties: { order: { $ref: '#/components/schemas/EscrowAppointment' } } },
        },
      },
    },
  },
};

const render = (doc: OpenApiDocument) =>
  renderToStaticMarkup(
    <MantineProvider>
      <WebhooksGuide document={doc} />
    </MantineProvider>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const headings = (html: string) => [...html.matchAll(/<h([2-4])[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => `h${m[1]} ${textOf(m[2]!)}`);
const captions = (html: string) => [...html.matchAll(/<caption[^>]*>([\s\S]*?)<\/caption>/g)].map((m) => textOf(m[1]!));

describe('WebhooksGuide', () => {
  it('is a section under its own h2, with the parts a receiver needs in heading order', () => {
    const html = render(document);
    expect(html).toMatch(/<section aria-labelledby="webhooks">/);
    expect(html).toMatch(/<h2[^>]*id="webhooks"/);
    expect(headings(html)).toEqual([
      'h2 Webhooks',
      'h3 Adding an endpoint',
      'h3 Every delivery',
      'h3 Answering, and retries',
      'h3 Verifying a delivery',
      'h3 Events',
      'h4 order.created An order was created',
      'h3 Schemas the events share',
      'h4 EscrowAppointment 1 field',
    ]);
    // The events' and schemas' tables are in their accordion panels, rendered when opened.
    expect(captions(html)).toEqual([
      'Headers of every webhook delivery',
      'Answers to a webhook delivery',
      'When each attempt of a webhook delivery is sent',
    ]);
  });

  it('shows the headers, the answers, the schedule to the last attempt, and the verification example', () => {
    const text = textOf(render(document));
    expect(text).toContain('webhook-id string Yes');
    expect(text).toContain('2XX Received None 5XX Not received: tried again None');
    expect(text).toContain('10 24 hours 3 days 3 hours 35 minutes 5 seconds');
    expect(text).toContain('webhooks:manage');
    expect(text).toContain('const event = wh.verify(req.body, req.headers);');
    expect(text).toContain('HMAC-SHA256 of ${webhook-id}.${webhook-timestamp}.${body}');
    expect(render(document)).toMatch(
      /<pre[^>]*role="region"[^>]*aria-label="Example: verifying a webhook in Node"[^>]*tabindex="0"|<pre[^>]*tabindex="0"[^>]*role="region"/,
    );
  });

  it('renders nothing for a document without webhooks', () => {
    expect(render({ ...document, webhooks: {} })).toBe('');
  });
});
