/**
 * Concurrency: many agents and operators acting on one appointment at once. Run against real
 * PostgreSQL (DATABASE_URL) these are true parallel transactions on a connection pool; on
 * PGlite the same requests are interleaved by the event loop.
 */
import { schema } from '@signingdesk/db';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRow, createOrder, jobsOf, makeEligible, offerTo, offersOf, post } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

const RACERS = 50;

describe('races on one appointment', () => {
  let t: TestApp;
  let escrowA: string;
  let admins: string[];
  let agents: { id: string; cookie: string }[];
  beforeAll(async () => {
    t = await createTestApp({ agentCount: 120 });
    escrowA = await t.signIn('escrow@firm-a.demo.test');
    admins = [await t.signIn('admin@demo.test'), await t.signIn('subadmin@demo.test')];
    const rows = await t.database.db
      .select({ id: schema.user.id, email: schema.user.email })
      .from(schema.user)
      .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.user.id))
      .innerJoin(schema.agentProfiles, eq(schema.agentProfiles.userId, schema.user.id))
      .where(and(eq(schema.profiles.status, 'active'), eq(schema.agentProfiles.registrationStatus, 'approved')))
      .orderBy(schema.user.email)
      .limit(RACERS);
    expect(rows).toHaveLength(RACERS);
    agents = [];
    for (const row of rows) agents.push({ id: row.id, cookie: await t.signIn(row.email) });
  }, 120_000);
  afterAll(() => t.close());

  it(`${RACERS} agents claiming at once all get their bid recorded; ${RACERS} accepts at once make exactly one assignment`, async () => {
    const id = await createOrder(t, escrowA);
    await offerTo(
      t,
      id,
      agents.map((a) => a.id),
    );
    const claims = await Promise.all(agents.map((a) => post(t, `/api/appointments/${id}/claim`, a.cookie)));
    expect(claims.map((c) => c.status)).toEqual(agents.map(() => 200));
    expect((await appointmentRow(t, id)).status).toBe('Pending');
    const offers = await offersOf(t, id);
    expect(offers.filter((o) => o.status === 'claimed')).toHaveLength(RACERS);

    const accepts = await Promise.all(
      offers.map((o, i) => post(t, `/api/appointments/${id}/bids/${o.id}/accept`, admins[i % admins.length]!)),
    );
    const won = accepts.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(accepts.filter((a) => a.status === 409).every((a) => a.body.code === 'OFFER_TAKEN')).toBe(true);
    expect(accepts.filter((a) => a.status === 409)).toHaveLength(RACERS - 1);

    const after = await offersOf(t, id);
    const approved = after.filter((o) => o.status === 'approved');
    expect(approved).toHaveLength(1);
    expect(after.filter((o) => o.status === 'rejected')).toHaveLength(RACERS - 1);
    const row = await appointmentRow(t, id);
    expect(row).toMatchObject({ status: 'Scheduled', assignedAgentId: approved[0]!.agentId });
    expect(await jobsOf(t, id, ['bid.accepted'])).toHaveLength(1);
    expect(await jobsOf(t, id, ['bid.declined'])).toHaveLength(RACERS - 1);
  }, 120_000);

  it(`${RACERS} direct assignments at once: one agent wins, the rest get OFFER_TAKEN`, async () => {
    const id = await createOrder(t, escrowA);
    await makeEligible(
      t,
      id,
      agents.map((a) => a.id),
    );
    const results = await Promise.all(
      agents.map((a, i) => post(t, `/api/appointments/${id}/assign`, admins[i % admins.length]!, { agentId: a.id })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.code === 'OFFER_TAKEN')).toHaveLength(RACERS - 1);
    const approved = (await offersOf(t, id)).filter((o) => o.status === 'approved');
    expect(approved).toHaveLength(1);
    expect((await appointmentRow(t, id)).assignedAgentId).toBe(approved[0]!.agentId);
  }, 120_000);

  it('claims racing an accept: the claims after the winner are refused, none is lost', async () => {
    const id = await createOrder(t, escrowA);
    await offerTo(
      t,
      id,
      agents.map((a) => a.id),
    );
    const first = await post(t, `/api/appointments/${id}/claim`, agents[0]!.cookie);
    const [accept, ...claims] = await Promise.all([
      post(t, `/api/appointments/${id}/bids/${first.body.offer.id}/accept`, admins[0]!),
      ...agents.slice(1).map((a) => post(t, `/api/appointments/${id}/claim`, a.cookie)),
    ]);
    expect(accept!.status).toBe(200);
    const offers = await offersOf(t, id);
    for (const [i, claim] of claims.entries()) {
      const offer = offers.find((o) => o.agentId === agents[i + 1]!.id)!;
      if (claim.status === 200) expect(offer.status).toBe('rejected');
      else {
        expect(claim.status).toBe(409);
        expect(claim.body.code).toBe('OFFER_TAKEN');
        expect(offer.status).toBe('removed');
      }
    }
    expect(offers.filter((o) => o.status === 'approved')).toHaveLength(1);
  }, 120_000);

  it('one agent claiming four times at once without a key: one bid, one notice per operator, four answers alike', async () => {
    const id = await createOrder(t, escrowA);
    const agent = agents[0]!;
    await offerTo(t, id, [agent.id]);
    const claims = await Promise.all(Array.from({ length: 4 }, () => post(t, `/api/appointments/${id}/claim`, agent.cookie)));
    // The agent app shows each answer: a repeat reads as the first did, not as a refusal.
    expect(claims.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(claims.map((c) => JSON.stringify(c.body))).size).toBe(1);
    expect(await offersOf(t, id)).toMatchObject([{ status: 'claimed', bidCents: 15000 }]);
    const claimed = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.appointmentId, id), eq(schema.auditLog.action, 'offer.claimed')));
    expect(claimed).toHaveLength(1);
    const operators = await t.database.db
      .select({ id: schema.user.id })
      .from(schema.user)
      .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.user.id))
      .where(and(inArray(schema.user.role, ['admin', 'sub_admin']), eq(schema.profiles.status, 'active')));
    expect(operators.length).toBeGreaterThan(0);
    const jobs = await jobsOf(t, id, ['appointment.bid_received']);
    expect(jobs).toHaveLength(operators.length);
    expect(new Set(jobs.map((j) => j.recipientId))).toEqual(new Set(operators.map((o) => o.id)));
  }, 60_000);

  it('the same mutation sent 20 times with one key: one effect, identical responses', async () => {
    const id = await createOrder(t, escrowA);
    const agent = agents[0]!;
    await offerTo(t, id, [agent.id]);
    const headers = { 'Idempotency-Key': 'phone-outbox-0001' };
    const send = () => post(t, `/api/appointments/${id}/counter`, agent.cookie, { bid: '$199' }, headers);
    const results = await Promise.all(Array.from({ length: 20 }, send));
    // A duplicate arriving while the first runs waits for it to commit and replays its answer.
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    const bodies = new Set(results.map((r) => JSON.stringify(r.body)));
    expect(bodies.size).toBe(1);
    expect((await offersOf(t, id))[0]).toMatchObject({ status: 'countered', bidCents: 19900 });
    const jobs = await jobsOf(t, id, ['appointment.bid_received']);
    expect(new Set(jobs.map((j) => j.recipientId)).size).toBe(jobs.length);
    const audits = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.appointmentId, id), inArray(schema.auditLog.action, ['offer.countered'])));
    expect(audits).toHaveLength(1);
  }, 60_000);
});
