import { schema } from '@signingdesk/db';
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRow, createOrder, post, VALID_ORDER } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';

const { appointments, files } = schema;

describe('appointment lists', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn('admin@demo.test');
  });
  afterAll(() => t.close());

  it('pages the operators’ assignment search by status and firm, newest first for Completed, with the row indicators', async () => {
    const all: { id: string; filesAttachedCount: number; firm: { id: string } }[] = [];
    let total = 0;
    for (let page = 1; page <= 20; page++) {
      const body = await readJson(await t.request(`/api/appointments?status=Completed&pageSize=10&page=${page}`, { cookie: admin }));
      total = body.total;
      all.push(...body.items);
      if (body.items.length < 10) break;
    }
    const expected = await t.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.status, 'Completed'))
      .orderBy(desc(appointments.startsAt), desc(appointments.id));
    expect(total).toBe(expected.length);
    expect(all.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    const counts = await t.database.db
      .select({ id: files.appointmentId, n: count() })
      .from(files)
      .where(
        and(
          inArray(
            files.appointmentId,
            expected.map((r) => r.id),
          ),
          ne(files.kind, 'invoice'),
        ),
      )
      .groupBy(files.appointmentId);
    const countOf = new Map(counts.map((c) => [c.id, c.n]));
    for (const row of all) expect(row.filesAttachedCount).toBe(countOf.get(row.id) ?? 0);

    const [firmA] = await t.database.db.select().from(schema.firms).where(eq(schema.firms.orgNumber, 1));
    const firmOnly = await readJson(
      await t.request(`/api/appointments?status=Completed&firmId=${firmA!.id}&pageSize=100`, { cookie: admin }),
    );
    expect(firmOnly.items.every((r: { firm: { id: string } }) => r.firm.id === firmA!.id)).toBe(true);
    expect(firmOnly.total).toBe(all.filter((r) => r.firm.id === firmA!.id).length);
  });

  it('defaults the search to Open', async () => {
    const body = await readJson(await t.request('/api/appointments', { cookie: admin }));
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((r: { status: string }) => r.status === 'Open')).toBe(true);
  });

  it('gives a creator only their own in-process orders, the newest completed first', async () => {
    const cookie = await t.signIn('escrow@firm-a.demo.test');
    const [me] = await t.database.db.select().from(schema.user).where(eq(schema.user.email, 'escrow@firm-a.demo.test'));
    const inProcess = await readJson(await t.request('/api/escrow/appointments?view=in-process&pageSize=100', { cookie }));
    const own = await t.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.createdBy, me!.id), inArray(appointments.status, ['Open', 'Pending', 'Scheduled', 'Paused'])));
    expect(new Set(inProcess.items.map((r: { id: string }) => r.id))).toEqual(new Set(own.map((r) => r.id)));
    const completed = await readJson(await t.request('/api/escrow/appointments?view=completed&pageSize=100', { cookie }));
    const dates = completed.items.map((r: { date: string }) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('the signers’ phones of an order', () => {
  let t: TestApp;
  let escrow: string;
  beforeAll(async () => {
    t = await createTestApp();
    escrow = await t.signIn('escrow@firm-a.demo.test');
  });
  afterAll(() => t.close());

  it('stores each as its 10 digits, as every other phone, the country code 1 dropped', async () => {
    const id = await createOrder(t, escrow, { contactPhone1: '+1 (213) 555-0142', contactPhone2: '213.555.0143' });
    const row = await appointmentRow(t, id);
    expect([row!.contactPhone1, row!.contactPhone2]).toEqual(['2135550142', '2135550143']);
  });

  it('refuses a number that is not a US one, naming the field', async () => {
    const before = await t.database.db.$count(appointments);
    const res = await post(t, '/api/appointments', escrow, { ...VALID_ORDER, contactPhone1: '22135550142' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'contactPhone1', message: 'Signer phone 1 must be a 10-digit phone number' }]);
    expect(await t.database.db.$count(appointments)).toBe(before);
  });

  it('tells the editor which fields changed, as the order form labels them', async () => {
    const id = await createOrder(t, escrow, { contactPhone1: '(213) 555-0142' });
    const res = await t.request(`/api/appointments/${id}`, {
      method: 'PATCH',
      cookie: escrow,
      body: JSON.stringify({ contactPhone1: '(213) 555-0199', agentFee: '$180' }),
    });
    expect(res.status).toBe(200);
    const body = await readJson(res);
    // The firm fee follows the agent fee with the order's markup (decision 047).
    expect(body.changedFields).toEqual(['agentFeeCents', 'firmFeeCents', 'contactPhone1']);
    expect(body.message).toBe('The order was updated (Firm fee, Signing agent fee, Signer phone 1) and notifications were sent.');
  });
});

