import { schema } from '@signingdesk/db';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFERED_FEE_LOCKED_MESSAGE } from '@signingdesk/domain/fee-rules';
import {
  appointmentRow,
  auditOf,
  completedForAgent,
  createOrder,
  jobsOf,
  offersOf,
  offerTo,
  post,
  scheduledForAgent,
  signInAll,
  userIdOf,
  type Sessions,
} from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';

/**
 * Issue 27, items 1–4 (decision 047): the agent is paid the accepted bid, the firm is charged
 * that plus the order's markup (firm A's service fee is $45.00), and every figure — the order,
 * the notices, the payment, the invoice, the Assignments CSV — carries the agreed amount. Paying
 * and invoicing wait for the signing to be completed.
 */
describe('the agreed fee', () => {
  let t: TestApp;
  let s: Sessions;
  let agentId: string;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    agentId = await userIdOf(t, 'agent@demo.test');
  });
  afterAll(() => t.close());

  const patch = async (cookie: string, id: string, body: Record<string, unknown>) => {
    const res = await t.request(`/api/appointments/${id}`, { method: 'PATCH', cookie, body: JSON.stringify(body) });
    return { status: res.status, body: await readJson(res) };
  };
  const operatorView = async (id: string) => readJson(await t.request(`/api/appointments/${id}`, { cookie: s.admin }));
  const escrowView = async (id: string) => readJson(await t.request(`/api/appointments/${id}`, { cookie: s.escrowA }));
  /** The Assignments CSV line of the order named `name` (names here are unique to each test). */
  const csvLine = async (status: string, name: string) => {
    const res = await t.request(`/api/appointments/export?status=${status}`, { cookie: s.admin });
    expect(res.status).toBe(200);
    const lines = (await res.text()).trimEnd().split('\r\n');
    const header = lines[0]!.split(',');
    const line = lines.find((l) => l.startsWith(`${name},`));
    expect(line, name).toBeDefined();
    const cells = line!.split(',');
    return Object.fromEntries(header.map((column, i) => [column, cells[i]]));
  };
  /** Completes the order (agent@demo.test assigned), marks the agent paid and sends the invoice. */
  async function settle(order: { id: string; offerId: string }) {
    await completedForAgent(t, s, order);
    const paid = await post(t, `/api/appointments/${order.id}/mark-paid`, s.admin);
    expect(paid.status).toBe(200);
    const invoice = await post(t, `/api/appointments/${order.id}/invoice`, s.admin);
    expect(invoice.status).toBe(201);
    return { paid: paid.body, invoice: invoice.body };
  }

  it('accept a counter: the agent’s pay, the firm fee, the notices, the payment, the invoice and the CSV carry the agreed $175.00', async () => {
    const name = 'Agreed Counter Refinance';
    const id = await createOrder(t, s.escrowA, { name, agentFee: '$125' });
    expect(await appointmentRow(t, id)).toMatchObject({ agentFeeCents: 12_500, firmFeeCents: 17_000 });
    await offerTo(t, id, [agentId]);
    const counter = await post(t, `/api/appointments/${id}/counter`, s.agent, { bid: '$175' });
    expect(counter.status).toBe(200);
    expect((await post(t, `/api/appointments/${id}/bids/${counter.body.offer.id}/accept`, s.admin)).status).toBe(200);

    expect(await appointmentRow(t, id)).toMatchObject({ status: 'Scheduled', agentFeeCents: 17_500, firmFeeCents: 22_000 });
    expect(await operatorView(id)).toMatchObject({ agentFeeCents: 17_500, firmFeeCents: 22_000 });
    // The escrow officer sees the agreed fee and the firm's charge (decision 061), never the bids.
    const seen = await escrowView(id);
    expect(seen).toMatchObject({ view: 'escrow', agentFeeCents: 17_500, firmFeeCents: 22_000, agentFeeChangeable: false });
    expect(seen).not.toHaveProperty('bids');
    expect((await jobsOf(t, id, ['bid.accepted']))[0]!.payload).toMatchObject({ fee: '$175.00' });
    expect(await csvLine('Scheduled', name)).toMatchObject({
      'Agent Pay': '$175.00',
      'Firm Fee': '$220.00',
      Margin: '$45.00',
      'Invoice Number': '',
    });

    const { paid, invoice } = await settle({ id, offerId: counter.body.offer.id });
    expect(paid.message).toBe('The agent is marked paid $175.00.');
    expect((await jobsOf(t, id, ['agent.paid']))[0]!.payload).toMatchObject({ amount: '$175.00' });
    expect((await auditOf(t, id)).find((a) => a.action === 'appointment.agent_paid')!.details).toMatchObject({ amountCents: 17_500 });
    expect(invoice).toMatchObject({ amountCents: 22_000, amount: '$220.00' });
    expect(await csvLine('Completed', name)).toMatchObject({
      'Notary Paid': expect.stringMatching(/^Paid /),
      'Agent Pay': '$175.00',
      'Firm Fee': '$220.00',
      Margin: '$45.00',
      'Invoice Number': String(invoice.number),
    });
  });

  it('reassign to a counter: the new agent’s $160.00 is the pay, and the firm fee, payment, invoice and CSV follow', async () => {
    const name = 'Agreed Reassignment Purchase';
    const id = await createOrder(t, s.escrowA, { name });
    await offerTo(t, id, [agentId]);
    const counter = await post(t, `/api/appointments/${id}/counter`, s.agent, { bid: '$160' });
    expect(counter.status).toBe(200);
    // Another agent holds the order at the offered $150.00 (set in the database: which agent is
    // eligible where is not this test's concern); agent@demo.test's counter is still on the list.
    const [rival] = await t.database.db
      .select({ id: schema.user.id })
      .from(schema.user)
      .where(and(eq(schema.user.role, 'notary'), ne(schema.user.id, agentId)))
      .limit(1);
    await t.database.db.insert(schema.offers).values({ appointmentId: id, agentId: rival!.id, status: 'approved', bidCents: 15_000 });
    await t.database.db
      .update(schema.appointments)
      .set({ status: 'Scheduled', assignedAgentId: rival!.id })
      .where(eq(schema.appointments.id, id));
    expect(await appointmentRow(t, id)).toMatchObject({ agentFeeCents: 15_000, firmFeeCents: 19_500 });

    const res = await post(t, `/api/appointments/${id}/reassign`, s.admin, { offerId: counter.body.offer.id });
    expect(res.status).toBe(200);
    expect(await appointmentRow(t, id)).toMatchObject({ assignedAgentId: agentId, agentFeeCents: 16_000, firmFeeCents: 20_500 });
    expect(res.body.appointment).toMatchObject({ agentFeeCents: 16_000, firmFeeCents: 20_500 });
    const told = (await jobsOf(t, id, ['assignment.changed'])).find((j) => j.recipientId === agentId);
    expect(told!.payload).toMatchObject({ fee: '$160.00' });
    expect((await offersOf(t, id)).find((o) => o.agentId === agentId)).toMatchObject({ status: 'approved', bidCents: 16_000 });

    const { paid, invoice } = await settle({ id, offerId: counter.body.offer.id });
    expect(paid.message).toBe('The agent is marked paid $160.00.');
    expect((await jobsOf(t, id, ['agent.paid']))[0]!.payload).toMatchObject({ amount: '$160.00' });
    expect(invoice).toMatchObject({ amountCents: 20_500, amount: '$205.00' });
    expect(await csvLine('Completed', name)).toMatchObject({
      'Agent Pay': '$160.00',
      'Firm Fee': '$205.00',
      Margin: '$45.00',
      'Invoice Number': String(invoice.number),
    });
  });

  it('lets the escrow side change the fee it offers until the order is sent; operators after, the firm fee following and an agreed pay changing with the bid', async () => {
    const id = await createOrder(t, s.escrowA, { name: 'Agreed Escrow Edit' });
    const before = await patch(s.escrowA, id, { agentFee: '$200' });
    expect(before.status).toBe(200);
    expect(await appointmentRow(t, id)).toMatchObject({ agentFeeCents: 20_000, firmFeeCents: 24_500 });
    expect(await escrowView(id)).toMatchObject({ agentFeeCents: 20_000, firmFeeCents: 24_500, agentFeeChangeable: true });

    await offerTo(t, id, [agentId]);
    const after = await patch(s.escrowA, id, { agentFee: '$999' });
    expect(after.status).toBe(400);
    expect(after.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: OFFERED_FEE_LOCKED_MESSAGE,
      errors: [{ field: 'agentFee', message: OFFERED_FEE_LOCKED_MESSAGE }],
    });
    expect(await appointmentRow(t, id)).toMatchObject({ agentFeeCents: 20_000, firmFeeCents: 24_500 });
    // The same fee sent again with another change is no change of the fee.
    expect((await patch(s.escrowA, id, { agentFee: '$200', lender: 'Wells Fargo Home Mortgage' })).status).toBe(200);

    expect((await patch(s.admin, id, { agentFee: '$210' })).status).toBe(200);
    expect(await appointmentRow(t, id)).toMatchObject({ agentFeeCents: 21_000, firmFeeCents: 25_500 });
    const claim = await post(t, `/api/appointments/${id}/claim`, s.agent);
    expect(claim.body.offer).toMatchObject({ bidCents: 21_000 });
    expect((await post(t, `/api/appointments/${id}/bids/${claim.body.offer.id}/accept`, s.admin)).status).toBe(200);

    const raised = await patch(s.admin, id, { agentFee: '$230' });
    expect(raised.status).toBe(200);
    expect(raised.body.changedFields).toEqual(expect.arrayContaining(['agentFeeCents', 'firmFeeCents']));
    expect(await appointmentRow(t, id)).toMatchObject({ agentFeeCents: 23_000, firmFeeCents: 27_500 });
    expect((await offersOf(t, id)).find((o) => o.agentId === agentId)).toMatchObject({ status: 'approved', bidCents: 23_000 });
    // An operator's firm fee in the same edit stands.
    expect((await patch(s.admin, id, { agentFee: '$240', firmFee: '$300' })).status).toBe(200);
    expect(await appointmentRow(t, id)).toMatchObject({ agentFeeCents: 24_000, firmFeeCents: 30_000 });
  });

  it('refuses Mark Notary Paid and Send Invoice before the signing is completed, changing nothing', async () => {
    const order = await scheduledForAgent(t, s);
    const paid = await post(t, `/api/appointments/${order.id}/mark-paid`, s.admin);
    expect(paid.status).toBe(409);
    expect(paid.body).toMatchObject({
      code: 'NOT_ALLOWED_IN_STATUS',
      detail: 'The signing agent can be marked paid once the appointment is completed; it is scheduled.',
    });
    const invoice = await post(t, `/api/appointments/${order.id}/invoice`, s.admin);
    expect(invoice.status).toBe(409);
    expect(invoice.body).toMatchObject({
      code: 'NOT_ALLOWED_IN_STATUS',
      detail: 'The invoice can be sent once the appointment is completed; it is scheduled.',
    });
    expect(await appointmentRow(t, order.id)).toMatchObject({ agentPaid: false, agentPaidAt: null });
    expect(await jobsOf(t, order.id, ['agent.paid'])).toHaveLength(0);
    expect(await t.database.db.$count(schema.invoices, eq(schema.invoices.appointmentId, order.id))).toBe(0);
  });

  it('records an operator’s completion as the operator’s: the escrow officer’s notice says SigningDesk, not the agent', async () => {
    const order = await scheduledForAgent(t, s);
    await t.database.db
      .update(schema.appointments)
      .set({ startsAt: Math.floor(Date.now() / 1000) - 3600 })
      .where(eq(schema.appointments.id, order.id));
    expect((await post(t, `/api/appointments/${order.id}/complete`, s.subAdmin)).status).toBe(200);
    const jobs = await jobsOf(t, order.id, ['appointment.completed']);
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) expect(job.payload).toMatchObject({ by: 'operator' });
    expect((await auditOf(t, order.id)).find((a) => a.action === 'appointment.completed')!.details).toEqual({ by: 'operator' });
  });
});
