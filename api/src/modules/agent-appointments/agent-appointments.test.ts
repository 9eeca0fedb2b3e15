import { schema } from '@signingdesk/db';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INACTIVE_REGISTRATION_MESSAGE } from '../../middleware/guard';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import type { AgentListItem } from './agent-appointments.schemas';

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
  });

  it('shows the bid on pending requests and marks completed ones as such', async () => {
    const pending = await list('pending');
    expect(pending.items.length).toBeGreaterThan(0);
    const bids = await t.database.db
      .select({ id: schema.offers.appointmentId, bid: schema.offers.bidCents })
      .from(schema.offers)
      .where(and(eq(schema.offers.agentId, agentId), inArray(schema.offers.status, ['claimed', 'countered'])));
    const bidOf = new Map(bids.map((b) => [b.id, b.bid]));
    for (const item of pending.items) expect(item.feeCents).toBe(bidOf.get(item.id));

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
