/**
 * The scorecard as operators read it (the profile modal: score, counts and the latest escrow
 * ratings) and as the agent reads their own ("Your record": score and counts, never a rating
 * one by one). The counts come from lib/scorecard.ts; the score and its texts from the domain.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { desc, eq } from 'drizzle-orm';
import type { RatingTag } from '@signingdesk/domain/escrow-rating';
import { agentScore } from '@signingdesk/domain/scorecard';
import { isUuid } from '@signingdesk/domain/uuid';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { scorecardOf } from '../../lib/scorecard';

const { agentProfiles, appointments, escrowRatings, firms } = schema;

const RECENT_RATINGS = 5;

export async function readAgentScorecard(db: Db, agentId: string) {
  if (!isUuid(agentId)) throw notFound('This signing agent');
  const [agent] = await db.select({ id: agentProfiles.userId }).from(agentProfiles).where(eq(agentProfiles.userId, agentId));
  if (!agent) throw notFound('This signing agent');
  const counts = await scorecardOf(db, agentId);
  const recent = await db
    .select({
      appointmentId: escrowRatings.appointmentId,
      name: appointments.name,
      firm: firms.name,
      stars: escrowRatings.stars,
      tags: escrowRatings.tags,
      comment: escrowRatings.comment,
      createdAt: escrowRatings.createdAt,
    })
    .from(escrowRatings)
    .innerJoin(appointments, eq(appointments.id, escrowRatings.appointmentId))
    .innerJoin(firms, eq(firms.id, appointments.firmId))
    .where(eq(escrowRatings.agentId, agentId))
    .orderBy(desc(escrowRatings.createdAt), desc(escrowRatings.appointmentId))
    .limit(RECENT_RATINGS);
  return {
    agentId,
    score: agentScore(counts),
    counts,
    recentRatings: recent.map((r) => ({ ...r, tags: r.tags as RatingTag[], createdAt: r.createdAt.toISOString() })),
  };
}

export async function readOwnRecord(db: Db, actor: Actor) {
  const counts = await scorecardOf(db, actor.userId);
  return { score: agentScore(counts), counts };
}
