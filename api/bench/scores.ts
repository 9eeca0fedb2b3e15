/**
 * `npm run bench` [scores]: the scorecard (issue 31, decision 064) at scale. A fresh database
 * (seed-large.ts: 100,000 appointments, ≈300k offers) with 50,000 agents, plus scan-backs on
 * the completed orders that need them and an escrow rating on 70% of the completed orders.
 *
 * Measures, as median / p99 (ms):
 * - scores for 50,000 agents: lib/scorecard.ts `scorecardsOf` for every agent at once, then the
 *   domain's score of each (what a nightly ranking or an export would do);
 * - a ranked, filtered list for one order: the order's eligible agents (commissioned in its
 *   state, within 50 miles) ranked by score with `rankAgents`, what automatic dispatch (issue 32)
 *   did per order before issue 32; over different Open orders;
 * - dispatch's ranked list for one order (issue 32, decision 067): modules/dispatch/ranking.ts
 *   `rankedCandidates`, each agent within their own travel radius, the stored scores
 *   (lib/stored-scores.ts) after the background refresh has counted them (its time is reported
 *   too); target ≤ 50 ms median.
 *
 * BENCH_DATABASE_URL or DATABASE_URL: PostgreSQL (a new database, dropped at the end);
 * otherwise PGlite in a temp folder. SCORES_RUNS (default 5) and ORDER_RUNS (default 40).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rowsOf } from '@signingdesk/db';
import { agentScore } from '@signingdesk/domain/scorecard';
import { sql } from 'drizzle-orm';
import { rankAgents, scorecardsOf } from '../src/lib/scorecard';
import { refreshEveryStaleScore } from '../src/lib/stored-scores';
import { rankedCandidates } from '../src/modules/dispatch/ranking';
import { eligibleAgentIds } from '../src/modules/workflow/eligibility';
import { openBenchDatabase, seedLarge, type BenchDatabase } from './seed-large';

const AGENTS = 50_000;
const SCORES_RUNS = Number(process.env.SCORES_RUNS) > 0 ? Math.floor(Number(process.env.SCORES_RUNS)) : 5;
const ORDER_RUNS = Number(process.env.ORDER_RUNS) > 0 ? Math.floor(Number(process.env.ORDER_RUNS)) : 40;
const RADIUS_MILES = 50;

let bench: BenchDatabase | undefined;

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const p99 = sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)]!;
  return { runs: samples.length, medianMs: Math.round(median * 10) / 10, p99Ms: Math.round(p99 * 10) / 10 };
}

function stats(samples: number[]) {
  const { medianMs, p99Ms } = summary(samples);
  return `${medianMs.toFixed(1)} / ${p99Ms.toFixed(1)}`;
}

async function main() {
  const started = performance.now();
  bench = await openBenchDatabase();
  const { db } = bench.database;
  console.log(`Seeding ${AGENTS.toLocaleString('en-US')} agents and 100,000 appointments (${bench.description})…`);
  await seedLarge(bench.database, { scale: '100k', agents: AGENTS });
  // The history the score reads besides offers and completions: scan-backs (most on time) and ratings.
  await db.execute(sql`
    insert into files (appointment_id, kind, file_name, storage_key, content_type, size_bytes, uploaded_by, upload_confirmed, created_at)
    select id, 'scan_back', 'Scan-backs.pdf', 'bench-scans/' || id, 'application/pdf', 1000000, assigned_agent_id, true,
           marked_completed_at + make_interval(mins => 10 + abs(hashtext(id::text)) % 200)
    from appointments where status = 'Completed' and scan_back_required`);
  await db.execute(sql`
    insert into escrow_ratings (appointment_id, agent_id, rated_by, stars, tags)
    select id, assigned_agent_id, created_by, 1 + abs(hashtext(id::text || 'stars')) % 5, '{}'
    from appointments where status = 'Completed' and abs(hashtext(id::text)) % 10 < 7`);
  await db.execute(sql.raw('analyze files'));
  await db.execute(sql.raw('analyze escrow_ratings'));
  const agentIds = rowsOf<{ id: string }>(await db.execute(sql`select user_id as id from agent_profiles`)).map((r) => r.id);
  console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${agentIds.length.toLocaleString('en-US')} agents.`);

  const all: number[] = [];
  let scored = 0;
  for (let i = 0; i < SCORES_RUNS; i++) {
    const t0 = performance.now();
    const counts = await scorecardsOf(db, agentIds);
    let sum = 0;
    for (const c of counts.values()) sum += agentScore(c);
    all.push(performance.now() - t0);
    scored = counts.size;
    if (i === 0) console.log(`  mean score ${(sum / counts.size).toFixed(1)} over ${counts.size.toLocaleString('en-US')} agents`);
  }

  const orders = rowsOf<{
    id: string;
    state: string;
    latitude: number;
    longitude: number;
    date: string;
    firmId: string;
    startsAt: number;
    timeTbd: boolean;
    createdBy: string;
  }>(
    await db.execute(sql`
      select id, state, latitude, longitude, date::text as date, firm_id as "firmId", starts_at::float8 as "startsAt", time_tbd as "timeTbd", created_by as "createdBy"
      from appointments
      where status = 'Open' and latitude is not null order by id limit ${ORDER_RUNS}`),
  );
  const ranked: number[] = [];
  let listed = 0;
  for (const order of orders) {
    const t0 = performance.now();
    const eligible = await eligibleAgentIds(db, order, { radiusMiles: RADIUS_MILES, preferredOnly: false });
    const list = await rankAgents(db, eligible);
    ranked.push(performance.now() - t0);
    listed += list.length;
  }

  // The background refresh counts every stale stored score (all of them, after the seed)…
  const refreshStarted = performance.now();
  const refreshedScores = await refreshEveryStaleScore(db, { batch: 2_000 });
  const refreshSeconds = (performance.now() - refreshStarted) / 1000;
  // …then dispatch ranks each order's eligible agents from them.
  const dispatchRanked: number[] = [];
  let candidates = 0;
  for (let run = 0; run < 2; run++) {
    for (const order of orders) {
      const t0 = performance.now();
      const list = await rankedCandidates(db, order, { notOffered: true });
      if (run === 1) dispatchRanked.push(performance.now() - t0);
      if (run === 1) candidates += list.length;
    }
  }

  console.log('');
  console.log('| measure | runs | median / p99 (ms) |');
  console.log('|---|---|---|');
  console.log(`| scores for ${scored.toLocaleString('en-US')} agents | ${all.length} | ${stats(all)} |`);
  console.log(
    `| a ranked, filtered list for one order (${RADIUS_MILES} mi, ${(listed / Math.max(1, orders.length)).toFixed(0)} agents on average) | ${ranked.length} | ${stats(ranked)} |`,
  );
  console.log(
    `| dispatch's ranked list for one order (own travel radius, stored scores, ${(candidates / Math.max(1, orders.length)).toFixed(0)} agents on average) | ${dispatchRanked.length} | ${stats(dispatchRanked)} |`,
  );
  console.log(
    `\nThe background refresh counted ${refreshedScores.toLocaleString('en-US')} stale stored scores in ${refreshSeconds.toFixed(1)} s.`,
  );
  const report = {
    database: bench.description,
    agents: scored,
    scores: summary(all),
    rankedList: { ...summary(ranked), radiusMiles: RADIUS_MILES, agentsOnAverage: Math.round(listed / Math.max(1, orders.length)) },
    dispatchRankedList: { ...summary(dispatchRanked), agentsOnAverage: Math.round(candidates / Math.max(1, orders.length)) },
    storedScoresRefresh: { scores: refreshedScores, seconds: Math.round(refreshSeconds * 10) / 10 },
    totalSeconds: Math.round((performance.now() - started) / 1000),
  };
  const file = join(tmpdir(), `signingdesk-bench-scores-${Date.now()}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResults (JSON): ${file}`);
}

try {
  await main();
} finally {
  await bench?.close();
}
