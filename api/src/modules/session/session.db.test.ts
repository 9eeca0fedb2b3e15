import { schema } from '@signingdesk/db';
import { DEMO_ACCOUNTS } from '@signingdesk/db/seed';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';

describe('sign-in and the signed-in user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const expected: Record<string, { role: string; status: string; firm: string; portal: string }> = {
    'admin@demo.test': { role: 'admin', status: 'active', firm: 'SigningDesk Operations West', portal: '/admin' },
    'subadmin@demo.test': { role: 'sub_admin', status: 'active', firm: 'SigningDesk Operations West', portal: '/admin' },
    'orgadmin@firm-a.demo.test': { role: 'creator_admin', status: 'active', firm: 'Firm A Title & Escrow', portal: '/originator' },
    'escrow@firm-a.demo.test': { role: 'creator', status: 'active', firm: 'Firm A Title & Escrow', portal: '/originator' },
    'escrow@firm-b.demo.test': { role: 'creator', status: 'active', firm: 'Firm B Escrow Services', portal: '/originator' },
    'agent@demo.test': { role: 'notary', status: 'active', firm: 'Independent notary', portal: '/notary/' },
    'pending-agent@demo.test': { role: 'notary', status: 'pending', firm: 'Independent notary', portal: '/notary/' },
  };

  it.each(DEMO_ACCOUNTS.map((a) => a.email))('%s signs in and /api/me tells its role, firm and portal', async (email) => {
    const cookie = await t.signIn(email);
    const res = await t.request('/api/me', { cookie });
    expect(res.status).toBe(200);
    const me = await readJson(res);
    expect({ role: me.role, status: me.status, firm: me.firm.name, portal: me.portal }).toEqual(expected[email]);
    expect(me.email).toBe(email);
  });

  it('answers 401 problem+json to a visitor', async () => {
    const res = await t.request('/api/me');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect((await readJson(res)).code).toBe('UNAUTHENTICATED');
  });

  it('refuses a wrong password and creates no session', async () => {
    const sessionsBefore = await t.database.db.select({ n: count() }).from(schema.session);
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: JSON.stringify({ email: 'admin@demo.test', password: 'not-the-password' }),
    });
    expect(res.status).toBe(401);
    const sessionsAfter = await t.database.db.select({ n: count() }).from(schema.session);
    expect(sessionsAfter[0]!.n).toBe(sessionsBefore[0]!.n);
  });

  it('ends the session on sign-out', async () => {
    const cookie = await t.signIn('escrow@firm-b.demo.test');
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
    const out = await t.request('/api/auth/sign-out', { method: 'POST', cookie, body: '{}' });
    expect(out.status).toBe(200);
    expect((await t.request('/api/me', { cookie })).status).toBe(401);
  });

  it('limits sign-in attempts per client address with 429', async () => {
    const attempt = (clientIp: string) =>
      t.request('/api/auth/sign-in/email', {
        method: 'POST',
        clientIp,
        body: JSON.stringify({ email: 'admin@demo.test', password: 'wrong-password-guess' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await attempt('203.0.113.7')).status);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    expect((await attempt('203.0.113.8')).status).toBe(401);
  });

  it('does not let visitors sign themselves up through better-auth', async () => {
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      body: JSON.stringify({ email: 'intruder@example.com', password: 'long-enough-password', name: 'Intruder' }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const users = await t.database.db.select().from(schema.user).where(eq(schema.user.email, 'intruder@example.com'));
    expect(users).toHaveLength(0);
  });

  it('keeps a disabled user out and ends the sessions it had', async () => {
    const email = 'subadmin@demo.test';
    const cookie = await t.signIn(email);
    const [user] = await t.database.db.select().from(schema.user).where(eq(schema.user.email, email));
    await t.database.db.update(schema.profiles).set({ status: 'disabled' }).where(eq(schema.profiles.userId, user!.id));

    expect((await t.request('/api/me', { cookie })).status).toBe(401);
    const sessions = await t.database.db.select().from(schema.session).where(eq(schema.session.userId, user!.id));
    expect(sessions).toHaveLength(0);

    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'signing-demo-2026' }),
    });
    expect(res.status).toBe(403);
    const body = await readJson(res);
    expect(body.code).toBe('ACCOUNT_DISABLED');
    expect(body.message).toBe('This account is disabled.');
  });

  it('signs out of all other devices: their sessions end at once, this one stays', async () => {
    const laptop = await t.signIn('escrow@firm-b.demo.test');
    // Sessions of earlier tests end first.
    expect((await t.request('/api/me/sign-out-other-devices', { method: 'POST', cookie: laptop, body: '{}' })).status).toBe(200);
    const phone = await t.signIn('escrow@firm-b.demo.test');
    const tablet = await t.signIn('escrow@firm-b.demo.test');
    const res = await t.request('/api/me/sign-out-other-devices', { method: 'POST', cookie: laptop, body: '{}' });
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ message: 'Signed out of 2 other devices. This one stays signed in.', sessionsEnded: 2 });
    expect((await t.request('/api/me', { cookie: phone })).status).toBe(401);
    expect((await t.request('/api/me', { cookie: tablet })).status).toBe(401);
    expect((await t.request('/api/me', { cookie: laptop })).status).toBe(200);
    const again = await t.request('/api/me/sign-out-other-devices', { method: 'POST', cookie: laptop, body: '{}' });
    expect((await readJson(again)).message).toBe('No other device was signed in. This one stays signed in.');
  });

  describe('session lifetimes', () => {
    const HOUR = 3_600_000;
    const tokenOf = (cookie: string) => decodeURIComponent(/signingdesk\.session_token=([^;.]+)/.exec(cookie)![1]!);
    const age = (cookie: string, values: { createdAt?: Date; updatedAt?: Date }) =>
      t.database.db
        .update(schema.session)
        .set(values)
        .where(eq(schema.session.token, tokenOf(cookie)));
    const sessionRow = async (cookie: string) =>
      (
        await t.database.db
          .select()
          .from(schema.session)
          .where(eq(schema.session.token, tokenOf(cookie)))
      )[0];

    it('ends any session 30 days after its sign-in, however often it was used', async () => {
      // (Two sessions: a resolved caller is reused by the process for a few seconds.)
      const young = await t.signIn('escrow@firm-a.demo.test');
      await age(young, { createdAt: new Date(Date.now() - 29 * 24 * HOUR) });
      expect((await t.request('/api/me', { cookie: young })).status).toBe(200);
      const cookie = await t.signIn('escrow@firm-a.demo.test');
      await age(cookie, { createdAt: new Date(Date.now() - 30 * 24 * HOUR - 60_000) });
      expect((await t.request('/api/me', { cookie })).status).toBe(401);
      expect(await sessionRow(cookie)).toBeUndefined();
    });

    it('ends an operator’s session after 12 idle hours; an escrow officer’s stays, and use marks the session active', async () => {
      const active = await t.signIn('admin@demo.test');
      await age(active, { updatedAt: new Date(Date.now() - 11 * HOUR) });
      expect((await t.request('/api/me', { cookie: active })).status).toBe(200);
      // That request marked it active again.
      expect(Date.now() - (await sessionRow(active))!.updatedAt.getTime()).toBeLessThan(60_000);

      const operator = await t.signIn('admin@demo.test');
      const officer = await t.signIn('escrow@firm-b.demo.test');
      await age(operator, { updatedAt: new Date(Date.now() - 12 * HOUR - 60_000) });
      await age(officer, { updatedAt: new Date(Date.now() - 12 * HOUR - 60_000) });
      expect((await t.request('/api/me', { cookie: operator })).status).toBe(401);
      expect((await t.request('/api/me', { cookie: officer })).status).toBe(200);
    });
  });
});
