/**
 * The scorecard's counts, gathered from the database for many agents at once (issue 31,
 * decision 064): the one place that reads an agent's history for the score. The profile modal,
 * the agent's "Your record", agent search (sorted by score), the bid list and automatic
 * dispatch's ranked list (issue 32, `rankAgents`) all read it. What each count means, and the
 * score made of them, is domain/src/scorecard.ts; nothing here is stored.
 *
 * Each agent's counts come from a LATERAL subquery on the indexes by agent
 * (appointments_agent_status_idx, offers_agent_status_idx, escrow_ratings_agent_idx), so the
 * cost grows with the agents asked for and their own history, not with the whole table.
 */
import type { Db, Tx } from '@signingdesk/db';
import { rowsOf, schema } from '@signingdesk/db';
import { sql, type SQL } from 'drizzle-orm';
import { SCAN_BACK_WINDOW_SECONDS } from '@signingdesk/domain/appointment-rules';
import { DECIDED_BID_STATUSES } from '@signingdesk/domain/offer-status';
import {
  agentScore,
  COMPLETION_MARK_WINDOW_HOURS,
  NEUTRAL_RATE,
  NO_HISTORY,
  OFFER_RESPONSE_WINDOW_HOURS,
  SCORE_PART_KEYS,
  SCORE_PARTS,
  type CountSum,
  type ScorecardCounts,
} from '@signingdesk/domain/scorecard';

const { appointments, offers, escrowRatings, files, auditLog } = schema;

/** The clock the offers' windows are judged at: the database's, or a test's. */
export const nowSql = (now: Date | undefined) => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

const COUNT_KEYS = Object.keys(NO_HISTORY) as (keyof ScorecardCounts)[];

/** snake_case column names of the counts in SQL. */
const COLUMN: Record<keyof ScorecardCounts, string> = {
  completed: 'completed',
  offers: 'offers',
  offersAnsweredInTime: 'offers_answered_in_time',
  completionsMarkedInTime: 'completions_marked_in_time',
  scanBacksRequired: 'scan_backs_required',
  scanBacksOnTime: 'scan_backs_on_time',
  replaced: 'replaced',
  ratings: 'ratings',
  ratingStars: 'rating_stars',
};

/**
 * One row of counts for the agent `agentId` (a column or expression of the outer query), as of
 * `now`. The offer rules are the domain's (scorecard.ts): an offer counts once answered or once
 * its window passed while it was still open; a bid an operator decided counts as answered in
 * time; "replaced" is an offer removed by a reassignment away from the agent, or by the agent
 * withdrawing from the assignment (decision 067) — each found by its audit row, through the
 * order's index.
 */
