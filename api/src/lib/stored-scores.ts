/**
 * The stored scores (issue 32, decision 067): each agent's score kept in agent_scores so that
 * automatic dispatch ranks every eligible agent of an order in one query. The triggers of
 * migration 0017 mark a score stale in the transaction of each write it counts; the one event
 * no write marks, an offer's answer window passing unanswered, is read from the offers here.
 * Whatever is stale among the agents asked for is counted again (lib/scorecard.ts, the same
 * counts the scorecard shows) and stored before it is read, so a ranked list never uses a
 * score older than the history; `refreshStaleScores` does the same in the background for
 * every agent, so that the ranked list rarely has anything to count.
 */
import type { Db, Tx } from '@signingdesk/db';
import { rowsOf } from '@signingdesk/db';
import { sql, type SQL } from 'drizzle-orm';
import { agentScore, NO_HISTORY, OFFER_RESPONSE_WINDOW_HOURS } from '@signingdesk/domain/scorecard';
import { nowSql, scorecardsOf } from './scorecard';

export interface StoredScore {
  score: number;
  completed: number;
}

/**
 * Whether the stored score of `alias` (an agent_scores row) is stale at `now`: written since it
 * was computed, or an offer of the agent went unanswered past its window since then.
 */
export function scoreStaleSql(alias: string, now: SQL): SQL {
  const s = sql.raw(`"${alias}"`);
  const window = sql.raw(`interval '${OFFER_RESPONSE_WINDOW_HOURS} hours'`);
  return sql`(${s}.version > ${s}.computed_version or exists (
    select 1 from offers o
    where o.agent_id = ${s}.agent_id and o.status = 'offered'
      and o.created_at > ${s}.refreshed_at - ${window} and o.created_at <= ${now} - ${window}
  ))`;
}

/** Count again and store the scores of these agents, each as of the version read before counting. */
async function recompute(
  db: Db | Tx,
  rows: readonly { agentId: string; version: number }[],
  now: Date | undefined,
): Promise<Map<string, StoredScore>> {
  const fresh = new Map<string, StoredScore>();
  if (rows.length === 0) return fresh;
  const at = now ?? new Date();
  const counts = await scorecardsOf(
    db,
    rows.map((r) => r.agentId),
    { now: at },
  );
  for (const { agentId } of rows) {
    const c = counts.get(agentId) ?? NO_HISTORY;
    fresh.set(agentId, { score: agentScore(c), completed: c.completed });
  }
  // A write committed while counting bumped `version` past the one read: the row stays stale.
  await db.execute(sql`
    update agent_scores s set
      score = x.score, completed = x.completed,
      computed_version = greatest(s.computed_version, x.version),
      refreshed_at = greatest(s.refreshed_at, ${at.toISOString()}::timestamptz)
    from unnest(
      ${`{${rows.map((r) => r.agentId).join(',')}}`}::uuid[],
      ${`{${rows.map((r) => fresh.get(r.agentId)!.score).join(',')}}`}::int[],
      ${`{${rows.map((r) => fresh.get(r.agentId)!.completed).join(',')}}`}::int[],
      ${`{${rows.map((r) => r.version).join(',')}}`}::bigint[]
    ) as x(agent_id, score, completed, version)
    where s.agent_id = x.agent_id`);
  return fresh;
}

/** A stored score as read, with whether it is stale (`scoreStaleSql`). */
export interface StoredScoreRow {
  agentId: string;
  score: number;
  completed: number;
  version: string | number;
  stale: boolean;
}

/** The stored scores read: the fresh ones as they are, the stale ones counted again and stored. */
export async function currentScores(
  db: Db | Tx,
  rows: readonly StoredScoreRow[],
  options: { now?: Date } = {},
): Promise<Map<string, StoredScore>> {
  const result = new Map<string, StoredScore>();
  const stale: { agentId: string; version: number }[] = [];
  for (const row of rows) {
    if (row.stale) stale.push({ agentId: row.agentId, version: Number(row.version) });
    else result.set(row.agentId, { score: Number(row.score), completed: Number(row.completed) });
  }
  for (const [agentId, score] of await recompute(db, stale, options.now)) result.set(agentId, score);
  return result;
}

/**
 * The score and completed signings of each agent asked for, current at `now`: stored ones that
 * are fresh, the stale ones counted again and stored. An id without a profile is left out.
 */
export async function storedScores(
  db: Db | Tx,
  agentIds: readonly string[],
  options: { now?: Date } = {},
): Promise<Map<string, StoredScore>> {
  if (agentIds.length === 0) return new Map();
  const rows = rowsOf<StoredScoreRow>(
    await db.execute(sql`
      select s.agent_id as "agentId", s.score, s.completed, s.version, ${scoreStaleSql('s', nowSql(options.now))} as stale
      from agent_scores s
      where s.agent_id = any(${`{${agentIds.join(',')}}`}::uuid[])`),
  );
  return currentScores(db, rows, options);
}

/**
 * Count again every stale score, `batch` per statement, until none is left (after a seed);
 * how many were.
 */
export async function refreshEveryStaleScore(db: Db, options: { batch: number }): Promise<number> {
  let total = 0;
  for (;;) {
    const counted = await refreshStaleScores(db, { limit: options.batch });
    total += counted;
    if (counted < options.batch) return total;
  }
}

/** Count again up to `limit` stale scores of any agents (the background refresh); how many were. */
export async function refreshStaleScores(db: Db, options: { now?: Date; limit?: number } = {}): Promise<number> {
  const rows = rowsOf<{ agent_id: string; version: string | number }>(
    await db.execute(sql`
      select s.agent_id, s.version from agent_scores s
      where ${scoreStaleSql('s', nowSql(options.now))}
      order by s.agent_id
      limit ${options.limit ?? 500}`),
  );
  await recompute(
    db,
    rows.map((r) => ({ agentId: r.agent_id, version: Number(r.version) })),
    options.now,
  );
  return rows.length;
}
