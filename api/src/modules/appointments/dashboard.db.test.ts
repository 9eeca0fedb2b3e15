import { schema } from '@signingdesk/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, makeEligible, otherAgentEmail, post, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { ATTENTION_KINDS, type AttentionKind } from '@signingdesk/domain/attention';
import { APPOINTMENT_STATUSES } from '@signingdesk/domain/codes';

const { appointments } = schema;
const HOUR = 3_600_000;

describe('the operators’ Dashboard', () => {
  let t: TestApp;
  let s: Sessions;
  const ids = {} as Record<AttentionKind | 'fresh' | 'paid', string>;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    const agentId = await userIdOf(t, 'agent@demo.test');
    const set = (id: string, values: Partial<typeof appointments.$inferInsert>) =>
      t.database.db.update(appointments).set(values).where(eq(appointments.id, id));
    const now = Date.now();
    for (const key of [...ATTENTION_KINDS, 'fresh', 'paid'] as const)
      ids[key] = await createOrder(t, s.escrowA, { fileNumber: `DASH-${key}` });
    // Open for five hours, no agent; the fresh one was ordered a minute ago.
    await set(ids.unfilled, { createdAt: new Date(now - 5 * HOUR) });
    // Starts in three hours, assigned, no document uploaded.
    await set(ids.undocumented, {
      status: 'Scheduled',
      assignedAgentId: agentId,
      startsAt: Math.floor((now + 3 * HOUR) / 1000),
      createdAt: new Date(now - HOUR),
    });
    // Completed three hours ago, scan-backs required, none uploaded; paid, so not also "unpaid".
    await set(ids.no_scan_backs, {
      status: 'Completed',
      assignedAgentId: agentId,
      scanBackRequired: true,
      markedCompleted: true,
      markedCompletedAt: new Date(now - 3 * HOUR),
      agentPaid: true,
      agentPaidAt: new Date(now),
    });
    // Completed, the agent not paid yet, no scan-backs needed.
    await set(ids.unpaid, {
      status: 'Completed',
      assignedAgentId: agentId,
      scanBackRequired: false,
      markedCompleted: true,
      markedCompletedAt: new Date(now - HOUR),
    });
    await set(ids.paid, {
      status: 'Completed',
      assignedAgentId: agentId,
      scanBackRequired: false,
      markedCompleted: true,
      markedCompletedAt: new Date(now - HOUR),
      agentPaid: true,
      agentPaidAt: new Date(now),
    });
    // Signed two days ago, its originals due out by the end of that day, not shipped (issue 33); paid.
    await set(ids.not_shipped, {
      status: 'Completed',
      assignedAgentId: agentId,
      date: new Date(now - 48 * HOUR).toISOString().slice(0, 10),
      startsAt: Math.floor((now - 48 * HOUR) / 1000),
      scanBackRequired: false,
      returnMethod: 'dropoff',
      returnCarrier: 'FedEx',
      shipByDay: 'same_day',
      shipByTime: '23:59',
      markedCompleted: true,
      markedCompletedAt: new Date(now - 47 * HOUR),
      outcome: 'signed',
      agentPaid: true,
      agentPaidAt: new Date(now),
    });
    // Started five hours ago, still not marked complete (issue 27, item 7).
    await set(ids.overdue, {
      status: 'Scheduled',
      assignedAgentId: agentId,
      startsAt: Math.floor((now - 5 * HOUR) / 1000),
      createdAt: new Date(now - 48 * HOUR),
    });
    // Assigned, two days ahead, to an agent who was disabled since.
    const disabledAgentId = await userIdOf(t, await otherAgentEmail(t));
    await t.database.db.update(schema.profiles).set({ status: 'disabled' }).where(eq(schema.profiles.userId, disabledAgentId));
    await set(ids.agent_disabled, {
      status: 'Scheduled',
      assignedAgentId: disabledAgentId,
      startsAt: Math.floor((now + 48 * HOUR) / 1000),
      createdAt: new Date(now - HOUR),
    });
    // Open an hour, automatic dispatch ran out of agents (decision 067).
    await set(ids.dispatch_exhausted, { createdAt: new Date(now - HOUR) });
    await t.database.db.insert(schema.dispatches).values({
      appointmentId: ids.dispatch_exhausted,
      state: 'exhausted',
      wave: 2,
      reason: 'Every eligible agent has been offered this order (6 agents in 2 waves) and none has taken it.',
    });
    // A message from the escrow side no operator has read.
    expect((await post(t, `/api/appointments/${ids.unread}/notes`, s.escrowA, { message: 'Signer moved to the afternoon.' })).status).toBe(
      201,
    );
    for (const key of ['unread', 'fresh', 'paid'] as const) await set(ids[key], { createdAt: new Date(now - 60_000) });
  });
  afterAll(() => t.close());

  /** Every row of the Assignments list filtered by a bucket, page by page. */
  async function listed(kind: AttentionKind) {
    const rows: string[] = [];
    for (let page = 1; ; page++) {
      const res = await t.request(`/api/appointments?attention=${kind}&page=${page}&pageSize=100`, { cookie: s.admin });
      expect(res.status).toBe(200);
      const body = await readJson(res);
      rows.push(...body.items.map((r: { id: string }) => r.id));
      if (rows.length >= body.total) return { ids: rows, total: body.total as number };
    }
  }

  it('counts each bucket exactly as the list it opens, and puts each order in its own bucket only', async () => {
    const res = await t.request('/api/dashboard', { cookie: s.subAdmin });
    expect(res.status).toBe(200);
    const dashboard = await readJson(res);
    expect(dashboard.attention.map((a: { kind: string }) => a.kind)).toEqual([...ATTENTION_KINDS]);
    for (const { kind, count, label } of dashboard.attention as { kind: AttentionKind; count: number; label: string }[]) {
      const list = await listed(kind);
      expect(list.total, kind).toBe(count);
      expect(list.ids.length, kind).toBe(count);
      expect(label.length).toBeGreaterThan(10);
      for (const other of ATTENTION_KINDS) expect(list.ids.includes(ids[other]), `${other} in ${kind}`).toBe(other === kind);
      expect(list.ids).not.toContain(ids.fresh);
      expect(list.ids).not.toContain(ids.paid);
    }
  });

  it('marks a scheduled signing overdue 3 hours after its start, in its row and its bucket (issue 27, item 7)', async () => {
    const row = async (kind: AttentionKind, id: string) =>
      (await readJson(await t.request(`/api/appointments?attention=${kind}&pageSize=100`, { cookie: s.admin }))).items.find(
        (r: { id: string }) => r.id === id,
      );
    expect(await row('overdue', ids.overdue)).toMatchObject({ status: 'Scheduled', overdue: true });
    expect(await row('undocumented', ids.undocumented)).toMatchObject({ status: 'Scheduled', overdue: false });
    const dashboard = await readJson(await t.request('/api/dashboard', { cookie: s.admin }));
    expect(dashboard.attention.find((a: { kind: string }) => a.kind === 'overdue')).toMatchObject({
      label: 'Overdue — not marked complete 3 hours after the signing',
    });
    // An hour later than its start is not overdue yet.
    await t.database.db
      .update(appointments)
      .set({ startsAt: Math.floor((Date.now() - HOUR) / 1000) })
      .where(eq(appointments.id, ids.overdue));
    expect((await listed('overdue')).ids).not.toContain(ids.overdue);
    await t.database.db
      .update(appointments)
      .set({ startsAt: Math.floor((Date.now() - 5 * HOUR) / 1000) })
      .where(eq(appointments.id, ids.overdue));
  });

  it('charts signings per day by status around today, orders by state and the time to assignment', async () => {
    const dashboard = await readJson(await t.request('/api/dashboard', { cookie: s.admin }));
    expect(dashboard.signingsPerDay).toHaveLength(29);
    const [day] = await t.database.db.select({ date: appointments.date }).from(appointments).where(eq(appointments.id, ids.fresh));
    const bucket = dashboard.signingsPerDay.find((d: { day: string }) => d.day === day!.date);
    if (bucket) expect(bucket.Open).toBeGreaterThanOrEqual(1);
    const rows = await t.database.db.select({ state: appointments.state, status: appointments.status }).from(appointments);
    const inProcess = rows.filter((r) => ['Open', 'Pending', 'Scheduled', 'Paused'].includes(r.status));
    const tx = dashboard.inProcessByState.find((r: { state: string }) => r.state === 'TX');
    expect(tx?.count).toBe(inProcess.filter((r) => r.state === 'TX').length);

    // An assignment now: its order (made a minute ago) shows in the median for its state.
    const id = await createOrder(t, s.escrowA, { state: 'NM', zip: '87501', city: 'Santa Fe', fileNumber: 'DASH-NM' });
    const agentId = await userIdOf(t, 'agent@demo.test');
    await makeEligible(t, id, [agentId]);
    expect((await post(t, `/api/appointments/${id}/assign`, s.admin, { agentId })).status).toBe(200);
    const after = await readJson(await t.request('/api/dashboard', { cookie: s.admin }));
    const nm = after.hoursToAssignment.find((r: { state: string }) => r.state === 'NM');
    expect(nm).toMatchObject({ orders: 1 });
    expect(nm.medianHours).toBeLessThan(0.1);
  });

  it('follows the files: an uploaded document takes an order out of its bucket, and its deletion puts it back', async () => {
    const { files } = schema;
    const inBucket = async (kind: AttentionKind, id: string) => (await listed(kind)).ids.includes(id);
    const uploader = await userIdOf(t, 'escrow@firm-a.demo.test');
    const file = (appointmentId: string, kind: 'document' | 'scan_back', uploadConfirmed: boolean) => ({
      appointmentId,
      kind,
      uploadConfirmed,
      fileName: `${kind}.pdf`,
      storageKey: `test/${appointmentId}/${kind}/${Math.random()}`,
      contentType: 'application/pdf',
      sizeBytes: 10,
      uploadedBy: uploader,
    });
    // Begun but not finished: still without documents.
    const [begun] = await t.database.db
      .insert(files)
      .values(file(ids.undocumented, 'document', false))
      .returning({ id: files.id });
    expect(await inBucket('undocumented', ids.undocumented)).toBe(true);
    await t.database.db.update(files).set({ uploadConfirmed: true }).where(eq(files.id, begun!.id));
    expect(await inBucket('undocumented', ids.undocumented)).toBe(false);
    await t.database.db.delete(files).where(eq(files.id, begun!.id));
    expect(await inBucket('undocumented', ids.undocumented)).toBe(true);
    // A scan-back, and a document that does not count as one.
    await t.database.db.insert(files).values([file(ids.no_scan_backs, 'document', true), file(ids.no_scan_backs, 'scan_back', true)]);
    expect(await inBucket('no_scan_backs', ids.no_scan_backs)).toBe(false);
    await t.database.db.delete(files).where(and(eq(files.appointmentId, ids.no_scan_backs), eq(files.kind, 'scan_back')));
    expect(await inBucket('no_scan_backs', ids.no_scan_backs)).toBe(true);
  });

  it('keeps its charts equal to the orders as they are created, moved, canceled and deleted, with two readers at once', async () => {
    const set = (id: string, values: Partial<typeof appointments.$inferInsert>) =>
      t.database.db.update(appointments).set(values).where(eq(appointments.id, id));
    const made = [];
    for (let i = 0; i < 4; i++)
      made.push(await createOrder(t, s.escrowA, { state: 'NV', zip: '89501', city: 'Reno', fileNumber: `DASH-NV-${i}` }));
    const today = new Date().toISOString().slice(0, 10);
    await set(made[0]!, { date: today });
    await set(made[1]!, { status: 'Canceled' });
    await t.database.db.delete(appointments).where(eq(appointments.id, made[2]!));
    // A statement over every order that changes none of the counted columns.
    await t.database.db.update(appointments).set({ comments: sql`${appointments.comments}` });
    const [a, b] = await Promise.all([0, 1].map(async () => readJson(await t.request('/api/dashboard', { cookie: s.admin }))));
    expect(b.signingsPerDay).toEqual(a.signingsPerDay);
    expect(b.inProcessByState).toEqual(a.inProcessByState);

    const rows = await t.database.db
      .select({ day: appointments.date, state: appointments.state, status: appointments.status })
      .from(appointments);
    for (const day of a.signingsPerDay as Record<string, string | number>[]) {
      for (const status of APPOINTMENT_STATUSES)
        expect(day[status], `${day.day} ${status}`).toBe(rows.filter((r) => r.day === day.day && r.status === status).length);
    }
    const inProcess = new Map<string, number>();
    for (const r of rows)
      if (['Open', 'Pending', 'Scheduled', 'Paused'].includes(r.status)) inProcess.set(r.state, (inProcess.get(r.state) ?? 0) + 1);
    const expected = [...inProcess]
      .sort(([s1, n1], [s2, n2]) => n2 - n1 || s1.localeCompare(s2))
      .slice(0, 12)
      .map(([state, count]) => ({ state, count }));
    expect(a.inProcessByState).toEqual(expected);
    expect(inProcess.get('NV')).toBe(2); // four made, one canceled, one deleted
    expect(a.signingsPerDay.find((d: { day: string }) => d.day === today).Open).toBe(
      rows.filter((r) => r.day === today && r.status === 'Open').length,
    );
  });

  it('exports an Assignments search as CSV: the table’s columns, every row of the filter', async () => {
    const res = await t.request('/api/appointments/export?attention=unpaid', { cookie: s.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="assignments-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Appointment,File Number,Files,Agent Downloaded,Unread Messages,Status,Notary Paid,Signing Agent,Firm,Date,Time,Time Zone,City,State,Agent Pay,Firm Fee,Margin,Invoice Number,Order Id',
    );
    expect(lines.length - 1).toBe((await listed('unpaid')).total);
    const open = await readJson(await t.request('/api/appointments?status=Open&pageSize=1', { cookie: s.admin }));
    const all = (await (await t.request('/api/appointments/export?status=Open', { cookie: s.admin })).text()).trimEnd().split('\r\n');
    expect(all.length - 1).toBe(open.total);
    expect(all.slice(1).every((line) => line.includes(',Open,'))).toBe(true);
    expect((await t.request('/api/appointments/export', { cookie: s.escrowA })).status).toBe(403);
  });

  it('is for operators only', async () => {
    for (const cookie of [s.escrowA, s.orgAdmin, s.agent]) expect((await t.request('/api/dashboard', { cookie })).status).toBe(403);
    expect((await t.request('/api/appointments?attention=sometimes', { cookie: s.admin })).status).toBe(400);
  });
});