export function scorecardCountsSql(agentId: SQL, now: SQL = sql`now()`): SQL {
  const window = sql.raw(`interval '${OFFER_RESPONSE_WINDOW_HOURS} hours'`);
  const markWindow = COMPLETION_MARK_WINDOW_HOURS * 3600;
  const decided = sql.join(
    DECIDED_BID_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const decidedBid = sql`(o.status in (${decided}) or (o.status = 'removed' and o.bid_cents is not null))`;
  return sql`
    select
      coalesce(done.completed, 0)::int as completed,
      coalesce(done.completions_marked_in_time, 0)::int as completions_marked_in_time,
      coalesce(done.scan_backs_required, 0)::int as scan_backs_required,
      coalesce(done.scan_backs_on_time, 0)::int as scan_backs_on_time,
      coalesce(sent.offers, 0)::int as offers,
      coalesce(sent.offers_answered_in_time, 0)::int as offers_answered_in_time,
      coalesce(sent.replaced, 0)::int as replaced,
      coalesce(rated.ratings, 0)::int as ratings,
      coalesce(rated.rating_stars, 0)::int as rating_stars
    from (
      select
        count(*) as completed,
        count(*) filter (where a.marked_completed_at <= to_timestamp(a.starts_at + ${sql.raw(String(markWindow))})) as completions_marked_in_time,
        count(*) filter (where a.scan_back_required) as scan_backs_required,
        count(*) filter (
          where a.scan_back_required and a.marked_completed_at is not null and exists (
            select 1 from ${files} f
            where f.appointment_id = a.id and f.kind = 'scan_back' and f.upload_confirmed
              and f.created_at <= a.marked_completed_at + ${sql.raw(`interval '${SCAN_BACK_WINDOW_SECONDS} seconds'`)}
          )
        ) as scan_backs_on_time
      from ${appointments} a
      where a.assigned_agent_id = ${agentId} and a.status = 'Completed'
    ) done
    cross join (
      select
        count(*) filter (
          where o.responded_at is not null or ${decidedBid}
            or (o.status = 'offered' and o.created_at + ${window} <= ${now})
            or (o.status = 'removed' and o.updated_at >= o.created_at + ${window})
        ) as offers,
        count(*) filter (
          where o.agent_responded_at <= o.created_at + ${window}
            -- Offers written before the agent's answer was kept apart (migration 0015): as before.
            or (o.agent_responded_at is null and (${decidedBid} or o.responded_at <= o.created_at + ${window}))
        ) as offers_answered_in_time,
        count(*) filter (
          where o.status = 'removed' and exists (
            select 1 from ${auditLog} l
            where l.appointment_id = o.appointment_id and (
              (l.action = 'appointment.reassigned' and l.details ->> 'from' = o.agent_id::text)
              or (l.action = 'appointment.agent_withdrew' and l.details ->> 'agentId' = o.agent_id::text)
            )
          )
        ) as replaced
      from ${offers} o
      where o.agent_id = ${agentId}
    ) sent
    cross join (
      select count(*) as ratings, sum(r.stars) as rating_stars from ${escrowRatings} r where r.agent_id = ${agentId}
    ) rated`;
}

function sumSql(alias: string, sum: CountSum): SQL {
  const terms = (Object.entries(sum) as [keyof ScorecardCounts, number][]).map(([key, factor]) => `${factor} * ${alias}.${COLUMN[key]}`);
  return sql.raw(`(${terms.join(' + ')})`);
}

/**
 * The score (0–100) of the counts row `alias`, in SQL: domain's `agentScore` computed from the
 * same table of parts (SCORE_PARTS), so that a list sorted by score in SQL agrees with the score
 * shown. scorecard.db.test.ts checks the two agree.
 */
export function scoreOfCountsSql(alias: string): SQL {
  const weights = SCORE_PART_KEYS.reduce((n, key) => n + SCORE_PARTS[key].weight, 0);
  const parts = SCORE_PART_KEYS.map((key) => {
    const { weight, priorWeight, good, total } = SCORE_PARTS[key];
    return sql`${sql.raw(String(weight))} * (${sumSql(alias, good)} + ${sql.raw(String(NEUTRAL_RATE * priorWeight))}) / (${sumSql(alias, total)} + ${sql.raw(String(priorWeight))})::float8`;
  });
  return sql`round((100 * (${sql.join(parts, sql` + `)}) / ${sql.raw(String(weights))})::numeric)::int`;
}

/** The score of the agent in `agentId` (a column of the outer query), for ORDER BY and lists. */
export function agentScoreSql(agentId: SQL, options: { now?: Date } = {}): SQL<number> {
  return sql<number>`(select ${scoreOfCountsSql('sc')} from (${scorecardCountsSql(agentId, nowSql(options.now))}) sc)`.mapWith(Number);
}

function countsOf(row: Record<string, unknown>): ScorecardCounts {
  const counts = { ...NO_HISTORY };
  for (const key of COUNT_KEYS) counts[key] = Number(row[COLUMN[key]] ?? 0);
  return counts;
}

/** The counts of each agent asked for (every id gets a row; an unknown one has no history). */
export async function scorecardsOf(
  db: Db | Tx,
  agentIds: readonly string[],
  options: { now?: Date } = {},
): Promise<Map<string, ScorecardCounts>> {
  const result = new Map<string, ScorecardCounts>();
  if (agentIds.length === 0) return result;
  const now = nowSql(options.now);
  const rows = rowsOf<Record<string, unknown> & { agent_id: string }>(
    await db.execute(sql`
      select ids.agent_id, sc.*
      from unnest(${`{${agentIds.join(',')}}`}::uuid[]) as ids(agent_id)
      cross join lateral (${scorecardCountsSql(sql`ids.agent_id`, now)}) sc`),
  );
  for (const row of rows) result.set(row.agent_id, countsOf(row));
  return result;
}

/** One agent's counts. */
export async function scorecardOf(db: Db | Tx, agentId: string, options: { now?: Date } = {}): Promise<ScorecardCounts> {
  return (await scorecardsOf(db, [agentId], options)).get(agentId) ?? { ...NO_HISTORY };
}

export interface RankedAgent {
  agentId: string;
  score: number;
  counts: ScorecardCounts;
}

/**
 * The agents asked for, best score first (ties: more completed signings, then the id, so the
 * order is stable). Automatic dispatch (issue 32) filters the eligible agents of an order and
 * ranks them here.
 */
export async function rankAgents(db: Db | Tx, agentIds: readonly string[], options: { now?: Date } = {}): Promise<RankedAgent[]> {
  const counts = await scorecardsOf(db, agentIds, options);
  return [...counts]
    .map(([agentId, c]) => ({ agentId, score: agentScore(c), counts: c }))
    .sort((a, b) => b.score - a.score || b.counts.completed - a.counts.completed || (a.agentId < b.agentId ? -1 : 1));
}
