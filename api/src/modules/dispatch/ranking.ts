/**
 * One order's ranked list (issue 32, decision 067): every agent eligible for it, within their
 * own travel radius and available (lib/availability-rules.ts), in the order automatic dispatch offers it — the domain's tiers, then the
 * stored score, then distance (domain/src/dispatch.ts `compareCandidates`). The SQL finds the
 * eligible agents with their distance and tier facts; the stored scores (lib/stored-scores.ts)
 * are brought up to date for exactly those agents; the domain orders them.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rankCandidates, rankReason, tierOf, type Candidate } from '@signingdesk/domain/dispatch';
import { roundMiles } from '@signingdesk/domain/eligibility';
import { agentScore, NO_HISTORY } from '@signingdesk/domain/scorecard';
import { firmRequirementsOf } from '../../lib/credential-rules';
import { availableForSql, type SigningWhen } from '../../lib/availability-rules';
import { nowSql } from '../../lib/scorecard';
import { currentScores, scoreStaleSql } from '../../lib/stored-scores';
import { agentMilesSql, eligibleWhere, type OrderPlace } from '../workflow/eligibility';

const { agentProfiles: ap, profiles, offers, agentScores, preferredAgents } = schema;
/** The stored scores, under the alias `scoreStaleSql` names. */
const scores = alias(agentScores, 's');

export interface RankedCandidate extends Candidate {
  completed: number;
  /** "#1: Preferred by the title company, score 82, 4.2 mi away". */
  reason: string;
}

/**
 * The order's eligible agents, best first. `notOffered`: leave out the agents who already have
 * an offer of this order in any state (offered, answered, declined, removed): a wave offers
 * only agents who never had it.
 */
export async function rankedCandidates(
  db: Db | Tx,
  order: OrderPlace & SigningWhen & { createdBy: string },
  options: { now?: Date; notOffered?: boolean } = {},
): Promise<RankedCandidate[]> {
  if (order.latitude === null || order.longitude === null) return [];
  const firm = await firmRequirementsOf(db, order.firmId);
  const now = options.now ?? new Date();
  const distance = agentMilesSql(order.latitude, order.longitude);
  // One statement: the eligible agents with their stored scores (every agent has a row, made
  // with the profile); only the stale ones are counted again.
  const rows = await db
    .select({
      agentId: ap.userId,
      distance,
      operatorsPreferred: ap.preferred,
      // The officer's and the firm's preferred agents: two small sets, each agent looked up in them.
      officerPreferred:
        sql<boolean>`${ap.userId} in (select p.agent_id from ${preferredAgents} p where p.officer_id = ${order.createdBy})`.mapWith(
          Boolean,
        ),
      firmPreferred: sql<boolean>`${ap.userId} in (select p.agent_id from ${preferredAgents} p where p.firm_id = ${order.firmId})`.mapWith(
        Boolean,
      ),
      score: scores.score,
      completed: scores.completed,
      version: scores.version,
      stale: scoreStaleSql('s', nowSql(options.now)).mapWith(Boolean),
    })
    .from(ap)
    .innerJoin(profiles, eq(profiles.userId, ap.userId))
    .innerJoin(scores, eq(scores.agentId, ap.userId))
    .where(
      and(
        eligibleWhere(order, firm, 'own'),
        availableForSql(order, now),
        options.notOffered
          ? // The order's offers are one small set, looked up for each agent (a hashed NOT IN).
            sql`${ap.userId} not in (select ${offers.agentId} from ${offers} where ${offers.appointmentId} = ${order.id})`
          : undefined,
      ),
    );
  const current = await currentScores(db, rows, { now: options.now });
  const ranked = rankCandidates(
    rows.map((r) => {
      const stored = current.get(r.agentId);
      return {
        agentId: r.agentId,
        tier: tierOf(r),
        score: stored?.score ?? agentScore(NO_HISTORY),
        completed: stored?.completed ?? 0,
        distanceMiles: roundMiles(Number(r.distance)),
      };
    }),
  );
  return ranked.map((c, i) => ({ ...c, reason: rankReason(c, i + 1) }));
}
