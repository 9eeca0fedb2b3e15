import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, offerTo, post, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { schema } from '@signingdesk/db';
import type { Actor } from '../../lib/actor';
import { eventReader } from '../../testing/event-reader';
import { liveHubOf } from './live-hub';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';

describe('live updates (GET /api/events)', () => {
  let t: TestApp;
  let s: Sessions;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
  });
  afterAll(() => t.close());

  it('tells each console about the orders it may see, once the change commits, and nothing else', async () => {
    const operator = eventReader(await t.request('/api/events', { cookie: s.admin }));
    const firmA = eventReader(await t.request('/api/events', { cookie: s.orgAdmin }));
    const firmB = eventReader(await t.request('/api/events', { cookie: s.escrowB }));
    for (const stream of [operator, firmA, firmB]) await stream.waitFor(() => stream.received.some((e) => e.event === 'ready'));

    const id = await createOrder(t, s.escrowA, { fileNumber: 'LIVE-1' });
    await operator.waitFor(() => operator.ids().includes(id));
    await firmA.waitFor(() => firmA.ids().includes(id));

    // An agent's claim reaches the operator's stream within 2 seconds.
    await offerTo(t, id, [await userIdOf(t, 'agent@demo.test')]);
    const before = operator.ids().length;
    const started = Date.now();
    expect((await post(t, `/api/appointments/${id}/claim`, s.agent)).status).toBe(200);
    await operator.waitFor(() => operator.ids().length > before);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(operator.ids().at(-1)).toBe(id);

    // A refused change commits nothing and announces nothing; reading an order announces nothing.
    const count = operator.ids().length;
    expect((await post(t, `/api/appointments/${id}/claim`, s.otherAgent)).status).toBe(404);
    expect((await post(t, `/api/appointments/${id}/mark-paid`, s.admin)).status).toBe(409);
    expect((await t.request(`/api/appointments/${id}`, { cookie: s.admin })).status).toBe(200);
    // A later change is the marker that everything before it was delivered.
    const marker = await createOrder(t, s.escrowB, { fileNumber: 'LIVE-2' });
    await operator.waitFor(() => operator.ids().includes(marker));
    expect(operator.ids().slice(count)).toEqual([marker]);
    await firmB.waitFor(() => firmB.ids().includes(marker));

    // Firm B never hears of firm A's order; firm A never hears of firm B's.
    expect(firmB.ids()).not.toContain(id);
    expect(firmA.ids()).not.toContain(marker);
    await Promise.all([operator.close(), firmA.close(), firmB.close()]);
  });

  it('ends a stream at once, with a closing event, when its session is signed out', async () => {
    const cookie = await t.signIn('escrow@firm-a.demo.test');
    const stream = eventReader(await t.request('/api/events', { cookie }));
    await stream.waitFor(() => stream.received.some((e) => e.event === 'ready'));
    expect((await post(t, '/api/auth/sign-out', cookie, {})).status).toBe(200);
    // Not at the next heartbeat (25 s): the sign-out is announced and the stream checks at once.
    await stream.waitFor(() => stream.received.some((e) => e.event === 'closing'), 3000);
    expect(stream.received.at(-1)).toEqual({ event: 'closing', data: '{"reason":"session_ended"}' });
    await stream.close();
  });

  it('tells the escrow side nothing of what it is not shown: an agent’s decline, a withdrawal, a download link', async () => {
    const operator = eventReader(await t.request('/api/events', { cookie: s.admin }));
    const firmA = eventReader(await t.request('/api/events', { cookie: s.orgAdmin }));
    for (const stream of [operator, firmA]) await stream.waitFor(() => stream.received.some((e) => e.event === 'ready'));
    const id = await createOrder(t, s.escrowA, { fileNumber: 'LIVE-QUIET' });
    await offerTo(t, id, [await userIdOf(t, 'agent@demo.test')]);
    await firmA.waitFor(() => firmA.ids().includes(id));
    const heard = firmA.ids().length;

    expect((await post(t, `/api/appointments/${id}/decline`, s.agent)).status).toBe(200);
    await operator.waitFor(() => operator.ids().filter((x) => x === id).length >= 2);
    expect((await post(t, `/api/appointments/${id}/withdraw`, s.agent)).status).toBe(200);
    await operator.waitFor(() => operator.ids().filter((x) => x === id).length >= 3);
    // A later change firm A may see marks that everything before it was delivered.
    const marker = await createOrder(t, s.escrowA, { fileNumber: 'LIVE-QUIET-2' });
    await firmA.waitFor(() => firmA.ids().includes(marker));
    expect(firmA.ids().slice(heard)).toEqual([marker]);
    await Promise.all([operator.close(), firmA.close()]);
  });

  it('holds at most 3 streams per account: a fourth and fifth close the oldest with a closing event', async () => {
    const cookie = await t.signIn('orgadmin@firm-a.demo.test');
    const streams = [];
    for (let i = 0; i < 5; i++) {
      const stream = eventReader(await t.request('/api/events', { cookie }));
      await stream.waitFor(() => stream.received.some((e) => e.event === 'ready'));
      streams.push(stream);
    }
    for (const oldest of streams.slice(0, 2)) {
      await oldest.waitFor(() => oldest.received.some((e) => e.event === 'closing'));
      expect(oldest.received.at(-1)).toEqual({ event: 'closing', data: '{"reason":"too_many_streams"}' });
    }
    // The three newest still hear of the firm's orders.
    const id = await createOrder(t, s.escrowA, { fileNumber: 'LIVE-CAP' });
    for (const open of streams.slice(2)) await open.waitFor(() => open.ids().includes(id));
    expect(liveHubOf(t.database).size).toBe(3);
    await Promise.all(streams.map((stream) => stream.close()));
  });

  it('checks every open stream’s session in one query: a session gone without a word ends its stream', async () => {
    const hub = liveHubOf(t.database);
    const rechecked: string[] = [];
    const subscriber = (name: string, sessionToken: string) => ({
      actor: { userId: name } as Actor,
      sessionToken,
      send: () => undefined,
      end: () => undefined,
      recheck: () => rechecked.push(name),
    });
    const [valid] = await t.database.db.select({ token: schema.session.token }).from(schema.session).limit(1);
    const unsubscribe = [await hub.subscribe(subscriber('live', valid!.token)), await hub.subscribe(subscriber('gone', 'no-such-session'))];
    await hub.checkSessions();
    expect(rechecked).toEqual(['gone']);
    for (const stop of unsubscribe) stop();
  });

  it('is for the consoles: agents and visitors are refused', async () => {
    expect((await t.request('/api/events', { cookie: s.agent })).status).toBe(403);
    expect((await t.request('/api/events')).status).toBe(401);
  });
});

