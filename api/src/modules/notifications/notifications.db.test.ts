import { createECDH, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryWorker } from '../../delivery/worker';
import { parseEnv } from '../../env';
import { notify } from '../../delivery/notify';
import { findActor } from '../../lib/actor';
import { createOrder, offerTo, post, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { MAX_DEVICES_PER_USER, savePushSubscription } from './notifications.service';
import { daytime } from '../../delivery/testing/clock';

const { pushSubscriptions, outboundMessages, appSettings } = schema;

const actorOf = async (t: TestApp, email: string) => (await findActor(t.database.db, { email }))!;

function device(host = 'fcm.googleapis.com') {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://${host}/fcm/send/${randomBytes(12).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describe('push subscriptions, the outbox and the job log', () => {
  let t: TestApp;
  let s: Sessions;

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
  });
  afterAll(() => t.close());

  /** A delivery worker with no SMTP and no SMS provider: emails and texts stay in the outbox. */
  const startWorkerWithoutProviders = () =>
    DeliveryWorker.start({
      env: parseEnv({ NODE_ENV: 'test', PUBLIC_ORIGIN: TEST_ORIGIN }),
      database: t.database,
      connectionString: t.database.url,
      storage: null,
      poll: false,
      log: () => undefined,
      now: daytime,
    });

  const save = (cookie: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
    t.request('/api/push/subscriptions', { method: 'POST', cookie, body: JSON.stringify(body), headers });
  const remove = (cookie: string | undefined, endpoint: string) =>
    t.request('/api/push/subscriptions', { method: 'DELETE', cookie, body: JSON.stringify({ endpoint }) });
  const subscriptionsOf = async (email: string) =>
    t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, await userIdOf(t, email)));

  it('gives every signed-in user the same VAPID public key, made once and kept in the database', async () => {
    const first = await readJson(await t.request('/api/push/vapid-public-key', { cookie: s.agent }));
    const second = await readJson(await t.request('/api/push/vapid-public-key', { cookie: s.pendingAgent }));
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(second).toEqual(first);
    const [stored] = await t.database.db.select().from(appSettings).where(eq(appSettings.key, 'vapid_keys'));
    expect((stored!.value as { publicKey: string }).publicKey).toBe(first.publicKey);
    expect((await t.request('/api/push/vapid-public-key')).status).toBe(401);
  });

  it('saves a device (201), refreshes it on the next app start (200), and hands it to whoever signs in on it', async () => {
    const phone = device();
    const created = await save(s.agent, { ...phone, userAgent: 'Pixel 8 / Chrome' });
    expect(created.status).toBe(201);
    const body = await readJson(created);
    expect(body).toMatchObject({
      message: 'Notifications are on for this device.',
      subscription: { endpoint: phone.endpoint, userAgent: 'Pixel 8 / Chrome' },
    });

    const rotated = { ...phone, keys: device().keys };
    const refreshed = await save(s.agent, rotated, { 'user-agent': 'Mozilla/5.0 (Linux; Android 14)' });
    expect(refreshed.status).toBe(200);
    const [row] = (await subscriptionsOf('agent@demo.test')).filter((r) => r.endpoint === phone.endpoint);
    expect(row).toMatchObject({ p256dh: rotated.keys.p256dh, auth: rotated.keys.auth, userAgent: 'Mozilla/5.0 (Linux; Android 14)' });
    expect(row!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(row!.createdAt.getTime());

    expect((await save(s.otherAgent, rotated)).status).toBe(200);
    expect((await subscriptionsOf('agent@demo.test')).some((r) => r.endpoint === phone.endpoint)).toBe(false);
  });

  it('refuses what a browser would never send, naming the field, and stores nothing', async () => {
    const before = await t.database.db.select().from(pushSubscriptions);
    const bad = [
      [{ ...device(), endpoint: 'http://fcm.googleapis.com/fcm/send/x' }, 'endpoint'],
      [{ ...device(), keys: { ...device().keys, p256dh: 'abc' } }, 'keys.p256dh'],
      [{ ...device(), keys: { ...device().keys, auth: randomBytes(8).toString('base64url') } }, 'keys.auth'],
      [{ ...device(), extra: true }, '(body)'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await save(s.agent, body);
      expect(res.status).toBe(400);
      const problem = await readJson(res);
      expect(problem.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await t.database.db.select().from(pushSubscriptions)).toHaveLength(before.length);
  });

  it('answers any malformed subscription with a 400 naming a field, never a 5xx, and stores nothing', async () => {
    const before = (await t.database.db.select().from(pushSubscriptions)).length;
    const valid = device();
    const junk = fc.oneof(fc.jsonValue(), fc.string({ maxLength: 3000 }), fc.constantFrom('', 'http://x', 'https://', 'AAAA', '\u0000'));
    const bodies = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          endpoint: fc.oneof(fc.constant(valid.endpoint), junk),
          keys: fc.oneof(fc.constant(valid.keys), junk, fc.record({ p256dh: junk, auth: junk })),
          userAgent: junk,
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        // The one well-formed combination the generator can make is not malformed.
        const b = body as { endpoint?: unknown; keys?: unknown; userAgent?: unknown } | null;
        const wellFormed =
          b?.endpoint === valid.endpoint && b?.keys === valid.keys && (b.userAgent === undefined || typeof b.userAgent === 'string');
        fc.pre(!wellFormed);
        const res = await save(s.agent, body);
        expect(res.status).toBe(400);
        const problem = await readJson(res);
        expect(problem.errors.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
    expect((await t.database.db.select().from(pushSubscriptions)).length).toBe(before);
  });

  it('accepts only browser push services in production', async () => {
    const actor = await actorOf(t, 'agent@demo.test');
    await expect(savePushSubscription(t.database.db, actor, device('push.example.net'), { anyPushHost: false })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ field: 'endpoint', message: 'must be the endpoint of a browser push service' }],
    });
    for (const host of ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', 'wns2-bn3p.notify.windows.com']) {
      const saved = await savePushSubscription(t.database.db, actor, device(host), { anyPushHost: false });
      expect(saved.created).toBe(true);
    }
  });

  it(`keeps the ${MAX_DEVICES_PER_USER} most recently seen devices of a user`, async () => {
    const endpoints: string[] = [];
    for (let i = 0; i < MAX_DEVICES_PER_USER + 3; i++) {
      const d = device();
      endpoints.push(d.endpoint);
      expect((await save(s.escrowB, d)).status).toBe(201);
    }
    const kept = (await subscriptionsOf('escrow@firm-b.demo.test')).map((r) => r.endpoint);
    expect(kept).toHaveLength(MAX_DEVICES_PER_USER);
    expect(kept).toContain(endpoints.at(-1));
  });

  it('removes only the caller’s own device; another user’s endpoint is a 404 and stays', async () => {
    const mine = device();
    const theirs = device();
    await save(s.escrowA, mine);
    await save(s.orgAdmin, theirs);
    const refused = await remove(s.escrowA, theirs.endpoint);
    expect(refused.status).toBe(404);
    expect((await subscriptionsOf('orgadmin@firm-a.demo.test')).some((r) => r.endpoint === theirs.endpoint)).toBe(true);
    const removed = await remove(s.escrowA, mine.endpoint);
    expect(removed.status).toBe(200);
    expect(await readJson(removed)).toEqual({ message: 'Notifications are off for this device.' });
    expect((await subscriptionsOf('escrow@firm-a.demo.test')).some((r) => r.endpoint === mine.endpoint)).toBe(false);
  });

  it('lists the caller’s own devices, newest first, and never another user’s', async () => {
    const older = device();
    const newer = device();
    const theirs = device();
    await save(s.subAdmin, older);
    await save(s.subAdmin, newer);
    await save(s.admin, theirs);
    const list = (cookie: string | undefined) => t.request('/api/push/subscriptions', { cookie });
    const res = await list(s.subAdmin);
    expect(res.status).toBe(200);
    const endpoints = ((await readJson(res)).items as { endpoint: string }[]).map((item) => item.endpoint);
    expect(endpoints.slice(0, 2)).toEqual([newer.endpoint, older.endpoint]);
    expect(endpoints).not.toContain(theirs.endpoint);
    // The device changes hands: it leaves the previous user's list.
    await save(s.admin, older);
    const after = ((await readJson(await list(s.subAdmin))).items as { endpoint: string }[]).map((item) => item.endpoint);
    expect(after).not.toContain(older.endpoint);
    expect((await list(undefined)).status).toBe(401);
  });

  it('without SMTP or an SMS provider holds emails and texts in the outbox the operators read', async () => {
    const worker = await startWorkerWithoutProviders();
    const agentId = await userIdOf(t, 'agent@demo.test');
    await t.database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, agentId));
    const id = await createOrder(t, s.escrowA, { name: 'Held Order', timeZone: 'PT' });
    await offerTo(t, id, [agentId]);
    const claim = await post(t, `/api/appointments/${id}/claim`, s.agent);
    expect((await post(t, `/api/appointments/${id}/bids/${claim.body.offer.id}/accept`, s.admin)).status).toBe(200);
    await t.database.db.insert(outboundMessages).values({
      channel: 'email',
      toAddress: 'visitor@example.com',
      subject: 'Re: Your message to SigningDesk',
      body: 'Thank you, we will call you.',
      state: 'queued',
    });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }

    const page = await readJson(await t.request('/api/outbox?channel=email&pageSize=100', { cookie: s.admin }));
    const accepted = page.items.find(
      (m: { toAddress: string; subject: string }) => m.toAddress === 'agent@demo.test' && m.subject === 'Your bid was accepted',
    );
    expect(accepted).toMatchObject({
      channel: 'email',
      state: 'held',
      recipient: { id: agentId, name: 'Jordan Taylor' },
      body: `Bid accepted: Los Angeles, CA 12/10/2030 2:30 PM PT, $150.00. ${TEST_ORIGIN}/notary/appointments/${id}`,
      sentAt: null,
      error: null,
    });
    expect(page.items.find((m: { toAddress: string }) => m.toAddress === 'visitor@example.com')).toMatchObject({
      state: 'held',
      jobId: null,
      recipient: null,
    });
    // Newest first.
    const times = page.items.map((m: { createdAt: string }) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const texts = await readJson(await t.request('/api/outbox?channel=sms&state=held', { cookie: s.subAdmin }));
    expect(
      texts.items.some(
        (m: { toAddress: string; body: string }) =>
          m.toAddress === '+16265550130' && m.body.startsWith('SigningDesk: You are assigned to Held Order'),
      ),
    ).toBe(true);
    expect(texts.items.every((m: { channel: string; state: string }) => m.channel === 'sms' && m.state === 'held')).toBe(true);
    expect((await t.request('/api/outbox', { cookie: s.agent })).status).toBe(403);
    expect((await t.request('/api/outbox?state=lost', { cookie: s.admin })).status).toBe(400);

    const jobs = await readJson(await t.request(`/api/notifications/jobs?appointmentId=${id}&state=sent`, { cookie: s.admin }));
    const job = jobs.items.find((j: { type: string }) => j.type === 'bid.accepted');
    expect(job).toMatchObject({
      recipient: { id: agentId, email: 'agent@demo.test', role: 'notary' },
      state: 'sent',
      attempts: 1,
      lastError: null,
    });
    expect(job.deliveries.map((d: { channel: string; state: string }) => `${d.channel}:${d.state}`).sort()).toEqual([
      'email:skipped',
      'push:skipped',
      'sms:skipped',
    ]);
    expect(job.deliveries.find((d: { channel: string }) => d.channel === 'email').detail).toMatch(
      /^held in the outbox \(message [0-9a-f-]{36}\): no SMTP server is configured$/,
    );
    expect(job.messages.map((m: { channel: string; state: string }) => `${m.channel}:${m.state}`).sort()).toEqual([
      'email:held',
      'sms:held',
    ]);
    expect(jobs.total).toBeGreaterThanOrEqual(1);
  });

  it('shows an invitation’s set-password token to admins only', async () => {
    const worker = await startWorkerWithoutProviders();
    const invitedId = await userIdOf(t, 'escrow@firm-b.demo.test');
    // A new account has no device yet (this one's came from the test above, at an unreachable FCM).
    await t.database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, invitedId));
    const token = 'Jq3b2xY1oWm8ZrT5uVnC0aKd7sLpE4gH';
    await t.database.db.transaction((tx) =>
      notify(tx, {
        type: 'user.invited',
        recipientIds: [invitedId],
        payload: { event: 'invited', link: `${TEST_ORIGIN}/reset-password?token=${token}`, expiresAt: '2026-12-01T10:00:00.000Z' },
      }),
    );
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
    const invitation = (page: { items: { toAddress: string; subject: string | null; body: string }[] }) =>
      page.items.find((m) => m.toAddress === 'escrow@firm-b.demo.test' && m.subject === 'Your SigningDesk account')!;
    const forAdmin = invitation(await readJson(await t.request('/api/outbox?channel=email&pageSize=100', { cookie: s.admin })));
    expect(forAdmin.body).toContain(`Set your password: ${TEST_ORIGIN}/reset-password?token=${token}`);
    const forSubAdmin = invitation(await readJson(await t.request('/api/outbox?channel=email&pageSize=100', { cookie: s.subAdmin })));
    expect(forSubAdmin.body).toContain(`Set your password: ${TEST_ORIGIN}/reset-password?token=[hidden]`);
    expect(forSubAdmin.body).not.toContain(token);
    const jobs = await readJson(await t.request('/api/notifications/jobs?type=user.invited', { cookie: s.admin }));
    expect(jobs.items[0].payload.link).toBe(`${TEST_ORIGIN}/reset-password?token=[hidden]`);
  });
});
