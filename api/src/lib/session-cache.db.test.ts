/**
 * The session cache (decision 032) over a real database: entries are dropped when the account
 * changes, whoever changes it, and never outlive their max-age.
 */
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { findActor, type Actor } from './actor';
import { SessionCache } from './session-cache';

describe('the session cache', () => {
  let t: TestApp;
  let escrow: Actor;
  let agent: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    escrow = (await findActor(t.database.db, { email: 'escrow@firm-b.demo.test' }))!;
    agent = (await findActor(t.database.db, { email: 'agent@demo.test' }))!;
  });
  afterAll(() => t.close());

  /** A cache of this database that is listening for account changes. */
  async function listeningCache(maxAgeMs: number): Promise<SessionCache> {
    const cache = new SessionCache(t.database, maxAgeMs);
    await expect.poll(() => (cache.set('probe', escrow, cache.mark()), cache.get('probe'))).toEqual(escrow);
    cache.forgetSession('probe');
    return cache;
  }

  it('forgets an account as soon as its session row is deleted, its profile disabled or its role changed', async () => {
    const cache = await listeningCache(60_000);
    await t.signIn(escrow.email);
    cache.set('escrow-token', escrow, cache.mark());
    cache.set('agent-token', agent, cache.mark());

    await t.database.db.delete(schema.session).where(eq(schema.session.userId, escrow.userId));
    await expect.poll(() => cache.get('escrow-token')).toBeNull();
    expect(cache.get('agent-token')).toEqual(agent);

    await t.database.db.update(schema.profiles).set({ status: 'disabled' }).where(eq(schema.profiles.userId, agent.userId));
    await expect.poll(() => cache.get('agent-token')).toBeNull();
    await t.database.db.update(schema.profiles).set({ status: 'active' }).where(eq(schema.profiles.userId, agent.userId));

    cache.set('agent-token', agent, cache.mark());
    await t.database.db.update(schema.user).set({ role: 'sub_admin' }).where(eq(schema.user.id, agent.userId));
    await expect.poll(() => cache.get('agent-token')).toBeNull();
    await t.database.db.update(schema.user).set({ role: 'notary' }).where(eq(schema.user.id, agent.userId));
  });

  it('keeps nothing past its max-age, even when no announcement came', async () => {
    const cache = await listeningCache(300);
    cache.set('escrow-token', escrow, cache.mark());
    expect(cache.get('escrow-token')).toEqual(escrow);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(cache.get('escrow-token')).toBeNull();
  });

  it('does not keep a lookup that began before an announcement', async () => {
    const cache = await listeningCache(60_000);
    const mark = cache.mark();
    cache.forgetAccount(agent.userId);
    cache.set('agent-token', agent, mark);
    expect(cache.get('agent-token')).toBeNull();
  });

  it('keeps nothing with a max-age of 0', async () => {
    const cache = new SessionCache(t.database, 0);
    cache.set('escrow-token', escrow, cache.mark());
    expect(cache.get('escrow-token')).toBeNull();
  });
});
