import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedForAgent, createOrder, post, scheduledForAgent, signInAll, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';

const { appointments } = schema;

/**
 * Issue 30: the operators' Assignments as a work queue — a search over file number, signer,
 * agent and city on the server, sortable columns, closed orders newest first, the signing time
 * with its zone and place on each row, and bulk actions that take each row's transition rule.
 */
describe('the Assignments work queue', () => {
  let t: TestApp;
  let s: Sessions;
  const list = async (query: string) => readJson(await t.request(`/api/appointments?${query}`, { cookie: s.admin }));
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
  });
  afterAll(() => t.close());

  it('finds orders by part of a file number, the signer’s name, the agent’s name or the city, case-insensitively', async () => {
    const a = await createOrder(t, s.escrowA, { name: 'Queue Search A', fileNumber: 'QZ-77123', contactName: 'Ottilie Brandvold' });
    const b = await createOrder(t, s.escrowA, { name: 'Queue Search B', fileNumber: 'QZ-88001', city: 'Xylophone Springs' });
    const ids = (body: { items: { id: string }[] }) => body.items.map((r) => r.id);
    expect(ids(await list('status=Open&q=z-771'))).toEqual([a]);
    expect(ids(await list('status=Open&q=brandVOLD'))).toEqual([a]);
    expect(ids(await list('status=Open&q=xylophone'))).toEqual([b]);
    expect(ids(await list('status=Open&q=%25'))).not.toContain(a); // a literal %, not a wildcard
    const row = (await list('status=Open&q=QZ-77123')).items[0];
    expect(row).toMatchObject({
      fileNumber: 'QZ-77123',
      date: '2030-12-10',
      time: '14:30',
      timeTbd: false,
      timeZone: 'CT',
      city: 'Los Angeles',
      state: 'CA',
    });

    const scheduled = await scheduledForAgent(t, s);
    const agentName: string = (await list('status=Scheduled&pageSize=100')).items.find((r: { id: string }) => r.id === scheduled.id).agent
      .name;
    const fragment = agentName.slice(1, 6).toUpperCase();
    const byAgent = await list(`status=Scheduled&pageSize=100&q=${encodeURIComponent(fragment)}`);
    expect(ids(byAgent)).toContain(scheduled.id);

    const tooLong = await t.request(`/api/appointments?q=${'x'.repeat(101)}`, { cookie: s.admin });
    expect(tooLong.status).toBe(400);
  });

  it('sorts by a column both ways, and lists Completed and Canceled newest first by default', async () => {
    const names = async (query: string) => (await list(`status=Open&pageSize=100&${query}`)).items.map((r: { name: string }) => r.name);
    const inOrder = (list: string[], direction: 1 | -1) =>
      list.every(
        (name, i) =>
          i === 0 ||
          direction * (list[i - 1]!.toLowerCase() <= name.toLowerCase() ? 1 : -1) > 0 ||
          list[i - 1]!.toLowerCase() === name.toLowerCase(),
      );
    expect(inOrder(await names('sort=name&order=asc'), 1)).toBe(true);
    expect(inOrder(await names('sort=name&order=desc'), -1)).toBe(true);

    const fees = (await list('status=Open&pageSize=100&sort=agentFee&order=desc')).items.map(
      (r: { agentFeeCents: number }) => r.agentFeeCents,
    );
    expect(fees).toEqual([...fees].sort((x, y) => y - x));

    const soonest = (await list('status=Open&pageSize=100')).items.map((r: { startsAt: number }) => r.startsAt);
    expect(soonest).toEqual([...soonest].sort((x, y) => x - y));
    for (const status of ['Completed', 'Canceled']) {
      const newest = (await list(`status=${status}&pageSize=100`)).items.map((r: { startsAt: number }) => r.startsAt);
      expect(newest.length, status).toBeGreaterThan(1);
      expect(newest, status).toEqual([...newest].sort((x, y) => y - x));
    }
    expect((await t.request('/api/appointments?sort=color', { cookie: s.admin })).status).toBe(400);
  });

  it('marks the agents of chosen orders paid, and reports by file number each order that may not be', async () => {
    const done = await completedForAgent(t, s);
    const scheduled = await scheduledForAgent(t, s);
    await t.database.db.update(appointments).set({ fileNumber: 'BULK-DONE' }).where(eq(appointments.id, done.id));
    await t.database.db.update(appointments).set({ fileNumber: 'BULK-NOT-YET' }).where(eq(appointments.id, scheduled.id));

    const res = await post(t, '/api/appointments/mark-paid', s.admin, { ids: [done.id, scheduled.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.done).toEqual([{ id: done.id, fileNumber: 'BULK-DONE' }]);
    expect(res.body.refused).toHaveLength(1);
    expect(res.body.refused[0]).toMatchObject({ id: scheduled.id, fileNumber: 'BULK-NOT-YET' });
    expect(res.body.message).toMatch(/^1 agent marked paid\. Not done for 1 order — BULK-NOT-YET: /);

    const rows = await t.database.db.select().from(appointments).where(eq(appointments.id, done.id));
    expect(rows[0]).toMatchObject({ agentPaid: true });
    expect(rows[0]!.agentPaidAt).not.toBeNull();
    const [notPaid] = await t.database.db.select().from(appointments).where(eq(appointments.id, scheduled.id));
    expect(notPaid!.agentPaid).toBe(false);

    const again = await post(t, '/api/appointments/mark-paid', s.admin, { ids: [done.id] });
    expect(again.body.done).toEqual([]);
    expect(again.body.refused[0]).toMatchObject({ fileNumber: 'BULK-DONE' });

    const invoices = await post(t, '/api/appointments/invoices', s.admin, { ids: [done.id] });
    expect(invoices.status).toBe(200);
    expect(invoices.body.message).toBe('1 invoice sent.');
    const [invoice] = await t.database.db.select().from(schema.invoices).where(eq(schema.invoices.appointmentId, done.id));
    expect(invoice).toBeDefined();

    const bad = await post(t, '/api/appointments/mark-paid', s.admin, { ids: ['not-an-id'] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Each order must be an order id');
    expect((await post(t, '/api/appointments/mark-paid', s.admin, { ids: [] })).status).toBe(400);
    expect((await post(t, '/api/appointments/mark-paid', s.escrowA, { ids: [done.id] })).status).toBe(403);
  });

  it('exports the columns a back office reconciles by', async () => {
    const id = await createOrder(t, s.escrowA, { name: 'Queue Export', fileNumber: 'EXP-1', city: 'Pasadena', zip: '91101' });
    const lines = (await (await t.request('/api/appointments/export?status=Open&q=EXP-1', { cookie: s.admin })).text())
      .trimEnd()
      .split('\r\n');
    const header = lines[0]!.split(',');
    expect(lines).toHaveLength(2);
    const cells = Object.fromEntries(header.map((column, i) => [column, lines[1]!.split(',')[i]]));
    expect(cells).toMatchObject({
      Appointment: 'Queue Export',
      'File Number': 'EXP-1',
      Date: '12/10/2030',
      Time: '2:30 PM',
      'Time Zone': 'CT',
      City: 'Pasadena',
      State: 'CA',
      'Agent Pay': '$150.00',
      'Order Id': id,
    });

    const other = await createOrder(t, s.escrowA, { name: 'Queue Export Other', fileNumber: 'EXP-2' });
    const chosen = (await (await t.request(`/api/appointments/export?status=Completed&ids=${id},${other}`, { cookie: s.admin })).text())
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(chosen.sort()).toEqual(['Queue Export', 'Queue Export Other']);
    expect((await t.request('/api/appointments/export?ids=nope', { cookie: s.admin })).status).toBe(400);
  });
});
