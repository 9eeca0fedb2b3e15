import { schema } from '@signingdesk/db';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INACTIVE_REGISTRATION_MESSAGE } from '../../middleware/guard';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import type { AgentListItem } from './agent-appointments.schemas';
import { listAgentAppointments } from './agent-appointments.service';

describe("the agent portal's lists", () => {
  let t: TestApp;
  let agentCookie: string;
  let agentId: string;
  beforeAll(async () => {
    t = await createTestApp();
    agentCookie = await t.signIn('agent@demo.test');
    const [agent] = await t.database.db.select().from(schema.user).where(eq(schema.user.email, 'agent@demo.test'));
    agentId = agent!.id;
  });
  afterAll(() => t.close());

  const list = async (tab: string, cookie = agentCookie) => {
    const res = await t.request(`/api/agent/appointments?tab=${tab}`, { cookie });
    return { res, items: res.status === 200 ? ((await readJson(res)).items as AgentListItem[]) : [] };
  };

  it('shows the assigned tab by default, with only appointments assigned to the agent', async () => {
    const res = await t.request('/api/agent/appointments', { cookie: agentCookie });
    expect(res.status).toBe(200);
    const { items } = (await readJson(res)) as { items: AgentListItem[] };
    expect(items.length).toBeGreaterThan(0);
    const rows = await t.database.db
      .select({ id: schema.appointments.id })
      .from(schema.appointments)
      .where(and(eq(schema.appointments.assignedAgentId, agentId), inArray(schema.appointments.status, ['Scheduled', 'Paused'])));
    expect(new Set(items.map((i) => i.id))).toEqual(new Set(rows.map((r) => r.id)));
    expect(items.every((i) => i.status === 'Scheduled' || i.status === 'Paused')).toBe(true);
  });

  it('lists open offers made to this agent, with the offered fee', async () => {
    const { items } = await list('open');
    expect(items.length).toBeGreaterThan(0);
    const offered = await t.database.db
      .select({ id: schema.offers.appointmentId, fee: schema.appointments.agentFeeCents })
      .from(schema.offers)
      .innerJoin(schema.appointments, eq(schema.appointments.id, schema.offers.appointmentId))
      .where(and(eq(schema.offers.agentId, agentId), eq(schema.offers.status, 'offered'), eq(schema.appointments.status, 'Open')));
    expect(new Map(items.map((i) => [i.id, i.feeCents]))).toEqual(new Map(offered.map((o) => [o.id, o.fee])));
    expect(items.every((i) => i.offerStatus === 'offered')).toBe(true);
  });

  it('lists the offers the agent declined on orders still open for bids after the live ones, labelled declined', async () => {
    const before = await list('open');
    const rivalOffer = async (appointmentId: string) =>
      (
        await t.database.db
          .select({ id: schema.offers.id })
          .from(schema.offers)
          .where(
            and(eq(schema.offers.appointmentId, appointmentId), eq(schema.offers.status, 'offered'), ne(schema.offers.agentId, agentId)),
          )
          .limit(1)
      )[0];
    const first = before.items[0]!;
    let second: AgentListItem | undefined;
    let rival: { id: string } | undefined;
    for (const item of before.items.slice(1)) {
      rival = await rivalOffer(item.id);
      if (rival) {
        second = item;
        break;
      }
    }
    expect(second, 'an open offer also made to another agent').toBeDefined();
    for (const item of [first, second!]) {
      expect((await t.request(`/api/appointments/${item.id}/decline`, { method: 'POST', cookie: agentCookie })).status).toBe(200);
    }
    // One declined order gets another agent's bid (Pending): still open for bids, still listed.
    await t.database.db.update(schema.offers).set({ status: 'claimed', bidCents: 15000 }).where(eq(schema.offers.id, rival!.id));
    await t.database.db.update(schema.appointments).set({ status: 'Pending' }).where(eq(schema.appointments.id, second!.id));

    const { items } = await list('open');
    expect(items).toHaveLength(before.items.length);
    const live = items.filter((i) => i.offerStatus === 'offered');
    const declined = items.filter((i) => i.offerStatus === 'declined');
    expect(items).toEqual([...live, ...declined]);
    expect(declined.map((i) => i.id).sort()).toEqual([first.id, second!.id].sort());
    expect(declined.find((i) => i.id === second!.id)).toMatchObject({ status: 'Pending', feeCents: second!.feeCents });
    const declinedInDb = await t.database.db
      .select({ id: schema.offers.appointmentId })
      .from(schema.offers)
      .innerJoin(schema.appointments, eq(schema.appointments.id, schema.offers.appointmentId))
      .where(
        and(
          eq(schema.offers.agentId, agentId),
          eq(schema.offers.status, 'declined'),
          inArray(schema.appointments.status, ['Open', 'Pending']),
          isNull(schema.appointments.assignedAgentId),
        ),
      );
    expect(new Set(declinedInDb.map((d) => d.id))).toEqual(new Set(declined.map((i) => i.id)));

    // Once another agent is assigned, the declined order leaves the list.
    const admin = await t.signIn('admin@demo.test');
    const accept = await t.request(`/api/appointments/${second!.id}/bids/${rival!.id}/accept`, { method: 'POST', cookie: admin });
    expect(accept.status).toBe(200);
    const after = await list('open');
    expect(after.items.map((i) => i.id)).not.toContain(second!.id);
    expect(after.items.map((i) => i.id)).toContain(first.id);
  });

  it('gives each card its start instant and shows Mark Assignment Complete only once the signing has started', async () => {
    const { items } = await list('assigned');
    const rows = await t.database.db
      .select({ id: schema.appointments.id, startsAt: schema.appointments.startsAt })
      .from(schema.appointments)
      .where(eq(schema.appointments.assignedAgentId, agentId));
    const startOf = new Map(rows.map((r) => [r.id, r.startsAt]));
    for (const item of items) expect(item.startsAt).toBe(startOf.get(item.id));
    const now = Math.floor(Date.now() / 1000);
    const scheduled = items.filter((i) => i.status === 'Scheduled' && !i.markedCompleted);
    const started = scheduled.filter((i) => i.startsAt <= now);
    // The demo seed pins assignments on both sides of now.
    expect(started.length).toBeGreaterThanOrEqual(2);
    expect(scheduled.length - started.length).toBeGreaterThanOrEqual(3);
    for (const item of items) expect(item.showCompleteButton).toBe(started.includes(item));
    expect(items.every((i) => i.offerStatus === 'approved')).toBe(true);

    const at = (seconds: number) =>
      listAgentAppointments(t.database.db, { agentId, tab: 'assigned', limit: 100, now: new Date(seconds * 1000) });
    const first = scheduled[0]!;
    const shown = async (seconds: number) => (await at(seconds)).find((i) => i.id === first.id)!.showCompleteButton;
    expect(await shown(first.startsAt - 1)).toBe(false);
    expect(await shown(first.startsAt)).toBe(true);
  });

  it('counts on each assignment the documents the agent has not downloaded yet, and says how the signer answered', async () => {
    const { items } = await list('assigned');
    const card = items.find((i) => i.name !== undefined && i.status === 'Scheduled')!;
    const [escrow] = await t.database.db.select().from(schema.user).where(eq(schema.user.email, 'escrow@firm-a.demo.test'));
    const document = (fileName: string) => ({
      appointmentId: card.id,
      kind: 'document' as const,
      fileName,
      storageKey: `test/${card.id}/${fileName}`,
      contentType: 'application/pdf',
      sizeBytes: 10,
      uploadedBy: escrow!.id,
      uploadConfirmed: true,
    });
    const before = card.documentsToDownload!;
    const [loan] = await t.database.db
      .insert(schema.files)
      .values([document('loan-package.pdf'), document('deed.pdf')])
      .returning();
    await t.database.db
      .update(schema.appointments)
      .set({ confirmationResult: 'reschedule', confirmationMethod: 'call', confirmationContactedAt: new Date() })
      .where(eq(schema.appointments.id, card.id));
    const of = async () => (await list('assigned')).items.find((i) => i.id === card.id)!;
    expect(await of()).toMatchObject({ documentsToDownload: before + 2, signerConfirmation: 'reschedule' });
    // A download that did not finish does not count; one that did, does.
    await t.database.db.insert(schema.fileEvents).values({ fileId: loan!.id, action: 'read', userId: agentId, confirmed: false });
    expect((await of()).documentsToDownload).toBe(before + 2);
    await t.database.db.insert(schema.fileEvents).values({ fileId: loan!.id, action: 'read', userId: agentId, confirmed: true });
    expect((await of()).documentsToDownload).toBe(before + 1);
  });

  it('shows the bid beside the offered fee on pending requests and marks completed ones as such', async () => {
    const pending = await list('pending');
    expect(pending.items.length).toBeGreaterThan(0);
    const bids = await t.database.db
      .select({ id: schema.offers.appointmentId, bid: schema.offers.bidCents, offered: schema.appointments.agentFeeCents })
      .from(schema.offers)
      .innerJoin(schema.appointments, eq(schema.appointments.id, schema.offers.appointmentId))
      .where(and(eq(schema.offers.agentId, agentId), inArray(schema.offers.status, ['claimed', 'countered'])));
    const bidOf = new Map(bids.map((b) => [b.id, { bid: b.bid, offered: b.offered }]));
    for (const item of pending.items) {
      expect({ bid: item.feeCents, offered: item.offeredFeeCents }).toEqual(bidOf.get(item.id));
    }
    expect(
      pending.items.some((i) => i.feeCents !== i.offeredFeeCents),
      'a counter differs from its offer',
    ).toBe(true);

    const completed = await list('completed');
    expect(completed.items.length).toBeGreaterThan(0);
    expect(completed.items.every((i) => i.markedCompleted && !i.showCompleteButton)).toBe(true);
  });

  it('keeps an agent whose registration is pending out, with the spec text', async () => {
    const cookie = await t.signIn('pending-agent@demo.test');
    const { res } = await list('assigned', cookie);
    expect(res.status).toBe(403);
    const body = await readJson(res);
    expect(body.code).toBe('REGISTRATION_NOT_ACTIVE');
    expect(body.detail).toBe(INACTIVE_REGISTRATION_MESSAGE);
    expect(body.detail).toContain('active.  Please');
  });

  it('is for agents only', async () => {
    expect((await list('assigned', await t.signIn('escrow@firm-a.demo.test'))).res.status).toBe(403);
    expect((await list('assigned', await t.signIn('admin@demo.test'))).res.status).toBe(403);
    expect((await t.request('/api/agent/appointments')).status).toBe(401);
  });

  it('names the field when the tab is not one of the four', async () => {
    const { res } = await list('archived');
    expect(res.status).toBe(400);
    const body = await readJson(res);
    expect(body.errors[0].field).toBe('tab');
  });
});
