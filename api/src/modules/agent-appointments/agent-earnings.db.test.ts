import { schema } from '@signingdesk/db';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import type { AgentListItem } from './agent-appointments.schemas';
import { earningsPeriods } from './agent-earnings';

const { appointments: a } = schema;

describe("an agent's pay and earnings", () => {
  let t: TestApp;
  let cookie: string;
  let agentId: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.signIn('agent@demo.test');
    const [agent] = await t.database.db.select().from(schema.user).where(eq(schema.user.email, 'agent@demo.test'));
    agentId = agent!.id;
  });
  afterAll(() => t.close());

  const ownCompleted = () =>
    t.database.db
      .select()
      .from(a)
      .where(and(eq(a.assignedAgentId, agentId), eq(a.status, 'Completed')));

  it('says on each completed card what the agent is paid and whether and when it was paid', async () => {
    const completed = async () =>
      (await readJson(await t.request('/api/agent/appointments?tab=completed', { cookie }))).items as AgentListItem[];
    const [first, second] = await completed();
    const paidAt = new Date('2026-11-20T18:00:00Z');
    await t.database.db.update(a).set({ agentPaid: true, agentPaidAt: paidAt, agentFeeCents: 17_500 }).where(eq(a.id, first!.id));
    await t.database.db.update(a).set({ agentPaid: false, agentPaidAt: null }).where(eq(a.id, second!.id));
    const items = await completed();
    expect(items.find((i) => i.id === first!.id)).toMatchObject({ payCents: 17_500, paidAt: paidAt.toISOString() });
    expect(items.find((i) => i.id === second!.id)).toMatchObject({ payCents: second!.offeredFeeCents, paidAt: null });
    const assigned = (await readJson(await t.request('/api/agent/appointments?tab=assigned', { cookie }))).items as AgentListItem[];
    expect(assigned.every((i) => i.paidAt === undefined && i.payCents === undefined)).toBe(true);
    const detail = await readJson(await t.request(`/api/appointments/${first!.id}`, { cookie }));
    expect(detail).toMatchObject({ payCents: 17_500, paidAt: paidAt.toISOString() });
  });

  it("sums this month, last month and the year to date over the agent's own completed signings only", async () => {
    const today = '2026-11-26';
    // Another agent's completed signing this month, paid: not in this agent's sums.
    const [foreign] = await t.database.db
      .select()
      .from(a)
      .where(and(eq(a.status, 'Completed'), ne(a.assignedAgentId, agentId)))
      .limit(1);
    await t.database.db.update(a).set({ date: '2026-11-03', agentPaid: true, agentPaidAt: new Date() }).where(eq(a.id, foreign!.id));
    const res = await t.request(`/api/agent/earnings?today=${today}`, { cookie });
    expect(res.status).toBe(200);
    const body = await readJson(res);
    const rows = await ownCompleted();
    const periods = earningsPeriods(today);
    for (const key of ['thisMonth', 'lastMonth', 'yearToDate'] as const) {
      const { from, to } = periods[key];
      const inPeriod = rows.filter((r) => r.date >= from && r.date <= to);
      expect(body[key]).toEqual({
        from,
        to,
        signings: inPeriod.length,
        earnedCents: inPeriod.reduce((sum, r) => sum + r.agentFeeCents, 0),
        paidCents: inPeriod.filter((r) => r.agentPaid).reduce((sum, r) => sum + r.agentFeeCents, 0),
      });
    }
    expect(body.yearToDate.signings).toBeGreaterThan(0);
    expect(periods.lastMonth).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(earningsPeriods('2026-01-15').lastMonth).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it("lists the year's own completed signings as CSV, paid ones with their date", async () => {
    const res = await t.request('/api/agent/earnings/export?year=2026', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Signing Date,File Number,City,State,Pay,Paid On');
    const rows = (await ownCompleted()).filter((r) => r.date.startsWith('2026-'));
    expect(lines.length - 1).toBe(rows.length);
    expect(lines.some((l) => l.endsWith(',$175.00,11/20/2026'))).toBe(true);
    expect(lines.slice(1).filter((l) => l.endsWith(',Unpaid')).length).toBe(rows.filter((r) => !r.agentPaid).length);
  });

  it('is for agents only and names a bad day', async () => {
    expect((await t.request('/api/agent/earnings', { cookie: await t.signIn('admin@demo.test') })).status).toBe(403);
    const bad = await t.request('/api/agent/earnings?today=11/26/2026', { cookie });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await readJson(bad))).toContain('today');
  });
});
