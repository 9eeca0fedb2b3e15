import { schema } from '@signingdesk/db';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completionNotYetMessage } from '@signingdesk/domain/appointment-rules';
import { appointmentInstant } from '@signingdesk/domain/time-zones';
import { findActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../../lib/idempotency';
import {
  appointmentRow,
  auditOf,
  createOrder,
  jobsOf,
  makeEligible,
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
import { completeAppointment } from './workflow.service';

/** YYYY-MM-DD some days from the real today: 2 days back is always past at 14:30 CT, 3 ahead always future. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

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

  /** An appointment of firm A assigned to agent@demo.test through a claim and an accept. */
  async function assignedWith(overrides: Record<string, unknown>) {
    const id = await createOrder(t, s.escrowA, overrides);
    await offerTo(t, id, [agentId]);
    const claim = await post(t, `/api/appointments/${id}/claim`, s.agent);
    const accept = await post(t, `/api/appointments/${id}/bids/${claim.body.offer.id}/accept`, s.admin);
    expect(accept.status).toBe(200);
    return { id, offerId: claim.body.offer.id as string };
  }
  /** Assigned to agent@demo.test, and the signing started two days ago. */
  const started = (overrides: Record<string, unknown> = {}) => assignedWith({ date: dayFromToday(-2), ...overrides });

  const actorOf = async (email: string) => (await findActor(t.database.db, { email }))!;

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
      const res = await post(t, '/api/appointments', s.escrowA, {
        name: 'x',
        date: '2030-12-01',
        street: 's',
        city: 'c',
        state: 'CA',
        zip: '9001',
        agentFee: '100',
        scanBackRequired: false,
        transactionType: 1,
        comments: 'x'.repeat(401),
      });
      expect(res.status).toBe(400);
      const fields = res.body.errors.map((e: { field: string }) => e.field);
      expect(fields).toEqual(expect.arrayContaining(['zip', 'comments', 'time']));
      expect(await t.database.db.$count(schema.appointments)).toBe(before);
    });

    it('lets an operator create for a firm’s escrow officer, and only operators set the firm fee', async () => {
      const [firmA] = await t.database.db.select().from(schema.firms).where(eq(schema.firms.orgNumber, 1));
      const res = await post(t, '/api/appointments', s.admin, {
        ...VALID_ORDER,
        firmId: firmA!.id,
        escrowOfficerId: escrowAId,
        firmFee: '$210',
      });
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
      const res = await t.request(`/api/appointments/${id}`, {
        method: 'PATCH',
        cookie: s.escrowA,
        body: JSON.stringify({ time: '16:00', street: '1 New St', name: 'Fixture Refinance' }),
      });
      const body = await readJson(res);
      expect(res.status).toBe(200);
      expect(body.changedFields).toEqual(['time', 'street']);
      const row = await appointmentRow(t, id);
      expect(row.time).toBe('16:00');
      expect(row.startsAt).toBe(appointmentInstant('2030-12-10', '16:00', 'CT'));
      const jobs = await jobsOf(t, id, ['appointment.updated']);
      expect(recipients(jobs)).toEqual(new Set([agentId, ...(await operatorIdList())]));
      expect(jobs[0]!.payload).toMatchObject({ changedFields: ['time', 'street'] });
    });

    it('refuses to edit a completed order with 409', async () => {
      const { id } = await started();
      await post(t, `/api/appointments/${id}/complete`, s.agent);
      const res = await t.request(`/api/appointments/${id}`, {
        method: 'PATCH',
        cookie: s.escrowA,
        body: JSON.stringify({ name: 'Late change' }),
      });
      expect(res.status).toBe(409);
      expect((await readJson(res)).code).toBe('NOT_ALLOWED_IN_STATUS');
      expect((await appointmentRow(t, id)).name).toBe('Fixture Refinance');
    });
  });

  async function operatorIdList() {
    const rows = await t.database.db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.role, 'admin'));
    const subs = await t.database.db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.role, 'sub_admin'));
    const disabled = await t.database.db
      .select({ id: schema.profiles.userId })
      .from(schema.profiles)
      .where(eq(schema.profiles.status, 'disabled'));
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
      // Bounded by domain/fee-rules.ts: a zero too many, or a missing digit, is refused.
      for (const bid of ['999999.99', '1000.01', '24.99']) {
        const out = await post(t, `/api/appointments/${id}/counter`, s.agent, { bid });
        expect(out.status, bid).toBe(400);
        expect(out.body.errors[0]).toEqual({
          field: 'bid',
          message: 'Please enter a valid counter offer. The amount must be between $25.00 and $1,000.00.',
        });
      }
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

    it('repeating the same answer changes nothing and answers as the first did; a new amount is a new bid', async () => {
      const id = await createOrder(t, s.escrowA);
      await offerTo(t, id, [agentId]);
      const bidNotices = async () => (await jobsOf(t, id, ['appointment.bid_received'])).length;
      const actions = async () =>
        (await auditOf(t, id))
          .sort((a, b) => a.id - b.id)
          .map((a) => a.action)
          .filter((a) => a.startsWith('offer.'));

      const claim = await post(t, `/api/appointments/${id}/claim`, s.agent);
      const perBid = await bidNotices();
      expect(perBid).toBeGreaterThan(0);
      const claimAgain = await post(t, `/api/appointments/${id}/claim`, s.agent);
      expect(claimAgain.status).toBe(200);
      expect(claimAgain.body).toEqual(claim.body);
      expect(await bidNotices()).toBe(perBid);

      const counter = await post(t, `/api/appointments/${id}/counter`, s.agent, { bid: '$180' });
      const counterAgain = await post(t, `/api/appointments/${id}/counter`, s.agent, { bid: '180.00' });
      expect(counterAgain.status).toBe(200);
      expect(counterAgain.body).toEqual(counter.body);
      expect(await bidNotices()).toBe(2 * perBid);
      const raised = await post(t, `/api/appointments/${id}/counter`, s.agent, { bid: '$190' });
      expect(raised.body.offer).toMatchObject({ status: 'countered', bidCents: 19000 });
      expect(await bidNotices()).toBe(3 * perBid);

      const decline = await post(t, `/api/appointments/${id}/decline`, s.agent);
      const declineAgain = await post(t, `/api/appointments/${id}/decline`, s.agent);
      expect(declineAgain.status).toBe(200);
      expect(declineAgain.body).toEqual(decline.body);
      expect((await offersOf(t, id))[0]).toMatchObject({ status: 'declined', bidCents: null });
      expect(await actions()).toEqual(['offer.claimed', 'offer.countered', 'offer.countered', 'offer.declined']);
    });

    it('an agent without an offer gets 404, a pending agent 403', async () => {
      const id = await createOrder(t, s.escrowA);
      expect((await post(t, `/api/appointments/${id}/claim`, s.otherAgent)).status).toBe(404);
      expect((await post(t, `/api/appointments/${id}/claim`, s.pendingAgent)).status).toBe(403);
    });
  });

  describe('taking an answer back', () => {
    const withdraw = (id: string, cookie = s.agent, headers?: Record<string, string>) =>
      post(t, `/api/appointments/${id}/withdraw`, cookie, undefined, headers);
    const preview = async (id: string) => readJson(await t.request(`/api/appointments/${id}/preview`, { cookie: s.agent }));
    const withdrawals = async (id: string) => (await auditOf(t, id)).filter((a) => a.action === 'offer.withdrawn');

    it('a decline reads as declined and blocks a claim until the agent takes it back; then the claim works', async () => {
      const id = await createOrder(t, s.escrowA);
      await offerTo(t, id, [agentId]);
      const declined = await post(t, `/api/appointments/${id}/decline`, s.agent);
      expect(declined.body.offer).toMatchObject({ status: 'declined', bidCents: null });
      expect(await preview(id)).toMatchObject({
        stage: 'declined',
        message: 'You declined this offer.',
        offerStatus: 'declined',
        bidCents: null,
        status: 'Open',
      });

      for (const [action, body] of [
        ['claim', undefined],
        ['counter', { bid: '$175' }],
      ] as const) {
        const refused = await post(t, `/api/appointments/${id}/${action}`, s.agent, body);
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({
          code: 'NOT_ALLOWED_IN_STATUS',
          detail: 'You declined this offer. Take the decline back first to claim or counter.',
        });
      }
      expect((await offersOf(t, id))[0]).toMatchObject({ status: 'declined', bidCents: null });
      expect((await appointmentRow(t, id)).status).toBe('Open');

      const before = (await jobsOf(t, id)).length;
      const res = await withdraw(id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: 'Your decline was taken back. The offer is open to you again.',
        offer: { id: expect.any(String), status: 'offered', bidCents: null },
      });
      const [offer] = await offersOf(t, id);
      expect(offer).toMatchObject({ status: 'offered', bidCents: null });
      expect(offer!.respondedAt).toBeInstanceOf(Date);
      expect((await withdrawals(id)).map((a) => a.details)).toEqual([{ offerId: offer!.id, from: 'declined' }]);
      expect((await jobsOf(t, id)).length).toBe(before);
      expect(await preview(id)).toMatchObject({ stage: 'offer', message: null, offerStatus: 'offered', bidCents: null });

      const claim = await post(t, `/api/appointments/${id}/claim`, s.agent);
      expect(claim.status).toBe(200);
      expect((await offersOf(t, id))[0]).toMatchObject({ status: 'claimed', bidCents: 15000 });
      expect((await appointmentRow(t, id)).status).toBe('Pending');
    });

    it('withdrawing the only bid returns the appointment to Open; with another live bid it stays Pending', async () => {
      const id = await createOrder(t, s.escrowA);
      await offerTo(t, id, [agentId]);
      expect((await post(t, `/api/appointments/${id}/counter`, s.agent, { bid: '$175' })).status).toBe(200);
      expect((await appointmentRow(t, id)).status).toBe('Pending');
      const res = await withdraw(id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        message: 'Your offer was withdrawn. You can claim or counter again while the order is open.',
        offer: { status: 'offered', bidCents: null },
      });
      expect((await offersOf(t, id))[0]).toMatchObject({ status: 'offered', bidCents: null });
      expect((await appointmentRow(t, id)).status).toBe('Open');
      expect((await withdrawals(id))[0]!.details).toMatchObject({ from: 'countered', bidCents: 17500, reopened: true });
      expect(await preview(id)).toMatchObject({ stage: 'offer', bidCents: null });

      const contested = await pendingWithBid(t, s);
      const rival = await otherOffer(contested.id, 'countered', 20000);
      expect((await withdraw(contested.id)).status).toBe(200);
      expect((await appointmentRow(t, contested.id)).status).toBe('Pending');
      const offers = new Map((await offersOf(t, contested.id)).map((o) => [o.id, o]));
      expect(offers.get(contested.offerId)).toMatchObject({ status: 'offered', bidCents: null });
      expect(offers.get(rival.id)).toMatchObject({ status: 'countered', bidCents: 20000 });
      expect((await withdrawals(contested.id))[0]!.details).toMatchObject({ from: 'claimed', bidCents: 15000, reopened: false });
      const bids = await readJson(await t.request(`/api/appointments/${contested.id}/bids`, { cookie: s.admin }));
      expect(bids.items.map((b: { offerId: string }) => b.offerId)).toEqual([rival.id]);
    });

    it('refuses once the order is assigned, on hold or decided, and when there is nothing to take back', async () => {
      const mine = await scheduledForAgent(t, s);
      const assigned = await withdraw(mine.id);
      expect(assigned.status).toBe(409);
      expect(assigned.body).toMatchObject({ code: 'NOT_ALLOWED_IN_STATUS', detail: 'You are already assigned to this appointment.' });

      const lost = await pendingWithBid(t, s);
      const rival = await otherOffer(lost.id, 'countered', 14000);
      expect((await post(t, `/api/appointments/${lost.id}/bids/${rival.id}/accept`, s.admin)).status).toBe(200);
      const taken = await withdraw(lost.id);
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ code: 'OFFER_TAKEN', detail: 'This order has already been assigned.' });

      const declinedThenTaken = await createOrder(t, s.escrowA);
      await offerTo(t, declinedThenTaken, [agentId]);
      await post(t, `/api/appointments/${declinedThenTaken}/decline`, s.agent);
      const winner = await otherOffer(declinedThenTaken, 'countered', 16000);
      expect((await post(t, `/api/appointments/${declinedThenTaken}/bids/${winner.id}/accept`, s.admin)).status).toBe(200);
      expect((await withdraw(declinedThenTaken)).body.code).toBe('OFFER_TAKEN');
      expect((await preview(declinedThenTaken)).stage).toBe('taken');

      const onHold = await pendingWithBid(t, s);
      expect((await post(t, `/api/appointments/${onHold.id}/status`, s.admin, { status: 'Paused' })).status).toBe(200);
      const paused = await withdraw(onHold.id);
      expect(paused.status).toBe(409);
      expect(paused.body.detail).toBe('You cannot change your answer on an appointment that is on hold.');

      const rejected = await pendingWithBid(t, s);
      expect((await post(t, `/api/appointments/${rejected.id}/bids/${rejected.offerId}/decline`, s.admin)).status).toBe(200);
      expect((await appointmentRow(t, rejected.id)).status).toBe('Open');
      const decided = await withdraw(rejected.id);
      expect(decided.status).toBe(409);
      expect(decided.body.detail).toBe('This offer is no longer open to you.');

      const untouched = await createOrder(t, s.escrowA);
      await offerTo(t, untouched, [agentId]);
      const nothing = await withdraw(untouched);
      expect(nothing.status).toBe(409);
      expect(nothing.body).toMatchObject({ code: 'NOT_ALLOWED_IN_STATUS', detail: 'There is nothing to take back on this offer.' });

      for (const id of [mine.id, lost.id, declinedThenTaken, onHold.id, rejected.id, untouched])
        expect(await withdrawals(id)).toHaveLength(0);
      expect((await offersOf(t, onHold.id))[0]!.status).toBe('claimed');
      expect((await offersOf(t, rejected.id))[0]!.status).toBe('rejected');
    });

    it('replays the first answer for a repeat with the same Idempotency-Key, applying it once', async () => {
      const id = await createOrder(t, s.escrowA);
      await offerTo(t, id, [agentId]);
      await post(t, `/api/appointments/${id}/decline`, s.agent);
      const key = { [IDEMPOTENCY_HEADER]: `withdraw-${id}` };
      const first = await withdraw(id, s.agent, key);
      const repeat = await withdraw(id, s.agent, key);
      expect(first.status).toBe(200);
      expect(repeat.status).toBe(200);
      expect(repeat.body).toEqual(first.body);
      expect(repeat.headers.get(REPLAYED_HEADER)).toBe('true');
      expect(first.headers.get(REPLAYED_HEADER)).toBeNull();
      expect(await withdrawals(id)).toHaveLength(1);
      const fresh = await withdraw(id);
      expect(fresh.status).toBe(409);
      expect(fresh.body.detail).toBe('There is nothing to take back on this offer.');
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
      const refused = await post(t, `/api/appointments/${await createOrder(t, s.escrowA)}/assign`, s.admin, { agentId: pendingAgentId });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].field).toBe('agentId');
    });

    it('reassignment: the new agent comes from the bid list, the displaced one gets the notes', async () => {
      const { id } = await scheduledForAgent(t, s);
      const other = await otherOffer(id, 'rejected', 16000);
      const res = await post(t, `/api/appointments/${id}/reassign`, s.admin, {
        offerId: other.id,
        notes: 'Signer asked for an agent who speaks Spanish.',
      });
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
      const { id } = await started();
      const res = await post(t, `/api/appointments/${id}/complete`, s.agent);
      expect(res.status).toBe(200);
      expect(res.body.message).toContain('within the next two hours');
      expect(res.body.appointment).toMatchObject({ view: 'agent', markedCompleted: true, showCompleteButton: false, status: 'Completed' });
      expect(await appointmentRow(t, id)).toMatchObject({ status: 'Completed', markedCompleted: true });
      expect(recipients(await jobsOf(t, id, ['appointment.completed']))).toEqual(new Set([escrowAId, ...(await operatorIdList())]));
      const again = await post(t, `/api/appointments/${id}/complete`, s.agent);
      expect(again.status).toBe(409);
    });

    it('no reminder for scan-backs the agent already uploaded (issue 30)', async () => {
      const { id } = await started();
      await t.database.db.update(schema.appointments).set({ hasScanBacks: true }).where(eq(schema.appointments.id, id));
      const res = await post(t, `/api/appointments/${id}/complete`, s.agent);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Assignment marked complete. Thank you!');
    });

    it('no reminder when scan-backs are not required; an operator can complete too', async () => {
      const noScans = await started({ scanBackRequired: false });
      const res = await post(t, `/api/appointments/${noScans.id}/complete`, s.agent);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Assignment marked complete. Thank you!');

      const other = await started();
      const byOperator = await post(t, `/api/appointments/${other.id}/complete`, s.subAdmin);
      expect(byOperator.status).toBe(200);
      expect(recipients(await jobsOf(t, other.id, ['appointment.completed']))).toEqual(new Set([escrowAId, agentId]));
    });

    describe('not before the signing starts', () => {
      const completionDone = async (id: string) => ({
        row: await appointmentRow(t, id),
        jobs: await jobsOf(t, id, ['appointment.completed']),
        audits: (await auditOf(t, id)).filter((a) => a.action === 'appointment.completed'),
      });

      it('refuses a second before the start and changes nothing; allows it at the start instant and after', async () => {
        const agent = await actorOf('agent@demo.test');
        const operator = await actorOf('subadmin@demo.test');
        const atStart = await assignedWith({ date: '2030-12-10', time: '14:30', timeZone: 'PT' });
        const startsAt = (await appointmentRow(t, atStart.id)).startsAt;
        expect(startsAt).toBe(Date.UTC(2030, 11, 10, 22, 30) / 1000);

        for (const actor of [agent, operator]) {
          const early = await completeAppointment(t.database.db, actor, atStart.id, { now: new Date((startsAt - 1) * 1000) }).catch(
            (e: unknown) => e,
          );
          expect(early).toBeInstanceOf(AppError);
          expect(early).toMatchObject({
            code: 'NOT_YET_STARTED',
            status: 409,
            message: 'You can mark this assignment complete from 12/10/2030 at 2:30 PM PT, when the signing starts.',
          });
        }
        const untouched = await completionDone(atStart.id);
        expect(untouched.row).toMatchObject({ status: 'Scheduled', markedCompleted: false, markedCompletedAt: null });
        expect(untouched.jobs).toHaveLength(0);
        expect(untouched.audits).toHaveLength(0);

        const now = new Date(startsAt * 1000);
        const done = await completeAppointment(t.database.db, agent, atStart.id, { now });
        expect(done.appointment).toMatchObject({ status: 'Completed', markedCompleted: true, showCompleteButton: false });
        const after = await completionDone(atStart.id);
        expect(after.row).toMatchObject({ status: 'Completed', markedCompleted: true, markedCompletedAt: now });
        expect(after.jobs.length).toBeGreaterThan(0);
        expect(after.audits).toHaveLength(1);

        const later = await assignedWith({ date: '2030-12-10', time: '14:30', timeZone: 'PT' });
        const byOperator = await completeAppointment(t.database.db, operator, later.id, { now: new Date((startsAt + 3600) * 1000) });
        expect(byOperator.message).toBe('The appointment is marked complete.');
        expect((await appointmentRow(t, later.id)).status).toBe('Completed');
      });

      it('opens a Time TBD signing at the start of its day in its own zone', async () => {
        const agent = await actorOf('agent@demo.test');
        const { id } = await assignedWith({ date: '2030-12-11', time: undefined, timeTbd: true, timeZone: 'PT' });
        const startOfDay = appointmentInstant('2030-12-11', '00:00', 'PT');
        expect((await appointmentRow(t, id)).startsAt).toBe(startOfDay);

        const dayBefore = new Date((startOfDay - 3600) * 1000); // 11 PM PT on 12/10
        const refused = await completeAppointment(t.database.db, agent, id, { now: dayBefore }).catch((e: unknown) => e);
        expect(refused).toMatchObject({
          code: 'NOT_YET_STARTED',
          message: 'You can mark this assignment complete from 12/11/2030 (the time is TBD), the day of the signing.',
        });
        expect((await completionDone(id)).row.status).toBe('Scheduled');

        const thatMorning = new Date((startOfDay + 9 * 3600) * 1000);
        await completeAppointment(t.database.db, agent, id, { now: thatMorning });
        expect(await appointmentRow(t, id)).toMatchObject({ status: 'Completed', markedCompletedAt: thatMorning });
      });

      it('answers a request before the start with 409 problem+json saying when, for the agent and operators alike', async () => {
        const { id } = await assignedWith({ date: dayFromToday(3), time: '10:00', timeZone: 'CT' });
        const view = await readJson(await t.request(`/api/appointments/${id}`, { cookie: s.agent }));
        expect(view).toMatchObject({ view: 'agent', status: 'Scheduled', showCompleteButton: false });

        const expected = completionNotYetMessage({ date: dayFromToday(3), time: '10:00', timeTbd: false, timeZone: 'CT' });
        for (const cookie of [s.agent, s.admin]) {
          const res = await t.request(`/api/appointments/${id}/complete`, { method: 'POST', cookie });
          expect(res.status).toBe(409);
          expect(res.headers.get('content-type')).toBe('application/problem+json');
          const problem = await readJson(res);
          expect(problem).toMatchObject({ code: 'NOT_YET_STARTED', detail: expected });
        }
        expect(expected).toContain(' at 10:00 AM CT, when the signing starts.');
        const untouched = await completionDone(id);
        expect(untouched.row).toMatchObject({ status: 'Scheduled', markedCompleted: false });
        expect(untouched.jobs).toHaveLength(0);

        const past = await started();
        const pastView = await readJson(await t.request(`/api/appointments/${past.id}`, { cookie: s.agent }));
        expect(pastView).toMatchObject({ view: 'agent', status: 'Scheduled', showCompleteButton: true });
        const res = await post(t, `/api/appointments/${past.id}/complete`, s.agent);
        expect(res.status).toBe(200);
        expect((await appointmentRow(t, past.id)).status).toBe('Completed');
      });
    });

    it('mark paid is one way and timed, and the agent hears of it', async () => {
      const { id } = await started();
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
    const { id } = await started();
    await post(t, `/api/appointments/${id}/complete`, s.agent);
    await post(t, `/api/appointments/${id}/mark-paid`, s.admin);
    // Rows in the order they were written (a table scan has no order of its own).
    const actions = (await auditOf(t, id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((a) => a.action);
    expect(actions).toEqual(['appointment.created', 'offer.claimed', 'bid.accepted', 'appointment.completed', 'appointment.agent_paid']);
  });

  async function otherOffer(appointmentId: string, status: 'countered' | 'rejected', bidCents: number) {
    const [other] = await t.database.db
      .select({ id: schema.user.id })
      .from(schema.user)
      .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.user.id))
      .innerJoin(schema.agentProfiles, eq(schema.agentProfiles.userId, schema.user.id))
      .where(
        and(eq(schema.profiles.status, 'active'), eq(schema.agentProfiles.registrationStatus, 'approved'), ne(schema.user.id, agentId)),
      )
      .orderBy(schema.user.email)
      .limit(1);
    const chosen = other!.id;
    await makeEligible(t, appointmentId, [chosen]);
    const [offer] = await t.database.db.insert(schema.offers).values({ appointmentId, agentId: chosen, status, bidCents }).returning();
    return offer!;
  }
});
