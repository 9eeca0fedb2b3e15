/**
 * Firm webhooks (issue 34): an event recorded with the change that causes it, delivered to the
 * firm's endpoint signed per Standard Webhooks (verified here with the `standardwebhooks`
 * package), retried on a failure by the schedule with the same webhook-id, resent on request,
 * and never sent to another firm's endpoint; endpoint URLs on private networks are refused.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { schema } from '@signingdesk/db';
import { WEBHOOK_RETRY_SCHEDULE_SECONDS, WEBHOOK_URL_MESSAGES } from '@signingdesk/domain/webhook-url';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryWorker } from '../../delivery/worker';
import { startDrainedWorker } from '../../testing/drained-worker';
import { createOrder, post, scheduledForAgent, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { pdfBytes, uploadFile } from '../files/files.testing';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { deliverWebhookAttempt } from './webhook-delivery';

const { notificationJobs, profiles, webhookAttempts, webhookDeliveries, webhookEndpoints } = schema;

interface WebhookBody {
  id: string;
  type: string;
  data: Record<string, Record<string, unknown>>;
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

describe('firm webhooks', () => {
  let t: TestApp;
  let s: Sessions;
  let worker: DeliveryWorker;
  let receiver: Server;
  let url: string;
  let received: Received[] = [];
  let answer = 200;

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    worker = await startDrainedWorker(t);
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 200 ? 'ok' : 'Receiver is down for maintenance');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/signingdesk`;
  });
  afterAll(async () => {
    await worker.stop();
    await new Promise((resolve) => receiver.close(resolve));
    await t.close();
  });
  beforeEach(() => {
    received = [];
    answer = 200;
  });
  afterEach(() => t.database.db.delete(webhookEndpoints));

  async function endpoint(eventTypes: string[]) {
    const created = await post(t, '/api/webhooks/endpoints', s.orgAdmin, { url, eventTypes, description: 'Qualia' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.endpoint as { id: string; secret: string; url: string };
  }

  it('delivers order.created signed per Standard Webhooks, with the order as the firm sees it, and never to another firm', async () => {
    const mine = await endpoint(['order.created']);
    // Firm B's endpoint, for the same event, at the same receiver.
    const escrowB = await userIdOf(t, 'escrow@firm-b.demo.test');
    const [profileB] = await t.database.db.select().from(profiles).where(eq(profiles.userId, escrowB));
    await t.database.db
      .insert(webhookEndpoints)
      .values({ firmId: profileB!.firmId, url: `${url}?firm=b`, eventTypes: ['order.created'], secret: mine.secret, createdBy: escrowB });

    const orderId = await createOrder(t, s.escrowA, { fileNumber: 'WH-1' });
    await worker.drain();
    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery!.headers['webhook-id']).toMatch(/^msg_[a-z2-7]{26}$/);
    const event = new Webhook(mine.secret).verify(delivery!.body, delivery!.headers as Record<string, string>) as {
      type: string;
      id: string;
      data: { order: { id: string; fileNumber: string; view: string } };
    };
    expect(event).toMatchObject({ type: 'order.created', id: delivery!.headers['webhook-id'] });
    expect(event.data.order).toMatchObject({ id: orderId, fileNumber: 'WH-1', view: 'escrow' });
    // A tampered body fails verification.
    expect(() =>
      new Webhook(mine.secret).verify(delivery!.body.replace('WH-1', 'WH-2'), delivery!.headers as Record<string, string>),
    ).toThrow();

    // Firm B's order reaches only firm B's endpoint.
    await createOrder(t, s.escrowB, { fileNumber: 'WH-B' });
    await worker.drain();
    expect(received.map((r) => r.headers['webhook-id'])).toHaveLength(2);
    expect(received.filter((r) => r.body.includes('WH-B'))).toHaveLength(1);
    const log = await readJson(await t.request(`/api/webhooks/deliveries?endpointId=${mine.id}`, { cookie: s.orgAdmin }));
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ eventType: 'order.created', state: 'succeeded', attempts: 1, lastStatus: 200 });
    expect(log.items[0].log[0]).toMatchObject({ ok: true, status: 200, excerpt: 'ok' });
  });

  it('tells of the assignment, the agent’s download of a document and a message, each once, and nothing the endpoint did not ask for', async () => {
    const mine = await endpoint(['order.agent_assigned', 'order.documents_downloaded', 'message.created']);
    const { id } = await scheduledForAgent(t, s);
    const { fileId } = await uploadFile(t, s.escrowA, id, pdfBytes());
    // The escrow officer's own download is not the agent's.
    const byEscrow = await post(t, `/api/appointments/${id}/files/${fileId}/download`, s.escrowA);
    await (await t.request(byEscrow.body.url, { cookie: s.escrowA })).arrayBuffer();
    const link = await post(t, `/api/appointments/${id}/files/${fileId}/download`, s.agent);
    await (await t.request(link.body.url, { cookie: s.agent })).arrayBuffer();
    await post(t, `/api/appointments/${id}/notes`, s.escrowA, { message: 'The gate code is 4521.' });
    await worker.drain();
    const events = received.map((r) => new Webhook(mine.secret).verify(r.body, r.headers as Record<string, string>) as WebhookBody);
    expect(events.map((e) => e.type).sort()).toEqual(['message.created', 'order.agent_assigned', 'order.documents_downloaded']);
    expect(events.find((e) => e.type === 'order.agent_assigned')!.data.order).toMatchObject({
      id,
      assignedAgent: { name: expect.any(String) },
    });
    expect(events.find((e) => e.type === 'order.documents_downloaded')!.data.file).toEqual({ id: fileId, fileName: 'Loan Package.pdf' });
    expect(events.find((e) => e.type === 'message.created')!.data.message).toMatchObject({
      text: 'The gate code is 4521.',
      side: 'escrow',
    });
  });

  it('retries a 500 by the schedule with the same webhook-id, and a person can resend it', async () => {
    const mine = await endpoint(['order.created']);
    answer = 500;
    await createOrder(t, s.escrowA, { fileNumber: 'WH-500' });
    await worker.drain();
    expect(received).toHaveLength(1);
    const [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, mine.id));
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 500 });
    const waited = (row!.nextAttemptAt!.getTime() - row!.lastAttemptAt!.getTime()) / 1000;
    expect(waited).toBe(WEBHOOK_RETRY_SCHEDULE_SECONDS[1]);
    const [attempt] = await t.database.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, row!.id));
    expect(attempt).toMatchObject({ ok: false, status: 500, excerpt: 'Receiver is down for maintenance' });

    // The second attempt, when it is due: through, with the same webhook-id.
    answer = 200;
    await deliverWebhookAttempt(t.database.db, row!.nextJobId!, { allowLocalhostHttp: true });
    // Run again (a process that died after sending): the row no longer names the job, nothing is sent.
    await deliverWebhookAttempt(t.database.db, row!.nextJobId!, { allowLocalhostHttp: true });
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    const [done] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row!.id));
    expect(done).toMatchObject({ state: 'succeeded', attempts: 2, lastStatus: 200, nextJobId: null });

    // Resend from the log: once more, the same id, marked resent.
    const resent = await post(t, `/api/webhooks/deliveries/${row!.id}/resend`, s.orgAdmin);
    expect(resent.status).toBe(202);
    await worker.drain();
    expect(received).toHaveLength(3);
    expect(received[2]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    const log = await readJson(await t.request(`/api/webhooks/deliveries?endpointId=${mine.id}`, { cookie: s.orgAdmin }));
    expect(log.items[0].log.map((a: { attempt: number; resent: boolean }) => [a.attempt, a.resent])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
  });

  it('records a receiver that does not answer as timed out, to be tried again', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const created = await post(t, '/api/webhooks/endpoints', s.orgAdmin, {
        url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`,
        eventTypes: ['order.created'],
      });
      await createOrder(t, s.escrowA, { fileNumber: 'WH-SLOW' });
      const [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.body.endpoint.id));
      await deliverWebhookAttempt(t.database.db, row!.nextJobId!, { allowLocalhostHttp: true, timeoutMs: 300 });
      const [after] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row!.id));
      expect(after).toMatchObject({ state: 'pending', attempts: 1, lastStatus: null });
      expect(after!.lastError).toMatch(/^Timed out after/);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('turns off an endpoint failing for 3 days, fails its waiting deliveries and emails the org admins', async () => {
    const mine = await endpoint(['order.created']);
    answer = 500;
    await createOrder(t, s.escrowA, { fileNumber: 'WH-DOWN-1' });
    await createOrder(t, s.escrowA, { fileNumber: 'WH-DOWN-2' });
    const failingSince = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000 + 60_000);
    await t.database.db.update(webhookEndpoints).set({ failingSince }).where(eq(webhookEndpoints.id, mine.id));
    const [first, second] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, mine.id));
    // A minute short of 3 days: still on.
    await deliverWebhookAttempt(t.database.db, first!.nextJobId!, { allowLocalhostHttp: true });
    expect((await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, mine.id)))[0]).toMatchObject({
      enabled: true,
    });
    // Past 3 days: the next failure turns it off.
    await deliverWebhookAttempt(t.database.db, second!.nextJobId!, {
      allowLocalhostHttp: true,
      now: () => new Date(failingSince.getTime() + 3 * 24 * 60 * 60 * 1000 + 1000),
    });
    const [off] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, mine.id));
    expect(off).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const waiting = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, mine.id));
    expect(waiting.map((d) => d.state)).toEqual(['failed', 'failed']);
    const told = await t.database.db.select().from(notificationJobs).where(eq(notificationJobs.type, 'webhook.endpoint_disabled'));
    expect(told.map((j) => j.recipientId)).toEqual([await userIdOf(t, 'orgadmin@firm-a.demo.test')]);
    expect(told[0]!.payload).toMatchObject({ url: mine.url });
    const listed = await readJson(await t.request('/api/webhooks/endpoints', { cookie: s.orgAdmin }));
    expect(listed.items[0]).toMatchObject({ enabled: false, statusText: 'Turned off: every delivery failed for 3 days' });
    // Turned on again: it starts afresh.
    const on = await t.request(`/api/webhooks/endpoints/${mine.id}`, {
      method: 'PATCH',
      cookie: s.orgAdmin,
      body: JSON.stringify({ enabled: true }),
    });
    expect(on.status).toBe(200);
    expect((await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, mine.id)))[0]).toMatchObject({
      enabled: true,
      failingSince: null,
      disabledReason: null,
    });
  });

  it('refuses endpoint URLs on private networks and plain HTTP, naming the field', async () => {
    for (const [bad, message] of [
      ['https://10.0.0.8/hooks', WEBHOOK_URL_MESSAGES.privateAddress],
      ['https://169.254.169.254/latest/meta-data', WEBHOOK_URL_MESSAGES.privateAddress],
      ['https://[::ffff:192.168.1.1]/', WEBHOOK_URL_MESSAGES.privateAddress],
      ['http://hooks.example.com/', WEBHOOK_URL_MESSAGES.notHttpsDevelopment],
    ] as const) {
      const res = await post(t, '/api/webhooks/endpoints', s.orgAdmin, { url: bad, eventTypes: ['order.created'] });
      expect(res.status, bad).toBe(400);
      expect(res.body.errors, bad).toEqual([{ field: 'url', message }]);
    }
    expect(await t.database.db.$count(webhookEndpoints)).toBe(0);
    // Another firm's officer and an agent cannot reach the firm's endpoints.
    expect((await post(t, '/api/webhooks/endpoints', s.escrowA, { url, eventTypes: ['order.created'] })).status).toBe(403);
    expect((await t.request('/api/webhooks/endpoints', { cookie: s.agent })).status).toBe(403);
  });
});
