/**
 * Disabling a firm (issue 34, decision 071): its users are signed out at once and cannot sign in
 * or ask for a reset link, its API keys are refused, its webhooks stop and its users are told
 * nothing; enabling it brings all of that back. Only admins may, and only for title firms.
 */
import { schema } from '@signingdesk/db';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, post, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { FIRM_DISABLED_MESSAGE } from '../../auth/auth';
import { DEMO_PASSWORD } from '@signingdesk/db/seed';
import { startDrainedWorker } from '../../testing/drained-worker';

const { auditLog, firms, notificationDeliveries, notificationJobs, profiles, session, user, webhookEvents } = schema;

describe('disabling a firm', () => {
  let t: TestApp;
  let s: Sessions;
  let firmA: string;
  let independent: string;
  let escrowAId: string;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    const rows = await t.database.db.select({ id: firms.id, orgNumber: firms.orgNumber }).from(firms);
    firmA = rows.find((row) => row.orgNumber === 1)!.id;
    independent = rows.find((row) => row.orgNumber === 0)!.id;
    escrowAId = await userIdOf(t, 'escrow@firm-a.demo.test');
  });
  afterAll(() => t.close());

  const withKey = (token: string, path: string) => t.request(path, { headers: { authorization: `Bearer ${token}` } });
  const signIn = (email: string) =>
    t.request('/api/auth/sign-in/email', { method: 'POST', body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  const sessionsOfFirm = async (firmId: string) => {
    const members = t.database.db.select({ id: profiles.userId }).from(profiles).where(eq(profiles.firmId, firmId));
    const [row] = await t.database.db.select({ n: count() }).from(session).where(inArray(session.userId, members));
    return Number(row!.n);
  };
  const jobsOf = (email: string, type: string) =>
    t.database.db
      .select({ id: notificationJobs.id })
      .from(notificationJobs)
      .innerJoin(user, eq(user.id, notificationJobs.recipientId))
      .where(and(eq(user.email, email), eq(notificationJobs.type, type)));
  const eventsOf = async (appointmentId: string) =>
    Number((await t.database.db.select({ n: count() }).from(webhookEvents).where(eq(webhookEvents.appointmentId, appointmentId)))[0]!.n);

  it('signs the firm out, refuses its sign-ins, keys and resets, sends it nothing, and brings it all back when enabled', async () => {
    const key = await post(t, '/api/api-keys', s.orgAdmin, { name: 'Qualia production', scopes: ['orders:read'] });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const token = key.body.token as string;
    const endpoint = await post(t, '/api/webhooks/endpoints', s.orgAdmin, {
      url: 'http://localhost:9/hooks',
      eventTypes: ['order.created', 'order.canceled'],
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const order = await createOrder(t, s.escrowA);
    expect(await eventsOf(order)).toBe(1);
    expect((await withKey(token, '/api/escrow/appointments')).status).toBe(200);

    // Only an admin may, and only a title firm.
    expect((await post(t, `/api/firms/${firmA}/disable`, s.subAdmin, {})).status).toBe(403);
    expect((await post(t, `/api/firms/${firmA}/disable`, s.orgAdmin, {})).status).toBe(403);
    const notTitle = await post(t, `/api/firms/${independent}/disable`, s.admin, {});
    expect(notTitle.status).toBe(409);
    expect(notTitle.body.detail).toBe('Independent notary is not a title firm: only title firms can be disabled.');
    expect((await post(t, `/api/firms/00000000-0000-4000-8000-000000000000/disable`, s.admin, {})).status).toBe(404);
    expect(await sessionsOfFirm(firmA)).toBeGreaterThan(0);

    const disabled = await post(t, `/api/firms/${firmA}/disable`, s.admin, {});
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.message).toMatch(
      /^Firm A Title & Escrow is disabled: its \d+ users are signed out everywhere and cannot sign in, and its 1 API key and webhooks stop until the firm is enabled again\. Its orders stay for operators to finish or cancel\.$/,
    );
    expect(disabled.body.firm.disabledAt).not.toBeNull();
    expect(await sessionsOfFirm(firmA)).toBe(0);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, firmA), eq(auditLog.action, 'firm.disabled')));
    expect(entry?.details).toMatchObject({ apiKeys: 1 });

    // Its people and its key are out; another firm's are not.
    expect((await t.request('/api/me', { cookie: s.escrowA })).status).toBe(401);
    expect((await t.request('/api/me', { cookie: s.orgAdmin })).status).toBe(401);
    expect((await t.request('/api/me', { cookie: s.escrowB })).status).toBe(200);
    expect((await withKey(token, '/api/escrow/appointments')).status).toBe(401);
    const refused = await signIn('escrow@firm-a.demo.test');
    expect(refused.status).toBe(403);
    expect(await readJson(refused)).toMatchObject({ code: 'FIRM_DISABLED', message: FIRM_DISABLED_MESSAGE });
    const reset = await t.request('/api/password-resets', { method: 'POST', body: JSON.stringify({ email: 'escrow@firm-a.demo.test' }) });
    expect(reset.status).toBe(202);
    expect(await jobsOf('escrow@firm-a.demo.test', 'user.password_reset')).toEqual([]);

    // No reset link; its orders stay for operators, and a change of one is announced to nobody.
    const canceled = await post(t, `/api/appointments/${order}/status`, s.admin, { status: 'Canceled' });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await eventsOf(order)).toBe(1);
    const worker = await startDrainedWorker(t);
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
    const told = await t.database.db
      .select({ state: notificationDeliveries.state, detail: notificationDeliveries.detail })
      .from(notificationDeliveries)
      .innerJoin(notificationJobs, eq(notificationJobs.id, notificationDeliveries.jobId))
      .where(and(eq(notificationJobs.appointmentId, order), eq(notificationJobs.recipientId, escrowAId)));
    expect(told.length).toBeGreaterThan(0);
    expect(
      told.every((row) => row.state === 'skipped' && row.detail === 'the firm is disabled'),
      JSON.stringify(told),
    ).toBe(true);

    const keys = await readJson(await t.request(`/api/api-keys?firmId=${firmA}`, { cookie: s.admin }));
    expect(keys.items[0]).toMatchObject({
      status: 'stopped',
      statusText: 'Stopped: the firm is disabled. The key works again when the firm is enabled.',
    });

    // Twice changes nothing.
    const again = await post(t, `/api/firms/${firmA}/disable`, s.admin, {});
    expect(again.body.message).toBe('Firm A Title & Escrow is already disabled.');

    const enabled = await post(t, `/api/firms/${firmA}/enable`, s.admin, {});
    expect(enabled.status).toBe(200);
    expect(enabled.body.message).toMatch(
      /^Firm A Title & Escrow is enabled: its \d+ users can sign in again, and its 1 API key and webhooks work again\.$/,
    );
    expect(enabled.body.firm.disabledAt).toBeNull();
    expect((await withKey(token, '/api/escrow/appointments')).status).toBe(200);
    expect((await signIn('escrow@firm-a.demo.test')).status).toBe(200);
    const listed = await readJson(await t.request('/api/firms?q=Firm%20A', { cookie: s.admin }));
    expect(listed.items[0]).toMatchObject({ id: firmA, disabledAt: null });
  });
});
