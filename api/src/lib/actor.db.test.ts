/**
 * The session lookup (lib/actor.ts, decision 032): what it accepts, what it refuses within the
 * session cache's max-age (in practice as soon as the database announces the change), and that
 * better-auth still renews and removes sessions as before.
 */
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readJson, type TestApp } from '../testing/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
/** SESSION_CACHE_SECONDS's default: the longest a change may take to reach a process that missed its announcement. */
const MAX_AGE_MS = 5_000;

describe('resolving the caller from the session cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const tokenOf = (cookie: string) => decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
  const sessionRow = async (cookie: string) =>
    (
      await t.database.db
        .select()
        .from(schema.session)
        .where(eq(schema.session.token, tokenOf(cookie)))
    )[0];

  it('refuses a cookie whose signature does not match, though the token is a live session', async () => {
    const cookie = await t.signIn('escrow@firm-a.demo.test');
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
    const [name, value] = cookie.split('=') as [string, string];
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    const forged = `${name}=${encodeURIComponent(`${token}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`)}`;
    expect((await t.request('/api/me', { cookie: forged })).status).toBe(401);
    expect((await t.request('/api/me', { cookie: `${name}=${token}` })).status).toBe(401);
    expect(await sessionRow(cookie)).toBeDefined();
  });

  const meStatus = (cookie: string) => async () => (await t.request('/api/me', { cookie })).status;

  it('refuses a session revoked in the database within the max-age', async () => {
    const cookie = await t.signIn('escrow@firm-b.demo.test');
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
    const revoked = Date.now();
    await t.database.db.delete(schema.session).where(eq(schema.session.token, tokenOf(cookie)));
    await expect.poll(meStatus(cookie), { timeout: MAX_AGE_MS }).toBe(401);
    expect(Date.now() - revoked).toBeLessThan(MAX_AGE_MS);
    const res = await t.request('/api/me', { cookie });
    expect((await readJson(res)).code).toBe('UNAUTHENTICATED');
  });

  it('refuses a signed-out session on the very next request', async () => {
    const cookie = await t.signIn('escrow@firm-a.demo.test');
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
    expect((await t.request('/api/auth/sign-out', { method: 'POST', cookie, body: '{}' })).status).toBe(200);
    expect((await t.request('/api/me', { cookie })).status).toBe(401);
  });

  it('refuses an account disabled after sign-in within the max-age and ends its sessions', async () => {
    const cookie = await t.signIn('orgadmin@firm-a.demo.test');
    const row = await sessionRow(cookie);
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
    await t.database.db.update(schema.profiles).set({ status: 'disabled' }).where(eq(schema.profiles.userId, row!.userId));
    try {
      await expect.poll(meStatus(cookie), { timeout: MAX_AGE_MS }).toBe(401);
      expect(await t.database.db.select().from(schema.session).where(eq(schema.session.userId, row!.userId))).toEqual([]);
    } finally {
      await t.database.db.update(schema.profiles).set({ status: 'active' }).where(eq(schema.profiles.userId, row!.userId));
    }
  });

  it('lets better-auth renew a session older than a day, and remove an expired one', async () => {
    const cookie = await t.signIn('subadmin@demo.test');
    const token = tokenOf(cookie);
    // Signed in two days ago: five days left of the seven, past the one-day renewal age.
    const fiveDaysLeft = new Date(Date.now() + 5 * DAY_MS);
    await t.database.db.update(schema.session).set({ expiresAt: fiveDaysLeft }).where(eq(schema.session.token, token));
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
    const renewed = await sessionRow(cookie);
    expect(renewed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY_MS);

    await t.database.db
      .update(schema.session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.session.token, token));
    await expect.poll(meStatus(cookie), { timeout: MAX_AGE_MS }).toBe(401);
    expect(await sessionRow(cookie)).toBeUndefined();
  });
});
