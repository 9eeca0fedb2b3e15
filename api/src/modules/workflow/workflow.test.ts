import { schema } from '@signingdesk/db';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentInstant } from '../../domain/time-zones';
import {
  appointmentRow,
  auditOf,
  createOrder,
  jobsOf,
  offersOf,
  offerTo,
  pendingWithBid,
  post,
  scheduledForAgent,
  signInAll,
  userIdOf,
  VALID_ORDER,
  type Sessions,
} from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';

describe('the appointment workflow', () => {
  let t: TestApp;
  let s: Sessions;
  let agentId: string;
  let escrowAId: string;
  let adminId: string;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    agentId = await userIdOf(t, 'agent@demo.test');
    escrowAId = await userIdOf(t, 'escrow@firm-a.demo.test');
    adminId = await userIdOf(t, 'admin@demo.test');
  });
  afterAll(() => t.close());

  const recipients = (jobs: { recipientId: string }[]) => new Set(jobs.map((j) => j.recipientId));

  describe('create', () => {
    it('stores an Open order with the instant derived from date, time and zone, and tells the operators', async () => {
      const id = await createOrder(t, s.escrowA, { timeZone: 'PT', date: '2026-07-04', time: '09:15', agentFee: '$162.50' });
      const row = await appointmentRow(t, id);
      expect(row).toMatchObject({ status: 'Open', createdBy: escrowAId, agentFeeCents: 16250, timeZone: 'PT', timeTbd: false });
      expect(row.startsAt).toBe(appointmentInstant('2026-07-04', '09:15', 'PT'));
      expect(row.startsAt).toBe(Date.UTC(2026, 6, 4, 16, 15) / 1000); // PDT is UTC-7
      expect(row.latitude).toBeCloseTo(34.06, 1);
      expect(recipients(await jobsOf(t, id, ['appointment.created'])).has(adminId)).toBe(true);
      expect((await auditOf(t, id)).map((a) => a.action)).toContain('appointment.created');
    });

    it('stores TBD as 00:00 with the flag, defaults the zone to CT and strips the $', async () => {
      const id = await createOrder(t, s.escrowA, { time: undefined, timeTbd: true, timeZone: undefined, agentFee: '$95' });
      const row = await appointmentRow(t, id);
      expect(row).toMatchObject({ time: '00:00', timeTbd: true, timeZone: 'CT', agentFeeCents: 9500 });
    });

    it('refuses a missing time unless TBD, a 4-digit zip and a 401-character comment, naming the fields', async () => {
      const before = await t.database.db.$count(schema.appointments);
      const res = await post(t, '/api/appointments', s.escrowA, { name: 'x', date: '2026-12-01', street: 's', city: 'c', state: 'CA', zip: '9001', agentFee: '100', scanBackRequired: false, transactionType: 1, comments: 'x'.repeat(401) });
      expect(res.status).toBe(400);
      const fields = res.body.errors.map((e: { field: string }) => e.field);
      expect(fields).toEqual(expect.arrayContaining(['zip', 'comments', 'time']));
      expect(await t.database.db.$count(schema.appointments)).toBe(before);
    });

    it('lets an operator create for a firm’s escrow officer, and only operators set the firm fee', async () => {
      const [firmA] = await t.database.db.select().from(schema.firms).where(eq(schema.firms.orgNumber, 1));
      const res = await post(t, '/api/appointments', s.admin, { ...VALID_ORDER, firmId: firmA!.id, escrowOfficerId: escrowAId, firmFee: '$210' });
      expect(res.status).toBe(201);
      expect((await appointmentRow(t, res.body.appointment.id)).firmFeeCents).toBe(21000);
      const refused = await post(t, '/api/appointments', s.escrowA, { ...VALID_ORDER, firmFee: '$210' });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].field).toBe('firmFee');
    });
  });

  describe('edit', () => {
    it('updates only what changed and tells the assigned agent and the operators which fields', async () => {
      const { id } = await scheduledForAgent(t, s);
      const res = await t.request(`/api/appointments/${id}`, { method: 'PATCH', cookie: s.escrowA, body: JSON.stringify({ time: '16:00', street: '1 New St', name: 'Fixture Refinance' }) });
      const body = await readJson(res);
      expect(res.status).toBe(200);
      expect(body.changedFields).toEqual(['time', 'street']);
      const row = await appointmentRow(t, id);
      expect(row.time).toBe('16:00');
      expect(row.startsAt).toBe(appointmentInstant('2026-12-10', '16:00', 'CT'));
      const jobs = await jobsOf(t, id, ['appointment.updated']);
      expect(recipients(jobs)).toEqual(new Set([agentId, ...(await operatorIdList())]));
      expect(jobs[0]!.payload).toMatchObject({ changedFields: ['time', 'street'] });
    });

    it('refuses to edit a completed order with 409', async () => {
      const { id } = await scheduledForAgent(t, s);
      await post(t, `/api/appointments/${id}/complete`, s.agent);
      const res = await t.request(`/api/appointments/${id}`, { method: 'PATCH', cookie: s.escrowA, body: JSON.stringify({ name: 'Late change' }) });
      expect(res.status).toBe(409);
      expect((await readJson(res)).code).toBe('NOT_ALLOWED_IN_STATUS');
      expect((await appointmentRow(t, id)).name).toBe('Fixture Refinance');
    });
  });

  async function operatorIdList() {
    const rows = await t.database.db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.role, 'admin'));
    const subs = await t.database.db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.role, 'sub_admin'));
    const disabled = await t.database.db.select({ id: schema.profiles.userId }).from(schema.profiles).where(eq(schema.profiles.status, 'disabled'));
    const off = new Set(disabled.map((d) => d.id));
    return [...rows, ...subs].map((r) => r.id).filter((id) => !off.has(id));
  }

  describe('sending to agents', () => {
    it('offers to active agents certified in the state or within the radius, once, and pushes a job to each', async () => {
      const id = await createOrder(t, s.escrowA);
      const res = await post(t, `/api/appointments/${id}/send`, s.admin, {});
      expect(res.status).toBe(200);
      const offers = await offersOf(t, id);
      expect(res.body.offered).toBe(offers.length);
      expect(offers.map((o) => o.agentId)).toContain(agentId);
      const pendingAgentId = await userIdOf(t, 'pending-agent@demo.test');
      expect(offers.map((o) => o.agentId)).not.toContain(pendingAgentId);
      const jobs = await jobsOf(t, id, ['offer.new']);
      expect(recipients(jobs)).toEqual(new Set(offers.map((o) => o.agentId)));
      expect(jobs[0]!.payload).toMatchObject({ url: `/preview/${id}`, city: 'Los Angeles', fee: '$150.00' });
      const again = await post(t, `/api/appointments/${id}/send`, s.admin, {});
      expect(again.body.offered).toBe(0);
      expect(await offersOf(t, id)).toHaveLength(offers.length);
    });

    it('sends to preferred agents only when asked', async () => {
      const id = await createOrder(t, s.escrowA);
      const res = await post(t, `/api/appointments/${id}/send`, s.subAdmin, { preferredOnly: true });
      expect(res.status).toBe(200);
      const offered = (await offersOf(t, id)).map((o) => o.agentId);
      const profiles = await t.database.db.select().from(schema.agentProfiles);
      const preferred = new Set(profiles.filter((p) => p.preferred).map((p) => p.userId));
      expect(offered.length).toBeGreaterThan(0);
      expect(offered.every((a) => preferred.has(a))).toBe(true);
    });
  });

  describe('agent actions', () => {
    it('claim: the offer becomes a bid at the fee, the appointment Pending, operators are told', async () => {
      const id = await createOrder(t, s.escrowA);
      await offerTo(t, id, [agentId]);
      const res = await post(t, `/api/appointments/${id}/claim`, s.agent);
      expect(res.status).toBe(200);
      expect(res.body.message).toContain('pending approval');
      const [offer] = await offersOf(t, id);
      expect(offer).toMatchObject({ status: 'claimed', bidCents: 15000 });
      expect((await appointmentRow(t, id)).status).toBe('Pending');
      expect(recipients(await jobsOf(t, id, ['appointment.bid_received'])).has(adminId)).toBe(true);
    });

    it('counter: stores the bid; a bad amount answers the spec message', async () => {
      const id = await createOrder(t, s.escrowA);
      await offerTo(t, id, [agentId]);
      const bad = await post(t, `/api/appointments/${id}/counter`, s.agent, { bid: '12x' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0]).toEqual({ field: 'bid', message: 'Please enter a valid counter offer.' });
      expect((await offersOf(t, id))[0]!.status).toBe('offered');
      const res = await post(t, `/api/appointments/${id}/counter`, s.agent, { bid: '$175.50' });
      expect(res.status).toBe(200);
      expect((await offersOf(t, id))[0]).toMatchObject({ status: 'countered', bidCents: 17550 });
      expect((await jobsOf(t, id, ['appointment.bid_received']))[0]!.payload).toMatchObject({ bid: '$175.50', kind: 'countered' });
    });

    it('decline: the offer is declined and the last withdrawn bid reopens the appointment', async () => {
      const { id } = await pendingWithBid(t, s);
      const res = await post(t, `/api/appointments/${id}/decline`, s.agent);
      expect(res.status).toBe(200);
      expect((await offersOf(t, id))[0]!.status).toBe('declined');
      expect((await appointmentRow(t, id)).status).toBe('Open');
      expect((await auditOf(t, id)).map((a) => a.action)).toContain('offer.declined');
    });

    it('an agent without an offer gets 404, a pending agent 403', async () => {
      const id = await createOrder(t, s.escrowA);
      expect((await post(t, `/api/appointments/${id}/claim`, s.otherAgent)).status).toBe(404);
      expect((await post(t, `/api/appointments/${id}/claim`, s.pendingAgent)).status).toBe(403);
    });
  });

  describe('operators and bids', () => {
    it('accept: assigns the agent, rejects other bids, removes open offers, tells everyone', async () => {
      const { id, offerId } = await pendingWithBid(t, s);
      const thirdOffer = await otherOffer(id, 'countered', 20000);
      const otherId = thirdOffer.agentId;
      const res = await post(t, `/api/appointments/${id}/bids/${offerId}/accept`, s.admin);
      expect(res.status).toBe(200);
      const row = await appointmentRow(t, id);
      expect(row).toMatchObject({ status: 'Scheduled', assignedAgentId: agentId });
      const offers = new Map((await offersOf(t, id)).map((o) => [o.id, o]));
      expect(offers.get(offerId)!.status).toBe('approved');
      expect(offers.get(thirdOffer.id)!.status).toBe('rejected');
      expect(recipients(await jobsOf(t, id, ['bid.accepted']))).toEqual(new Set([agentId]));
      expect(recipients(await jobsOf(t, id, ['bid.declined']))).toEqual(new Set([otherId]));
      expect(recipients(await jobsOf(t, id, ['assignment.changed']))).toEqual(new Set([escrowAId]));

      const again = await post(t, `/api/appointments/${id}/bids/${thirdOffer.id}/accept`, s.subAdmin);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('OFFER_TAKEN');
      const late = await post(t, `/api/appointments/${id}/claim`, s.otherAgent);
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('OFFER_TAKEN');
    });

    it('decline bid: the bid is rejected and the agent told; the last one reopens', async () => {
      const { id, offerId } = await pendingWithBid(t, s);
      const res = await post(t, `/api/appointments/${id}/bids/${offerId}/decline`, s.admin);
      expect(res.status).toBe(200);
      expect((await offersOf(t, id))[0]!.status).toBe('rejected');
      expect((await appointmentRow(t, id)).status).toBe('Open');
      expect(recipients(await jobsOf(t, id, ['bid.declined']))).toEqual(new Set([agentId]));
    });

    it('direct assignment: Scheduled with that agent, who is told', async () => {
      const id = await createOrder(t, s.escrowA);
      const res = await post(t, `/api/appointments/${id}/assign`, s.admin, { agentId, bid: '180' });
      expect(res.status).toBe(200);
      expect(await appointmentRow(t, id)).toMatchObject({ status: 'Scheduled', assignedAgentId: agentId });
      expect((await offersOf(t, id))[0]).toMatchObject({ status: 'approved', bidCents: 18000 });
      expect(recipients(await jobsOf(t, id, ['assignment.changed']))).toEqual(new Set([agentId, escrowAId]));
      const pendingAgentId = await userIdOf(t, 'pending-agent@demo.test');
      const refused = await post(t, `/api/appointments/${(await createOrder(t, s.escrowA))}/assign`, s.admin, { agentId: pendingAgentId });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].field).toBe('agentId');
    });

    it('reassignment: the new agent comes from the bid list, the displaced one gets the notes', async () => {
      const { id } = await scheduledForAgent(t, s);
      const other = await otherOffer(id, 'rejected', 16000);
      const res = await post(t, `/api/appointments/${id}/reassign`, s.admin, { offerId: other.id, notes: 'Signer asked for an agent who speaks Spanish.' });
      expect(res.status).toBe(200);
      expect((await appointmentRow(t, id)).assignedAgentId).toBe(other.agentId);
      const offers = new Map((await offersOf(t, id)).map((o) => [o.agentId, o]));
      expect(offers.get(agentId)).toMatchObject({ status: 'removed', notes: 'Signer asked for an agent who speaks Spanish.' });
      expect(offers.get(other.agentId)!.status).toBe('approved');
      const displaced = await jobsOf(t, id, ['assignment.displaced']);
      expect(recipients(displaced)).toEqual(new Set([agentId]));
      expect(displaced[0]!.payload).toMatchObject({ notes: 'Signer asked for an agent who speaks Spanish.' });
      expect(recipients(await jobsOf(t, id, ['assignment.changed'])).has(other.agentId)).toBe(true);
    });
  });

  describe('status changes', () => {
    it('on hold → scheduled again, with the escrow officer and the agent told', async () => {
      const { id } = await scheduledForAgent(t, s);
      expect((await post(t, `/api/appointments/${id}/status`, s.admin, { status: 'Paused' })).status).toBe(200);
      expect((await appointmentRow(t, id)).status).toBe('Paused');
      expect((await post(t, `/api/appointments/${id}/status`, s.admin, { status: 'Scheduled' })).status).toBe(200);
      expect((await appointmentRow(t, id)).status).toBe('Scheduled');
      const jobs = await jobsOf(t, id, ['appointment.status_changed']);
      expect(recipients(jobs)).toEqual(new Set([escrowAId, agentId]));
      expect(jobs.map((j) => (j.payload as { to: string }).to).sort()).toEqual(['Paused', 'Paused', 'Scheduled', 'Scheduled']);
    });

    it('cancel only while no agent filled it; bidders hear; reopen brings it back', async () => {
      const filled = await scheduledForAgent(t, s);
      const refused = await post(t, `/api/appointments/${filled.id}/status`, s.admin, { status: 'Canceled' });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('NOT_ALLOWED_IN_STATUS');
      expect((await appointmentRow(t, filled.id)).status).toBe('Scheduled');

      const { id } = await pendingWithBid(t, s);
      expect((await post(t, `/api/appointments/${id}/status`, s.subAdmin, { status: 'Canceled' })).status).toBe(200);
      expect((await appointmentRow(t, id)).status).toBe('Canceled');
      expect((await offersOf(t, id))[0]!.status).toBe('rejected');
      expect(recipients(await jobsOf(t, id, ['appointment.canceled']))).toEqual(new Set([escrowAId, agentId]));
      expect((await post(t, `/api/appointments/${id}/status`, s.admin, { status: 'Open' })).status).toBe(200);
      expect((await appointmentRow(t, id)).status).toBe('Open');
      const wrong = await post(t, `/api/appointments/${id}/status`, s.admin, { status: 'Completed' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors[0].field).toBe('status');
    });
  });

  describe('completion and payment', () => {
    it('the agent marks complete: Completed, scan-back reminder, escrow officer and operators told', async () => {
      const { id } = await scheduledForAgent(t, s);
      const res = await post(t, `/api/appointments/${id}/complete`, s.agent);
      expect(res.status).toBe(200);
      expect(res.body.message).toContain('within the next two hours');
      expect(res.body.appointment).toMatchObject({ view: 'agent', markedCompleted: true, showCompleteButton: false, status: 'Completed' });
      expect(await appointmentRow(t, id)).toMatchObject({ status: 'Completed', markedCompleted: true });
      expect(recipients(await jobsOf(t, id, ['appointment.completed']))).toEqual(new Set([escrowAId, ...(await operatorIdList())]));
      const again = await post(t, `/api/appointments/${id}/complete`, s.agent);
      expect(again.status).toBe(409);
    });

    it('no reminder when scan-backs are not required; an operator can complete too', async () => {
      const pending = await pendingWithBid(t, s);
      await t.database.db.update(schema.appointments).set({ scanBackRequired: false }).where(eq(schema.appointments.id, pending.id));
      await post(t, `/api/appointments/${pending.id}/bids/${pending.offerId}/accept`, s.admin);
      const res = await post(t, `/api/appointments/${pending.id}/complete`, s.agent);
      expect(res.body.message).not.toContain('two hours');

      const other = await scheduledForAgent(t, s);
      const byOperator = await post(t, `/api/appointments/${other.id}/complete`, s.subAdmin);
      expect(byOperator.status).toBe(200);
      expect(recipients(await jobsOf(t, other.id, ['appointment.completed']))).toEqual(new Set([escrowAId, agentId]));
    });

    it('mark paid is one way and timed, and the agent hears of it', async () => {
      const { id } = await scheduledForAgent(t, s);
      await post(t, `/api/appointments/${id}/complete`, s.agent);
      const res = await post(t, `/api/appointments/${id}/mark-paid`, s.admin);
      expect(res.status).toBe(200);
      const row = await appointmentRow(t, id);
      expect(row.agentPaid).toBe(true);
      expect(row.agentPaidAt).toBeInstanceOf(Date);
      expect(recipients(await jobsOf(t, id, ['agent.paid']))).toEqual(new Set([agentId]));
      const again = await post(t, `/api/appointments/${id}/mark-paid`, s.admin);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('ALREADY_PAID');
      expect((await appointmentRow(t, id)).agentPaidAt).toEqual(row.agentPaidAt);
    });
  });

  it('writes an audit row for every state change of an appointment', async () => {
    const { id } = await scheduledForAgent(t, s);
    await post(t, `/api/appointments/${id}/complete`, s.agent);
    await post(t, `/api/appointments/${id}/mark-paid`, s.admin);
    const actions = (await auditOf(t, id)).map((a) => a.action);
    expect(actions).toEqual(['appointment.created', 'offer.claimed', 'bid.accepted', 'appointment.completed', 'appointment.agent_paid']);
  });

  async function otherOffer(appointmentId: string, status: 'countered' | 'rejected', bidCents: number) {
    const [other] = await t.database.db
      .select({ id: schema.user.id })
      .from(schema.user)
      .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.user.id))
      .innerJoin(schema.agentProfiles, eq(schema.agentProfiles.userId, schema.user.id))
      .where(and(eq(schema.profiles.status, 'active'), eq(schema.agentProfiles.registrationStatus, 'approved'), ne(schema.user.id, agentId)))
      .orderBy(schema.user.email)
      .limit(1);
    const chosen = other!.id;
    const [offer] = await t.database.db
      .insert(schema.offers)
      .values({ appointmentId, agentId: chosen, status, bidCents })
      .returning();
    return offer!;
  }
});
