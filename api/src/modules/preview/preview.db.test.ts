import { randomUUID } from 'node:crypto';
import { schema } from '@signingdesk/db';
import { and, count, eq, gte, inArray, isNotNull, ne, notExists, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceMiles } from '../../lib/geo';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import type { ComparisonOrders } from './preview.schemas';

const { appointments, offers, user, profiles } = schema;
const HIDDEN_FROM_PREVIEW = ['street', 'contactName', 'contactPhone1', 'contactEmail1', 'escrowEmail', 'firmFeeCents'];

describe('the agent offer preview and comparison orders', () => {
  let t: TestApp;
  let agentCookie: string;
  let adminCookie: string;
  let agentId: string;
  beforeAll(async () => {
    t = await createTestApp();
    agentCookie = await t.signIn('agent@demo.test');
    adminCookie = await t.signIn('admin@demo.test');
    agentId = (await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, 'agent@demo.test')))[0]!.id;
  });
  afterAll(() => t.close());

  const get = async (path: string, cookie?: string) => {
    const res = await t.request(path, { cookie });
    return { status: res.status, body: await readJson(res) };
  };
  const post = (path: string, cookie: string, body: unknown = {}) =>
    t.request(path, { method: 'POST', cookie, body: JSON.stringify(body) });

  /** Open appointments offered to agent@demo.test that it has not answered, with another offered agent. */
  async function openOffers() {
    return t.database.db
      .select({ id: appointments.id, state: appointments.state, latitude: appointments.latitude, longitude: appointments.longitude })
      .from(appointments)
      .innerJoin(offers, and(eq(offers.appointmentId, appointments.id), eq(offers.agentId, agentId)))
      .where(and(eq(appointments.status, 'Open'), eq(offers.status, 'offered')))
      .orderBy(appointments.id);
  }

  describe('GET /api/appointments/{id}/preview', () => {
    it('shows an offered appointment at stage offer with the preview fields only, then pending after a claim', async () => {
      const [offered] = await openOffers();
      const { status, body } = await get(`/api/appointments/${offered!.id}/preview`, agentCookie);
      expect(status).toBe(200);
      expect(body).toMatchObject({ view: 'preview', stage: 'offer', id: offered!.id, status: 'Open', offerStatus: 'offered' });
      const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, offered!.id));
      expect(body).toMatchObject({ city: row!.city, state: row!.state, zip: row!.zip, feeCents: row!.agentFeeCents });
      for (const key of HIDDEN_FROM_PREVIEW) expect(Object.keys(body)).not.toContain(key);
      expect(JSON.stringify(body)).not.toContain(row!.street);

      expect((await post(`/api/appointments/${offered!.id}/claim`, agentCookie)).status).toBe(200);
      const after = await get(`/api/appointments/${offered!.id}/preview`, agentCookie);
      expect(after.body).toMatchObject({ stage: 'pending', offerStatus: 'claimed', bidCents: row!.agentFeeCents, status: 'Pending' });
    });

    it("says the order was taken when the agent's bid lost to another agent", async () => {
      // The seed never makes agent@demo.test a losing bidder, so the test makes one: it claims,
      // then an operator assigns another agent the order may go to, which rejects its bid. The
      // order is one of its offers (listed by random id) that another agent may take too: some
      // lie where only agent@demo.test's travel radius reaches, or everyone else is booked.
      let contested: { id: string } | undefined;
      let other: { id: string } | undefined;
      for (const offer of await openOffers()) {
        const eligible = await get(`/api/appointments/${offer.id}/eligible-agents?pageSize=5`, adminCookie);
        other = (eligible.body.items as { id: string }[]).find((a) => a.id !== agentId);
        if (other) {
          contested = offer;
          break;
        }
      }
      expect(contested, 'an open offer another agent may also take').toBeDefined();
      expect((await post(`/api/appointments/${contested!.id}/claim`, agentCookie)).status).toBe(200);
      expect((await post(`/api/appointments/${contested!.id}/assign`, adminCookie, { agentId: other!.id })).status).toBe(200);

      const [lost] = await t.database.db
        .select({ id: appointments.id })
        .from(offers)
        .innerJoin(appointments, eq(appointments.id, offers.appointmentId))
        .where(and(eq(offers.agentId, agentId), eq(offers.status, 'rejected'), eq(appointments.status, 'Scheduled')));
      expect(lost?.id).toBe(contested!.id);
      const { status, body } = await get(`/api/appointments/${lost!.id}/preview`, agentCookie);
      expect(status).toBe(200);
      expect(body.stage).toBe('taken');
      expect(body.message).toContain('This order has already been assigned');
      for (const key of HIDDEN_FROM_PREVIEW) expect(Object.keys(body)).not.toContain(key);
    });

    it('reads a declined offer as declined, with no bid, while the order is open; taking it back shows the offer again', async () => {
      const [offered] = await openOffers();
      expect((await post(`/api/appointments/${offered!.id}/decline`, agentCookie)).status).toBe(200);
      const declined = await get(`/api/appointments/${offered!.id}/preview`, agentCookie);
      expect(declined.body).toMatchObject({
        stage: 'declined',
        message: 'You declined this offer.',
        offerStatus: 'declined',
        bidCents: null,
        status: 'Open',
      });
      for (const key of HIDDEN_FROM_PREVIEW) expect(Object.keys(declined.body)).not.toContain(key);

      expect((await post(`/api/appointments/${offered!.id}/withdraw`, agentCookie)).status).toBe(200);
      const again = await get(`/api/appointments/${offered!.id}/preview`, agentCookie);
      expect(again.body).toMatchObject({ stage: 'offer', message: null, offerStatus: 'offered', bidCents: null });
    });

    it('shows the assigned notice on an appointment assigned to the agent', async () => {
      const [mine] = await t.database.db
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.assignedAgentId, agentId), eq(appointments.status, 'Scheduled')));
      const { body } = await get(`/api/appointments/${mine!.id}/preview`, agentCookie);
      expect(body.stage).toBe('assigned');
    });

    it('answers 404 for an appointment not offered to the agent, an unknown id and a malformed id', async () => {
      const [notOffered] = await t.database.db
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.status, 'Open'),
            notExists(
              t.database.db
                .select()
                .from(offers)
                .where(and(eq(offers.appointmentId, appointments.id), eq(offers.agentId, agentId))),
            ),
          ),
        );
      expect(notOffered).toBeDefined();
      expect((await get(`/api/appointments/${notOffered!.id}/preview`, agentCookie)).status).toBe(404);
      expect((await get(`/api/appointments/${randomUUID()}/preview`, agentCookie)).status).toBe(404);
      expect((await get('/api/appointments/not-a-uuid/preview', agentCookie)).status).toBe(404);
    });

    it('is for active agents only', async () => {
      const [offered] = await openOffers();
      const pending = await get(`/api/appointments/${offered!.id}/preview`, await t.signIn('pending-agent@demo.test'));
      expect(pending.status).toBe(403);
      expect(pending.body.code).toBe('REGISTRATION_NOT_ACTIVE');
      expect((await get(`/api/appointments/${offered!.id}/preview`, await t.signIn('escrow@firm-a.demo.test'))).status).toBe(403);
      expect((await get(`/api/appointments/${offered!.id}/preview`, adminCookie)).status).toBe(403);
      expect((await get(`/api/appointments/${offered!.id}/preview`)).status).toBe(401);
    });
  });

  describe('GET /api/appointments/{id}/comparison-orders', () => {
    interface Completed {
      id: string;
      agentId: string;
      startsAt: number;
      date: string;
      city: string;
      state: string;
      status: string;
      latitude: number;
      longitude: number;
      feeCents: number;
    }
    let target: { id: string; latitude: number; longitude: number };
    let completed: Completed[];

    const near = (c: { latitude: number; longitude: number }) => distanceMiles(target, c) <= 25;

    beforeAll(async () => {
      completed = (await t.database.db
        .select({
          id: appointments.id,
          agentId: appointments.assignedAgentId,
          startsAt: appointments.startsAt,
          date: appointments.date,
          city: appointments.city,
          state: appointments.state,
          status: appointments.status,
          latitude: appointments.latitude,
          longitude: appointments.longitude,
          feeCents: sql<number>`coalesce(${offers.bidCents}, ${appointments.agentFeeCents})`,
        })
        .from(appointments)
        .leftJoin(offers, and(eq(offers.appointmentId, appointments.id), eq(offers.status, 'approved')))
        .where(eq(appointments.status, 'Completed'))) as Completed[];
      // The Open CA appointment offered to agent@demo.test with the most agents' completed orders nearby, its own among them.
      const open = await t.database.db
        .select({ id: appointments.id, latitude: appointments.latitude, longitude: appointments.longitude })
        .from(appointments)
        .innerJoin(offers, and(eq(offers.appointmentId, appointments.id), eq(offers.agentId, agentId)))
        .where(and(eq(appointments.status, 'Open'), eq(appointments.state, 'CA'), isNotNull(appointments.latitude)));
      const agentsNear = (a: { latitude: number; longitude: number }) =>
        new Set(completed.filter((c) => distanceMiles(a, c) <= 25).map((c) => c.agentId));
      const best = (open as (typeof target)[])
        .filter((a) => agentsNear(a).has(agentId))
        .sort((x, y) => agentsNear(y).size - agentsNear(x).size)[0];
      expect(best, 'the seed has an Open CA offer with nearby completed orders').toBeDefined();
      target = best!;
    });

    it('groups completed orders within 25 miles by agent, with real names for operators and counts that match the database', async () => {
      const { status, body } = (await get(`/api/appointments/${target.id}/comparison-orders`, adminCookie)) as {
        status: number;
        body: ComparisonOrders;
      };
      expect(status).toBe(200);
      expect(body.radiusMiles).toBe(25);
      expect(body.groups.length).toBeGreaterThan(1);

      const nearbyIds = completed.filter((c) => c.id !== target.id && c.startsAt >= body.since && near(c)).map((c) => c.id);
      const counted = await t.database.db
        .select({ agentId: appointments.assignedAgentId, n: count(), name: user.name })
        .from(appointments)
        .innerJoin(user, eq(user.id, appointments.assignedAgentId))
        .where(and(eq(appointments.status, 'Completed'), inArray(appointments.id, nearbyIds), gte(appointments.startsAt, body.since)))
        .groupBy(appointments.assignedAgentId, user.name);
      expect(new Map(body.groups.map((g) => [g.agent!.id, g.count]))).toEqual(new Map(counted.map((c) => [c.agentId!, c.n])));

      for (const group of body.groups) {
        const row = counted.find((c) => c.agentId === group.agent!.id)!;
        expect(group.label).toBe(row.name);
        expect(group.agent!.name).toBe(row.name);
        const fees = completed.filter((c) => nearbyIds.includes(c.id) && c.agentId === group.agent!.id).map((c) => c.feeCents);
        expect(group.averageFeeCents).toBe(Math.round(fees.reduce((s, f) => s + f, 0) / fees.length));
        expect(group.averageFee).toMatch(/^\d+\.\d{2}$/);
        expect(group.averageFee).toBe((group.averageFeeCents / 100).toFixed(2));
        expect(group.orders.length).toBe(Math.min(group.count, 10));
        expect(group.orders.map((o) => o.startsAt)).toEqual([...group.orders.map((o) => o.startsAt)].sort((a, b) => b - a));
        for (const order of group.orders) {
          const source = completed.find(
            (c) =>
              c.agentId === group.agent!.id &&
              c.startsAt === order.startsAt &&
              c.date === order.date &&
              c.city === order.city &&
              c.feeCents === order.feeCents,
          );
          expect(source, `${order.city} ${order.startsAt} is a completed order of ${group.label}`).toBeDefined();
          expect(source!.status).toBe('Completed');
          expect(distanceMiles(target, source!)).toBeLessThanOrEqual(25);
        }
      }
      const counts = body.groups.map((g) => g.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));

      const subAdmin = await get(`/api/appointments/${target.id}/comparison-orders`, await t.signIn('subadmin@demo.test'));
      expect(subAdmin.body.groups).toEqual(body.groups);
    });

    it('shows an agent only its own name; other agents are numbered labels without ids', async () => {
      const admin = (await get(`/api/appointments/${target.id}/comparison-orders`, adminCookie)).body as ComparisonOrders;
      const { status, body } = (await get(`/api/appointments/${target.id}/comparison-orders`, agentCookie)) as {
        status: number;
        body: ComparisonOrders;
      };
      expect(status).toBe(200);
      expect(body.groups.map((g) => g.count)).toEqual(admin.groups.map((g) => g.count));
      expect(body.groups.map((g) => g.orders)).toEqual(admin.groups.map((g) => g.orders));

      const own = body.groups.filter((g) => g.agent !== null);
      expect(own).toHaveLength(1);
      expect(own[0]!.agent!.id).toBe(agentId);
      expect(own[0]!.label).toBe(admin.groups.find((g) => g.agent!.id === agentId)!.agent!.name);
      const others = body.groups.filter((g) => g.agent === null);
      expect(others.map((g) => g.label)).toEqual(others.map((_, i) => `Agent ${i + 1}`));
      const text = JSON.stringify(body);
      for (const g of admin.groups.filter((g) => g.agent!.id !== agentId)) {
        expect(text).not.toContain(g.agent!.id);
        expect(text).not.toContain(g.agent!.name);
      }
    });

    it('answers 404 to an agent without an offer on the appointment, and 403 to escrow roles and pending agents', async () => {
      const [stranger] = await t.database.db
        .select({ email: user.email })
        .from(user)
        .innerJoin(profiles, eq(profiles.userId, user.id))
        .where(
          and(
            eq(user.role, 'notary'),
            eq(profiles.status, 'active'),
            ne(user.id, agentId),
            notExists(
              t.database.db
                .select()
                .from(offers)
                .where(and(eq(offers.appointmentId, target.id), eq(offers.agentId, user.id))),
            ),
          ),
        )
        .limit(1);
      const path = `/api/appointments/${target.id}/comparison-orders`;
      expect((await get(path, await t.signIn(stranger!.email))).status).toBe(404);
      expect((await get(`/api/appointments/${randomUUID()}/comparison-orders`, adminCookie)).status).toBe(404);
      expect((await get('/api/appointments/nope/comparison-orders', adminCookie)).status).toBe(404);
      expect((await get(path, await t.signIn('escrow@firm-a.demo.test'))).status).toBe(403);
      expect((await get(path, await t.signIn('orgadmin@firm-a.demo.test'))).status).toBe(403);
      expect((await get(path, await t.signIn('pending-agent@demo.test'))).status).toBe(403);
      expect((await get(path)).status).toBe(401);
    });
  });
});
