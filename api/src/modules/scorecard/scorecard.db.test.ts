/**
 * The scorecard's SQL (lib/scorecard.ts) against histories built by hand in the database: what
 * each count counts, and that a new agent is neutral, a strong one above and a weak one below,
 * in the TypeScript score and the SQL one alike.
 */
import { rowsOf, schema } from '@signingdesk/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, insertAgent, offerTo, post, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { agentScore, NO_HISTORY } from '@signingdesk/domain/scorecard';
import { agentScoreSql, rankAgents, scorecardOf, scorecardsOf } from '../../lib/scorecard';

const { appointments, offers, files, escrowRatings, auditLog, user } = schema;
const HOUR = 3600;
const NOW = new Date('2030-06-01T12:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);
const at = (secondsFromNow: number) => new Date((nowSeconds + secondsFromNow) * 1000);

describe('the scorecard from an agent’s history', () => {
  let t: TestApp;
  let s: Sessions;
  let template: typeof appointments.$inferSelect;
  let escrowId: string;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    const id = await createOrder(t, s.escrowA);
    template = (await t.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
    escrowId = template.createdBy;
  });
  afterAll(() => t.close());

  const addAgent = (label: string) => insertAgent(t, template.firmId, label);

  /** An order in the past, its offer to the agent sent `hoursBefore` its start. */
  async function order(values: Partial<typeof appointments.$inferInsert>): Promise<string> {
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = template;
    const [row] = await t.database.db
      .insert(appointments)
      .values({ ...rest, ...values })
      .returning({ id: appointments.id });
    return row!.id;
  }

  /** A completed signing: marked `markedAfter` seconds after its start; scan-backs uploaded `scanAfter` seconds after the mark. */
  async function signing(agentId: string, opts: { markedAfter: number; scanAfter?: number | null; stars?: number }) {
    const startsAt = nowSeconds - 30 * 24 * HOUR - ++serial * HOUR;
    const markedAt = new Date((startsAt + opts.markedAfter) * 1000);
    const id = await order({
      status: 'Completed',
      assignedAgentId: agentId,
      startsAt,
      markedCompleted: true,
      markedCompletedAt: markedAt,
      scanBackRequired: opts.scanAfter !== undefined,
    });
    await t.database.db.insert(offers).values({
      appointmentId: id,
      agentId,
      status: 'approved',
      bidCents: 15000,
      createdAt: new Date((startsAt - 48 * HOUR) * 1000),
      respondedAt: new Date((startsAt - 40 * HOUR) * 1000),
    });
    if (opts.scanAfter !== undefined && opts.scanAfter !== null) {
      await t.database.db.insert(files).values({
        appointmentId: id,
        kind: 'scan_back',
        fileName: 'scans.pdf',
        storageKey: `scorecard-${id}`,
        contentType: 'application/pdf',
        sizeBytes: 1000,
        uploadedBy: agentId,
        uploadConfirmed: true,
        createdAt: new Date(markedAt.getTime() + opts.scanAfter * 1000),
      });
    }
    if (opts.stars) await t.database.db.insert(escrowRatings).values({ appointmentId: id, agentId, ratedBy: escrowId, stars: opts.stars });
    return id;
  }

  /** An offer sent `sentAgo` seconds before NOW, answered `answeredAfter` seconds after it was sent (or not). */
  async function offer(
    agentId: string,
    opts: { sentAgo: number; answeredAfter: number | null; status?: 'claimed' | 'declined' | 'offered' },
  ) {
    const id = await order({ status: 'Open', startsAt: nowSeconds + 10 * 24 * HOUR });
    const sent = at(-opts.sentAgo);
    await t.database.db.insert(offers).values({
      appointmentId: id,
      agentId,
      status: opts.status ?? (opts.answeredAfter === null ? 'offered' : 'declined'),
      bidCents: opts.status === 'claimed' ? 15000 : null,
      createdAt: sent,
      respondedAt: opts.answeredAfter === null ? null : new Date(sent.getTime() + opts.answeredAfter * 1000),
    });
  }

  /** An assignment the agent was replaced on by an operator (Reassign agent). */
  async function replaced(agentId: string) {
    const id = await order({
      status: 'Scheduled',
      assignedAgentId: template.createdBy === agentId ? null : agentId,
      startsAt: nowSeconds + 5 * 24 * HOUR,
    });
    await t.database.db
      .insert(offers)
      .values({ appointmentId: id, agentId, status: 'removed', bidCents: 15000, respondedAt: at(-HOUR), createdAt: at(-50 * HOUR) });
    await t.database.db.insert(auditLog).values({
      actorId: escrowId,
      action: 'appointment.reassigned',
      entityType: 'appointment',
      entityId: id,
      appointmentId: id,
      details: { from: agentId, to: escrowId },
    });
  }

  async function sqlScore(agentId: string): Promise<number> {
    const rows = rowsOf<{ score: number }>(
      await t.database.db.execute(sql`select ${agentScoreSql(sql`${agentId}::uuid`, { now: NOW })} as score`),
    );
    return Number(rows[0]!.score);
  }

  it('counts nothing for a new agent, whose score is the neutral 50', async () => {
    const fresh = await addAgent('fresh');
    const counts = await scorecardOf(t.database.db, fresh, { now: NOW });
    expect(counts).toEqual(NO_HISTORY);
    expect(agentScore(counts)).toBe(50);
    expect(await sqlScore(fresh)).toBe(50);
  });

  it('counts each part of a history as the domain defines it, and ranks strong above new above weak', async () => {
    const strong = await addAgent('strong');
    for (let i = 0; i < 6; i++) await signing(strong, { markedAfter: HOUR, scanAfter: 30 * 60, stars: i < 4 ? 5 : 4 });
    for (let i = 0; i < 6; i++) await offer(strong, { sentAgo: 24 * HOUR, answeredAfter: 10 * 60, status: i % 2 ? 'claimed' : 'declined' });

    const weak = await addAgent('weak');
    // Marked 5 hours after the start, scan-backs 3 hours after the mark, or never.
    for (let i = 0; i < 4; i++) await signing(weak, { markedAfter: 5 * HOUR, scanAfter: i < 2 ? 3 * HOUR : null, stars: i < 2 ? 1 : 2 });
    await replaced(weak);
    await replaced(weak);
    // Offers answered after 5 hours, or never: the window has passed on both.
    for (let i = 0; i < 4; i++) await offer(weak, { sentAgo: 24 * HOUR, answeredAfter: i < 2 ? 5 * HOUR : null });
    // Sent 30 minutes ago and not answered yet: its window is still open, so it is not counted.
    await offer(weak, { sentAgo: 30 * 60, answeredAfter: null });

    const fresh = await addAgent('fresh-2');
    const all = await scorecardsOf(t.database.db, [strong, weak, fresh], { now: NOW });
    // The strong agent's 6 approved bids count as answered in time beside the 6 offers answered in 10 minutes.
    expect(all.get(strong)).toEqual({
      completed: 6,
      offers: 12,
      offersAnsweredInTime: 12,
      completionsMarkedInTime: 6,
      scanBacksRequired: 6,
      scanBacksOnTime: 6,
      replaced: 0,
      ratings: 6,
      ratingStars: 28,
    });
    expect(all.get(weak)).toEqual({
      completed: 4,
      offers: 10,
      offersAnsweredInTime: 6,
      completionsMarkedInTime: 0,
      scanBacksRequired: 4,
      scanBacksOnTime: 0,
      replaced: 2,
      ratings: 4,
      ratingStars: 6,
    });
    const strongScore = agentScore(all.get(strong)!);
    const weakScore = agentScore(all.get(weak)!);
    // Above and below the neutral 50 (domain/src/scorecard.ts computes these from the counts above).
    expect([strongScore, weakScore]).toEqual([79, 40]);
    expect(await sqlScore(strong)).toBe(strongScore);
    expect(await sqlScore(weak)).toBe(weakScore);

    const ranked = await rankAgents(t.database.db, [weak, fresh, strong], { now: NOW });
    expect(ranked.map((r) => [r.agentId, r.score])).toEqual([
      [strong, strongScore],
      [fresh, 50],
      [weak, weakScore],
    ]);
  });

  it("keeps the agent's answer time when an operator decides the bid: the bid time and a late answer stay the agent's", async () => {
    const agentId = await userIdOf(t, 'agent@demo.test');
    const before = await scorecardOf(t.database.db, agentId);
    const id = await createOrder(t, s.escrowA, { name: 'Late Answer Refinance' });
    await offerTo(t, id, [agentId]);
    // Offered three hours ago: a claim now is past the two-hour window.
    await t.database.db
      .update(offers)
      .set({ createdAt: new Date(Date.now() - 3 * HOUR * 1000) })
      .where(eq(offers.appointmentId, id));
    const claim = await post(t, `/api/appointments/${id}/claim`, s.agent);
    expect(claim.status).toBe(200);
    const bidTime = async () =>
      ((await readJson(await t.request(`/api/appointments/${id}`, { cookie: s.admin }))).bids as { respondedAt: string }[])[0]!.respondedAt;
    const claimedAt = await bidTime();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await post(t, `/api/appointments/${id}/bids/${claim.body.offer.id}/accept`, s.admin)).status).toBe(200);

    expect(await bidTime()).toBe(claimedAt);
    const after = await scorecardOf(t.database.db, agentId);
    expect(after.offers - before.offers).toBe(1);
    expect(after.offersAnsweredInTime - before.offersAnsweredInTime).toBe(0);
  });

  it('finds meaning in the demo history: the demo agent above neutral, agents spread above and below', async () => {
    const worked = await t.database.db
      .selectDistinct({ id: appointments.assignedAgentId })
      .from(appointments)
      .where(eq(appointments.status, 'Completed'));
    const ranked = await rankAgents(
      t.database.db,
      worked.map((w) => w.id!),
    );
    const demoAgent = (await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, 'agent@demo.test')))[0]!.id;
    const scores = ranked.map((r) => r.score);
    expect(ranked.find((r) => r.agentId === demoAgent)!.score).toBeGreaterThan(60);
    expect(Math.max(...scores)).toBeGreaterThan(60);
    expect(Math.min(...scores)).toBeLessThan(45);
    expect((await t.database.db.select().from(escrowRatings)).length).toBeGreaterThan(30);
  });
});
