import { schema } from '@signingdesk/db';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { loadActor, type Actor } from './actor';
import { findVisibleAppointment, visibleAppointments } from './access';
import { AppError } from './app-error';

describe('row-level access to appointments', () => {
  let t: TestApp;
  const actors: Record<string, Actor> = {};
  beforeAll(async () => {
    t = await createTestApp();
    const auth = (await import('../auth/auth')).createAuth({
      db: t.database.db,
      secret: 'test-secret-that-is-long-enough-0123456789',
      origin: 'http://localhost:3000',
    });
    for (const email of [
      'admin@demo.test',
      'orgadmin@firm-a.demo.test',
      'escrow@firm-a.demo.test',
      'escrow@firm-b.demo.test',
      'agent@demo.test',
      'pending-agent@demo.test',
    ]) {
      const cookie = await t.signIn(email);
      actors[email] = (await loadActor(auth, t.database.db, new Headers({ cookie })))!;
    }
  });
  afterAll(() => t.close());

  const visibleIds = async (actor: Actor) =>
    (await t.database.db.select({ id: schema.appointments.id }).from(schema.appointments).where(visibleAppointments(actor))).map(
      (r) => r.id,
    );

  const expectNotFound = async (actor: Actor, id: string) => {
    const error = await findVisibleAppointment(t.database.db, actor, id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(404);
  };

  it('shows operators every appointment', async () => {
    const all = await t.database.db.select({ id: schema.appointments.id }).from(schema.appointments);
    expect((await visibleIds(actors['admin@demo.test']!)).length).toBe(all.length);
  });

  it("shows a creator_admin the firm's orders and a creator only their own", async () => {
    const orgAdmin = actors['orgadmin@firm-a.demo.test']!;
    const creator = actors['escrow@firm-a.demo.test']!;
    const firmOrders = await t.database.db
      .select({ id: schema.appointments.id, createdBy: schema.appointments.createdBy })
      .from(schema.appointments)
      .where(eq(schema.appointments.firmId, orgAdmin.firmId));
    expect(new Set(await visibleIds(orgAdmin))).toEqual(new Set(firmOrders.map((o) => o.id)));
    const own = firmOrders.filter((o) => o.createdBy === creator.userId).map((o) => o.id);
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(firmOrders.length);
    expect(new Set(await visibleIds(creator))).toEqual(new Set(own));
  });

  it("answers 404 for another firm's appointment, and for ids that are not ids", async () => {
    const firmB = actors['escrow@firm-b.demo.test']!;
    const [firmAOrder] = await t.database.db
      .select()
      .from(schema.appointments)
      .where(eq(schema.appointments.firmId, actors['orgadmin@firm-a.demo.test']!.firmId))
      .limit(1);
    await expectNotFound(firmB, firmAOrder!.id);
    await expectNotFound(firmB, 'not-a-uuid');
    await expectNotFound(firmB, '00000000-0000-4000-8000-000000000000');
    const seen = await findVisibleAppointment(t.database.db, actors['orgadmin@firm-a.demo.test']!, firmAOrder!.id);
    expect(seen.access).toBe('firm');
  });

  it('gives an agent the full view of its assignment and the preview of an offer, nothing else', async () => {
    const agent = actors['agent@demo.test']!;
    const [assigned] = await t.database.db
      .select()
      .from(schema.appointments)
      .where(eq(schema.appointments.assignedAgentId, agent.userId))
      .limit(1);
    expect((await findVisibleAppointment(t.database.db, agent, assigned!.id)).access).toBe('assigned-agent');

    const [offered] = await t.database.db
      .select({ id: schema.offers.appointmentId })
      .from(schema.offers)
      .where(and(eq(schema.offers.agentId, agent.userId), eq(schema.offers.status, 'offered')))
      .limit(1);
    expect((await findVisibleAppointment(t.database.db, agent, offered!.id)).access).toBe('offered-agent');

    const [someoneElses] = await t.database.db
      .select()
      .from(schema.appointments)
      .where(and(isNotNull(schema.appointments.assignedAgentId), ne(schema.appointments.assignedAgentId, agent.userId)))
      .limit(1);
    const offersToAgent = await t.database.db
      .select()
      .from(schema.offers)
      .where(and(eq(schema.offers.agentId, agent.userId), eq(schema.offers.appointmentId, someoneElses!.id)));
    expect(offersToAgent).toHaveLength(0);
    await expectNotFound(agent, someoneElses!.id);
  });

  it('shows an agent whose registration is pending nothing', async () => {
    expect(await visibleIds(actors['pending-agent@demo.test']!)).toEqual([]);
  });
});