describe('a signing time that has passed (issue 27, item 7)', () => {
  let t: TestApp;
  let escrow: string;
  beforeAll(async () => {
    t = await createTestApp();
    escrow = await t.signIn('escrow@firm-a.demo.test');
  });
  afterAll(() => t.close());

  /** Today and yesterday as the Pacific zone's calendar reads them now. */
  const pacificDay = (offsetDays: number) =>
    new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Los_Angeles' });
  const orderCount = async () => (await t.database.db.select({ n: count() }).from(appointments))[0]!.n;

  it('refuses an order for a day that has passed, on the date field, and creates nothing', async () => {
    const before = await orderCount();
    const yesterday = pacificDay(-1);
    const res = await t.request('/api/appointments', {
      method: 'POST',
      cookie: escrow,
      body: JSON.stringify({ ...VALID_ORDER, date: yesterday, time: '23:59', timeZone: 'PT' }),
    });
    expect(res.status).toBe(400);
    const [y, m, d] = yesterday.split('-');
    expect(await readJson(res)).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: `Date must be today or later: ${m}/${d}/${y} has passed`,
      errors: [{ field: 'date', message: `Date must be today or later: ${m}/${d}/${y} has passed` }],
    });
    expect(await orderCount()).toBe(before);
  });

  it('refuses a time earlier today on the time field, in the spec’s format; Time TBD today is accepted', async () => {
    const today = pacificDay(0);
    // The date and the time of one instant an hour ago. Just after midnight that is
    // yesterday's date with a late time, and the date field answers.
    const hourAgo = new Date(Date.now() - 3_600_000);
    const hourAgoDate = hourAgo.toLocaleDateString('en-CA', { timeZone: 'America/Los_Angeles' });
    const hourAgoTime = hourAgo.toLocaleTimeString('en-GB', { timeZone: 'America/Los_Angeles', hour: '2-digit', minute: '2-digit' });
    const res = await t.request('/api/appointments', {
      method: 'POST',
      cookie: escrow,
      body: JSON.stringify({ ...VALID_ORDER, date: hourAgoDate, time: hourAgoTime, timeZone: 'PT' }),
    });
    expect(res.status).toBe(400);
    const body = await readJson(res);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors[0].message).toMatch(
      /^(Time must be later than now: \d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2} [AP]M PT|Date must be today or later: \d{2}\/\d{2}\/\d{4}) has passed$/,
    );
    const tbd = await t.request('/api/appointments', {
      method: 'POST',
      cookie: escrow,
      body: JSON.stringify({ ...VALID_ORDER, date: today, time: null, timeTbd: true, timeZone: 'PT' }),
    });
    expect(tbd.status).toBe(201);
  });

  it('refuses moving an order into the past, and still edits an order whose time has passed in other fields', async () => {
    const id = await createOrder(t, escrow, { fileNumber: 'PAST-1' });
    const patch = (body: object) => t.request(`/api/appointments/${id}`, { method: 'PATCH', cookie: escrow, body: JSON.stringify(body) });
    const moved = await patch({ date: pacificDay(-2), time: '10:00', timeZone: 'PT' });
    expect(moved.status).toBe(400);
    expect((await readJson(moved)).errors[0].field).toBe('date');
    expect(await appointmentRow(t, id)).toMatchObject({ date: VALID_ORDER.date });

    // The signing's time passes (as it does for every order): the rest of it can still be edited.
    await t.database.db
      .update(appointments)
      .set({ date: pacificDay(-2), startsAt: Math.floor(Date.now() / 1000) - 2 * 86_400 })
      .where(eq(appointments.id, id));
    const edited = await patch({ comments: 'Signer asks for a call first.' });
    expect(edited.status).toBe(200);
    expect(await appointmentRow(t, id)).toMatchObject({ comments: 'Signer asks for a call first.' });
  });
});
