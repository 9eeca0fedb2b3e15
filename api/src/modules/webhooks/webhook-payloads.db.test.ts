/**
 * The webhook bodies the OpenAPI document promises are the bodies recorded: real changes of an
 * order (created, edited, a message posted) and a test event, each parsed with its documented
 * schema. Parsing drops any field the schema does not list, so an undocumented field, a missing
 * one or a wrong type all fail here.
 */
import { schema } from '@signingdesk/db';
import { WEBHOOK_EVENT_TYPES } from '@signingdesk/domain/webhooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, post, signInAll, type Sessions } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { WEBHOOK_EVENT_SCHEMAS, type WebhookEventName } from './webhook-payloads';

describe('webhook payloads', () => {
  let t: TestApp;
  let s: Sessions;

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
  });
  afterAll(() => t.close());

  it('records each event with exactly the fields its documented schema lists', async () => {
    const created = await post(t, '/api/webhooks/endpoints', s.orgAdmin, {
      url: 'http://127.0.0.1:9/signingdesk',
      eventTypes: [...WEBHOOK_EVENT_TYPES],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const endpointId = created.body.endpoint.id as string;

    const orderId = await createOrder(t, s.escrowA, { fileNumber: 'WH-DOC-1' });
    const edited = await t.request(`/api/appointments/${orderId}`, {
      method: 'PATCH',
      cookie: s.escrowA,
      body: JSON.stringify({ comments: 'Gate code 4411.' }),
    });
    expect(edited.status).toBe(200);
    const note = await post(t, `/api/appointments/${orderId}/notes`, s.escrowA, { message: 'The signer prefers the afternoon.' });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect((await post(t, `/api/webhooks/endpoints/${endpointId}/test`, s.orgAdmin)).status).toBe(202);

    const events = await t.database.db
      .select({ type: schema.webhookEvents.type, payload: schema.webhookEvents.payload })
      .from(schema.webhookEvents)
      .where(eq(schema.webhookEvents.firmId, created.body.endpoint.firm.id));
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['order.created', 'order.updated', 'message.created', 'webhook.test']),
    );
    for (const { type, payload } of events) {
      const parsed = WEBHOOK_EVENT_SCHEMAS[type as WebhookEventName].safeParse(payload);
      expect(parsed.error?.issues ?? [], type).toEqual([]);
      expect(parsed.data, type).toEqual(payload);
    }
    const message = events.find((event) => event.type === 'message.created')!.payload as { data: Record<string, any> };
    expect(message.data.order).toMatchObject({ id: orderId, fileNumber: 'WH-DOC-1', comments: 'Gate code 4411.' });
    expect(message.data.message).toMatchObject({ text: 'The signer prefers the afternoon.', side: 'escrow' });
  });
});