describe('editing an order someone else changed (If-Match)', () => {
  let t: TestApp;
  let s: Sessions;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
  });
  afterAll(() => t.close());

  const patch = (id: string, cookie: string, body: object, version?: string) =>
    t.request(`/api/appointments/${id}`, {
      method: 'PATCH',
      cookie,
      body: JSON.stringify(body),
      headers: version === undefined ? {} : { 'If-Match': `"${version}"` },
    });

  it('answers 409 and keeps the other change when the order changed since it was read', async () => {
    const id = await createOrder(t, s.escrowA, { fileNumber: 'CONFLICT-1', lender: 'First Lender' });
    const read = async (cookie: string) => readJson(await t.request(`/api/appointments/${id}`, { cookie }));
    const opened = (await read(s.admin)).updatedAt as string;
    expect((await read(s.subAdmin)).updatedAt).toBe(opened);

    const first = await patch(id, s.subAdmin, { lender: 'Second Lender' }, opened);
    expect(first.status).toBe(200);
    const second = await patch(id, s.admin, { lender: 'Third Lender', comments: 'Bring a pen.' }, opened);
    expect(second.status).toBe(409);
    const refused = await readJson(second);
    expect(refused).toMatchObject({ code: 'CONFLICT', status: 409 });
    // The notice names who changed it (issue 30).
    expect(refused.detail).toBe(
      'Sam Rivera changed this order after you opened it. Nothing was saved: review their changes, then update again.',
    );
    const now = await read(s.admin);
    expect(now).toMatchObject({ lender: 'Second Lender', comments: null });
    expect(now.updatedAt).not.toBe(opened);

    // Saved again on the version just read, it goes through; the escrow view carries the version too.
    expect((await patch(id, s.admin, { comments: 'Bring a pen.' }, now.updatedAt)).status).toBe(200);
    const escrow = await read(s.escrowA);
    expect(escrow).toMatchObject({ lender: 'Second Lender', comments: 'Bring a pen.' });
    expect((await patch(id, s.escrowA, { lender: 'Escrow Lender' }, opened)).status).toBe(409);
    expect((await patch(id, s.escrowA, { lender: 'Escrow Lender' }, escrow.updatedAt)).status).toBe(200);
    // A stale editor whose own other window made the last change reads that it was them.
    const own = await patch(id, s.escrowA, { lender: 'Other Lender' }, escrow.updatedAt);
    expect(own.status).toBe(409);
    expect((await readJson(own)).detail).toMatch(/^You \(in another window\) changed this order after you opened it\./);
    // Without If-Match an edit applies to whatever is current (the API's older clients).
    expect((await patch(id, s.admin, { lender: 'Any Lender' })).status).toBe(200);
  });
});
