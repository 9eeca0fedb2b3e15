import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../types/openapi';
import { durationText, listWebhooks, retryRows } from './webhooks';

const COMMON = 'Sent as a POST of JSON. Verify the signature first.';
const headers = [
  { name: 'webhook-id', in: 'header' as const, required: true, description: 'The event’s id', schema: { type: 'string' } },
  { name: 'webhook-timestamp', in: 'header' as const, required: true, schema: { type: 'string', pattern: '^[0-9]+$' } },
];
const responses = {
  '2XX': { description: 'Received: any 2xx answer within 10 s.' },
  '5XX': { description: 'Not received. It is tried again.' },
};
const envelope = (type: string, data: Record<string, unknown>) => ({
  type: 'object',
  properties: { id: { type: 'string' }, type: { type: 'string', enum: [type] }, timestamp: { type: 'string' }, data },
  required: ['id', 'type', 'timestamp', 'data'],
});

const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'SigningDesk API', version: '1.0.0' },
  paths: {},
  webhooks: {
    'message.created': {
      post: {
        summary: 'A message was posted to the order',
        description: COMMON,
        parameters: headers,
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/MessageCreatedEvent' } } } },
        responses,
      },
    },
    'webhook.test': {
      post: {
        summary: 'A test event, sent only when asked for',
        description: `${COMMON} Sent only when asked for.`,
        parameters: headers,
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookTestEvent' } } } },
        responses,
      },
    },
  },
  components: {
    schemas: {
      EscrowAppointment: {
        type: 'object',
        properties: { id: { type: 'string' }, escrowOfficer: { $ref: '#/components/schemas/Person' } },
        required: ['id'],
      },
      Person: { type: 'object', properties: { name: { type: 'string' } } },
      MessageCreatedEvent: envelope('message.created', {
        type: 'object',
        properties: {
          order: { $ref: '#/components/schemas/EscrowAppointment' },
          message: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        },
        required: ['order', 'message'],
      }),
      WebhookTestEvent: envelope('webhook.test', {
        type: 'object',
        properties: { message: { type: 'string' } },
        required: ['message'],
      }),
    },
  },
};

describe('listWebhooks', () => {
  it('lists each event with its label and body rows, the order named rather than expanded', () => {
    const { events } = listWebhooks(document);
    expect(events.map((event) => [event.key, event.name, event.summary, event.type])).toEqual([
      ['webhook:message.created', 'message.created', 'A message was posted to the order', 'MessageCreatedEvent'],
      ['webhook:webhook.test', 'webhook.test', 'A test event, sent only when asked for', 'WebhookTestEvent'],
    ]);
    expect(events[0]!.rows.map((row) => [row.name, row.depth, row.type, row.required])).toEqual([
      ['id', 0, 'string', true],
      ['type', 0, 'string', true],
      ['timestamp', 0, 'string', true],
      ['data', 0, 'object', true],
      ['data.order', 1, 'EscrowAppointment', true],
      ['data.message', 1, 'object', true],
      ['data.message.text', 2, 'string', true],
    ]);
    expect(events[0]!.rows.find((row) => row.name === 'type')!.enumValues).toEqual(['message.created']);
  });

  it('says once what every event shares, and per event only what is its own', () => {
    const webhooks = listWebhooks(document);
    expect(webhooks.description).toBe(COMMON);
    expect(webhooks.events.map((event) => event.note)).toEqual(['', 'Sent only when asked for.']);
    expect(webhooks.headers.map((row) => [row.name, row.location, row.required])).toEqual([
      ['webhook-id', 'header', true],
      ['webhook-timestamp', 'header', true],
    ]);
    expect(webhooks.headers[1]!.constraints).toEqual(['pattern ^[0-9]+$']);
    expect(webhooks.responses.map((response) => response.status)).toEqual(['2XX', '5XX']);
  });

  it('lists the schemas the bodies name once, with their own fields', () => {
    const { sharedSchemas } = listWebhooks(document);
    expect(sharedSchemas.map((schema) => [schema.name, schema.rows.map((row) => row.name)])).toEqual([
      ['EscrowAppointment', ['id', 'escrowOfficer', 'escrowOfficer.name']],
    ]);
  });

  it('is empty for a document without webhooks', () => {
    expect(listWebhooks({ ...document, webhooks: undefined as never })).toMatchObject({ events: [], headers: [], sharedSchemas: [] });
  });
});

describe('the retry schedule', () => {
  it('says when each attempt is sent, after the one before and after the event', () => {
    expect(
      retryRows([0, 5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]).map((row) => [row.attempt, row.after, row.sinceEvent]),
    ).toEqual([
      [1, 'at once', 'at once'],
      [2, '5 seconds', '5 seconds'],
      [3, '5 minutes', '5 minutes 5 seconds'],
      [4, '30 minutes', '35 minutes 5 seconds'],
      [5, '2 hours', '2 hours 35 minutes 5 seconds'],
      [6, '5 hours', '7 hours 35 minutes 5 seconds'],
      [7, '10 hours', '17 hours 35 minutes 5 seconds'],
      [8, '14 hours', '1 day 7 hours 35 minutes 5 seconds'],
      [9, '20 hours', '2 days 3 hours 35 minutes 5 seconds'],
      [10, '24 hours', '3 days 3 hours 35 minutes 5 seconds'],
    ]);
  });

  it('writes a duration in words', () => {
    expect(durationText(3661)).toBe('1 hour 1 minute 1 second');
    expect(durationText(0)).toBe('at once');
    expect(durationText(90_000, { days: false })).toBe('25 hours');
  });
});
