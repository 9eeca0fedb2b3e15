/**
 * The stored score (decision 067) against the scorecard counted from the history: after each
 * kind of write the scorecard counts, and after an offer's answer window passes with no write
 * at all, the score read for ranking is the score the scorecard shows.
 */
import { rowsOf, schema } from '@signingdesk/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentScore } from '@signingdesk/domain/scorecard';
import { startDrainedWorker } from '../testing/drained-worker';
import { insertAgent } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { scorecardOf } from './scorecard';
import { refreshStaleScores, storedScores } from './stored-scores';

const { appointments, offers, files, escrowRatings, agentScores } = schema;
const HOUR = 3600;
const NOW = new Date('2030-06-01T12:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

describe('the stored score', () => {
  let t: TestApp;
  let template: typeof appointments.$inferSelect;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
    template = (await t.database.db.select().from(appointments).limit(1))[0]!;
  });
  afterAll(() => t.close());

  const addAgent = (label: string) => insertAgent(t, template.firmId, label);

  async function order(values: Partial<typeof appointments.$inferInsert>): Promise<string> {
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = template;
    const [row] = await t.database.db
      .insert(appointments)
      .values({ ...rest, assignedAgentId: null, status: 'Open', ...values })
      .returning({ id: appointments.id });
    return row!.id;
  }

  /** The stored score read for ranking, and the score the scorecard shows, both at NOW. */
  async function both(agentId: string) {
    const stored = (await storedScores(t.database.db, [agentId], { now: NOW })).get(agentId)!;
    const counts = await scorecardOf(t.database.db, agentId, { now: NOW });
    return { stored, shown: { score: agentScore(counts), completed: counts.completed } };
  }

  async function staleRow(agentId: string) {
    const [row] = await t.database.db.select().from(agentScores).where(eq(agentScores.agentId, agentId));
    return row!.version > row!.computedVersion;
  }

  it('gives a new agent a row, neutral until counted, and stores what the scorecard shows', async () => {
    const agent = await addAgent('newcomer');
    expect(await staleRow(agent)).toBe(true);
    const { stored, shown } = await both(agent);
    expect(stored).toEqual({ score: 50, completed: 0 });
    expect(stored).toEqual(shown);
    expect(await staleRow(agent)).toBe(false);
  });

  it('goes stale with each write the scorecard counts and reads as the scorecard after it', async () => {
    const agent = await addAgent('history');
    await both(agent);
    const startsAt = nowSeconds - 10 * 24 * HOUR - ++serial * HOUR;

    // A completed signing, marked late: completed +1, marked in time +0.
    const signing = await order({
      status: 'Completed',
      assignedAgentId: agent,
      startsAt,
      markedCompleted: true,
      markedCompletedAt: new Date((startsAt + 5 * HOUR) * 1000),
      scanBackRequired: true,
    });
    expect(await staleRow(agent)).toBe(true);
    let { stored, shown } = await both(agent);
    expect(stored).toEqual(shown);
    expect(stored.completed).toBe(1);

    const steps: [string, () => Promise<unknown>][] = [
      [
        'the mark moved into its window',
        () =>
          t.database.db
            .update(appointments)
            .set({ markedCompletedAt: new Date((startsAt + 600) * 1000) })
            .where(eq(appointments.id, signing)),
      ],
      [
        'a scan-back on time',
        () =>
          t.database.db.insert(files).values({
            appointmentId: signing,
            kind: 'scan_back',
            fileName: 'scans.pdf',
            storageKey: `stored-scores-${signing}`,
            contentType: 'application/pdf',
            sizeBytes: 1000,
            uploadedBy: agent,
            uploadConfirmed: true,
            createdAt: new Date((startsAt + 900) * 1000),
          }),
      ],
      [
        'a five-star rating',
        () => t.database.db.insert(escrowRatings).values({ appointmentId: signing, agentId: agent, ratedBy: template.createdBy, stars: 5 }),
      ],
      [
        'the rating changed to two stars',
        () => t.database.db.update(escrowRatings).set({ stars: 2 }).where(eq(escrowRatings.appointmentId, signing)),
      ],
      [
        'an offer declined in time',
        async () => {
          const id = await order({ startsAt: nowSeconds + 5 * 24 * HOUR });
          await t.database.db
            .insert(offers)
            .values({ appointmentId: id, agentId: agent, createdAt: new Date(NOW.getTime() - 3 * HOUR * 1000) });
          await t.database.db.update(offers).set({ status: 'declined', respondedAt: NOW }).where(eq(offers.appointmentId, id));
        },
      ],
    ];
    for (const [step, write] of steps) {
      const before = stored;
      await write();
      expect(await staleRow(agent), step).toBe(true);
      ({ stored, shown } = await both(agent));
      expect(stored, step).toEqual(shown);
      expect(stored, step).not.toEqual(before);
    }
  });

  it('counts an offer whose window passed unanswered, with no write to mark it', async () => {
    const agent = await addAgent('silent');
    const id = await order({ startsAt: nowSeconds + 5 * 24 * HOUR });
    // Sent an hour before NOW: inside its window, not counted yet.
    await t.database.db.insert(offers).values({ appointmentId: id, agentId: agent, createdAt: new Date(NOW.getTime() - HOUR * 1000) });
    const first = await both(agent);
    expect(first.stored).toEqual(first.shown);
    expect(await staleRow(agent)).toBe(false);

    // Three hours later the window has passed: the same rows, a different score.
    const later = new Date(NOW.getTime() + 3 * HOUR * 1000);
    const stored = (await storedScores(t.database.db, [agent], { now: later })).get(agent)!;
    const counts = await scorecardOf(t.database.db, agent, { now: later });
    expect(counts.offers).toBe(1);
    expect(stored).toEqual({ score: agentScore(counts), completed: 0 });
    expect(stored.score).toBeLessThan(first.stored.score);
  });

  it('is refreshed by one job per slot of the delivery worker, however many workers start', async () => {
    const agent = await addAgent('worker');
    expect(await staleRow(agent)).toBe(true);
    const start = () => startDrainedWorker(t);
    const workers = [await start(), await start()];
    const jobs = async () =>
      rowsOf<{ state: string }>(await t.database.db.execute(sql`select state from pgboss.job where name = 'scores-refresh'`)).map(
        (j) => j.state,
      );
    try {
      expect(await jobs()).toEqual(['created']);
      await workers[0]!.drain();
      expect(await jobs()).toEqual(['completed']);
      expect(await staleRow(agent)).toBe(false);
      const [left] = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`select count(*)::int as n from agent_scores where version > computed_version`),
      );
      expect(left!.n).toBe(0);
    } finally {
      for (const worker of workers) await worker.stop();
    }
  });

  it('refreshes every stale score in the background, in batches', async () => {
    const agents = await Promise.all(['bg-1', 'bg-2', 'bg-3'].map(addAgent));
    let refreshed = 0;
    for (
      let n = await refreshStaleScores(t.database.db, { now: NOW, limit: 25 });
      n > 0;
      n = await refreshStaleScores(t.database.db, { now: NOW, limit: 25 })
    )
      refreshed += n;
    expect(refreshed).toBeGreaterThanOrEqual(3);
    for (const agent of agents) expect(await staleRow(agent)).toBe(false);
    const [left] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from agent_scores where version > computed_version`),
    );
    expect(left!.n).toBe(0);
  });
});
