/**
 * Disabling and enabling accounts (issue 26, item 1): who may, what ends at once (sessions,
 * event streams), and what a disabled signing agent loses (open offers, future offers) or leaves
 * for the operators (upcoming signings on the Dashboard).
 */
import { schema } from '@signingdesk/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventReader } from '../../testing/event-reader';
import {
  appointmentRow,
  createOrder,
  offersOf,
  offerTo,
  otherAgentEmail,
  post,
  signInAll,
  userIdOf,
  type Sessions,
} from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { createSetPasswordLink, insertAccount } from './users.accounts';

describe('disabling and enabling accounts', () => {
  let t: TestApp;
  let s: Sessions;
  let firmAId: string;
  let firmBId: string;
  beforeAll(async () => {
    t = await createTestApp({ agentCount: 6 });
    s = await signInAll(t);
    const [a] = await t.database.db.select({ id: schema.firms.id }).from(schema.firms).where(eq(schema.firms.orgNumber, 1));
    const [b] = await t.database.db.select({ id: schema.firms.id }).from(schema.firms).where(eq(schema.firms.orgNumber, 2));
    firmAId = a!.id;
    firmBId = b!.id;
  });
  afterAll(() => t.close());

  /** A new escrow officer with the demo password, and a signed-in session of theirs. */
  async function officer(name: string, firmId = firmAId) {
    const [{ passwordHash }] = (await t.database.db
      .select({ passwordHash: schema.account.password })
      .from(schema.account)
      .innerJoin(schema.user, eq(schema.user.id, schema.account.userId))
      .where(eq(schema.user.email, 'escrow@firm-a.demo.test'))) as [{ passwordHash: string }];
    const email = `${name.toLowerCase().replace(/\W/g, '-')}@example.test`;
    const id = await t.database.db.transaction((tx) =>
      insertAccount(tx, { name, email, role: 'creator', firmId, phone: null, status: 'active', passwordHash }),
    );
    return { id, email, cookie: await t.signIn(email) };
  }

  const disable = (id: string, cookie: string) => post(t, `/api/users/${id}/disable`, cookie);
  const enable = (id: string, cookie: string) => post(t, `/api/users/${id}/enable`, cookie);

  it('ends every session and open event stream at once; sign-in is refused until enabled again', async () => {
    const jordan = await officer('Jordan Leaving');
    await t.database.db.transaction((tx) =>
      createSetPasswordLink(tx, { userId: jordan.id, role: 'creator', origin: 'http://localhost:3000', ttlMs: 3_600_000 }),
    );
    const secondDevice = await t.signIn(jordan.email);
    const stream = eventReader(await t.request('/api/events', { cookie: jordan.cookie }));
    await stream.waitFor(() => stream.received.some((e) => e.event === 'ready'));
    expect((await t.request('/api/me', { cookie: jordan.cookie })).status).toBe(200);

    const res = await disable(jordan.id, s.orgAdmin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Jordan Leaving is disabled and signed out everywhere.',
      user: { id: jordan.id, status: 'disabled', role: 'creator' },
    });
    for (const cookie of [jordan.cookie, secondDevice]) expect((await t.request('/api/me', { cookie })).status).toBe(401);
    await stream.waitFor(() => stream.received.some((e) => e.event === 'closing'), 3000);
    expect(stream.received.at(-1)).toEqual({ event: 'closing', data: '{"reason":"session_ended"}' });
    await stream.close();
    expect(await t.database.db.select().from(schema.session).where(eq(schema.session.userId, jordan.id))).toEqual([]);
    expect(await t.database.db.select().from(schema.verification).where(eq(schema.verification.value, jordan.id))).toEqual([]);
    await expect(t.signIn(jordan.email)).rejects.toThrow(/ACCOUNT_DISABLED/);

    // The firm's user list shows the state.
    const list = await readJson(await t.request(`/api/firms/${firmAId}/users?pageSize=100`, { cookie: s.orgAdmin }));
    expect(list.items.find((u: { id: string }) => u.id === jordan.id)).toMatchObject({ status: 'disabled' });

    const again = await enable(jordan.id, s.admin);
    expect(again.body).toMatchObject({ message: 'Jordan Leaving can sign in again.', user: { status: 'active' } });
    expect((await t.request('/api/me', { cookie: await t.signIn(jordan.email) })).status).toBe(200);
    const actions = await t.database.db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, jordan.id));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['user.disabled', 'user.enabled']));
  });

  it('lets org admins reach their own firm’s escrow users only, sub admins no operator, and nobody themselves', async () => {
    const other = await officer('Other Firm Officer', firmBId);
    expect((await disable(other.id, s.orgAdmin)).status).toBe(404);
    expect((await disable(await userIdOf(t, 'agent@demo.test'), s.orgAdmin)).status).toBe(404);
    expect((await disable(await userIdOf(t, 'admin@demo.test'), s.orgAdmin)).status).toBe(404);
    expect((await disable(other.id, s.escrowA)).status).toBe(403);
    expect((await disable(other.id, s.agent)).status).toBe(403);
    expect((await disable('00000000-0000-4000-8000-000000000000', s.admin)).status).toBe(404);
    expect((await disable('not-an-id', s.admin)).status).toBe(404);

    const refused = await disable(await userIdOf(t, 'admin@demo.test'), s.subAdmin);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('Your role cannot disable or enable Admin users.');
    const self = await disable(await userIdOf(t, 'admin@demo.test'), s.admin);
    expect(self.status).toBe(409);
    expect(self.body.detail).toBe('You cannot disable or enable your own account. Ask another administrator.');
    // None of these changed anyone.
    const statuses = await t.database.db
      .select({ status: schema.profiles.status })
      .from(schema.profiles)
      .where(eq(schema.profiles.status, 'disabled'));
    expect(statuses).toEqual([]);
    expect((await t.request('/api/me', { cookie: other.cookie })).status).toBe(200);
  });

  it('takes a disabled agent off every open order, offers them nothing more, and flags their upcoming signings', async () => {
    const agentEmail = await otherAgentEmail(t);
    const agentId = await userIdOf(t, agentEmail);
    const agentCookie = await t.signIn(agentEmail);
    // An order where theirs is the only bid, and one merely offered to them.
    const bidOn = await createOrder(t, s.escrowA, { fileNumber: 'DIS-1' });
    const offered = await createOrder(t, s.escrowA, { fileNumber: 'DIS-2' });
    await offerTo(t, bidOn, [agentId]);
    await offerTo(t, offered, [agentId]);
    expect((await post(t, `/api/appointments/${bidOn}/claim`, agentCookie, {})).status).toBe(200);
    expect((await appointmentRow(t, bidOn)).status).toBe('Pending');
    // A signing assigned to them, in the future.
    const assigned = await createOrder(t, s.escrowA, { fileNumber: 'DIS-3', date: '2027-03-10' });
    expect((await post(t, `/api/appointments/${assigned}/assign`, s.admin, { agentId })).status).toBe(200);

    // The seed gave them other offers and signings too: each counts.
    const openOffers = await t.database.db
      .select({ id: schema.offers.id })
      .from(schema.offers)
      .innerJoin(schema.appointments, eq(schema.appointments.id, schema.offers.appointmentId))
      .where(
        and(
          eq(schema.offers.agentId, agentId),
          inArray(schema.offers.status, ['offered', 'claimed', 'countered']),
          inArray(schema.appointments.status, ['Open', 'Pending']),
          isNull(schema.appointments.assignedAgentId),
        ),
      );
    const before = await readJson(await t.request('/api/dashboard', { cookie: s.admin }));
    expect(before.attention.find((a: { kind: string }) => a.kind === 'agent_disabled').count).toBe(0);

    const res = await disable(agentId, s.subAdmin);
    expect(res.status).toBe(200);
    const dashboard = await readJson(await t.request('/api/dashboard', { cookie: s.admin }));
    const flagged = dashboard.attention.find((a: { kind: string }) => a.kind === 'agent_disabled');
    expect(flagged.label).toBe('Upcoming signings whose agent was disabled: reassign');
    expect(flagged.count).toBeGreaterThanOrEqual(1);
    expect(res.body.message).toMatch(
      new RegExp(
        `is disabled and signed out everywhere\\. ${openOffers.length} open offers were withdrawn\\. ${flagged.count} upcoming signings? needs? another agent: see the Dashboard\\.$`,
      ),
    );

    expect((await offersOf(t, bidOn)).map((o) => o.status)).toEqual(['removed']);
    expect((await offersOf(t, offered)).map((o) => o.status)).toEqual(['removed']);
    expect((await appointmentRow(t, bidOn)).status).toBe('Open');

    // Send to Notaries no longer reaches them.
    const later = await createOrder(t, s.escrowA, { fileNumber: 'DIS-4' });
    expect((await post(t, `/api/appointments/${later}/send`, s.admin, {})).status).toBe(200);
    expect((await offersOf(t, later)).map((o) => o.agentId)).not.toContain(agentId);

    const bucket = await readJson(await t.request('/api/appointments?attention=agent_disabled&pageSize=100', { cookie: s.admin }));
    expect(bucket.items.map((row: { id: string }) => row.id)).toContain(assigned);
    expect(bucket.items).toHaveLength(flagged.count);
  });
});
