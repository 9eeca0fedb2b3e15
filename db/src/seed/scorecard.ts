/**
 * A history that gives the scorecard meaning (issue 31, decision 064): each agent who has work
 * in the demo is reliable, ordinary or slow, and their offers, completions and scan-backs are
 * timed to match; escrow officers rate most completed signings. Drawn from its own PRNG, in the
 * order of the generated rows, so it does not move the rest of the data and is the same on
 * every machine. The demo agent is reliable.
 *
 * The generated orders stamp no time of sending on an offer (the database's now()), mark every
 * completion three hours after the start and upload scan-backs at seed time; this part sets
 * those times: `addScorecardHistory` before the rows go in, `insertRatings` after.
 */
import type { Tx } from '../index';
import * as schema from '../schema/index';
import type { AppointmentContext, Work } from './appointments';
import { createRandom, type Random } from './random';
import { insertChunked } from './support';

type Tier = 'reliable' | 'ordinary' | 'slow';
type Rating = typeof schema.escrowRatings.$inferInsert;

const HOUR = 3_600_000;
const TAGS_OF: Record<Tier, string[][]> = {
  reliable: [['on_time', 'professional'], ['professional'], ['on_time'], []],
  ordinary: [['on_time'], [], ['package_errors'], ['professional']],
  slow: [['late'], ['scan_backs_late'], ['late', 'package_errors'], []],
};
const STARS_OF: Record<Tier, number[]> = { reliable: [5, 5, 5, 4], ordinary: [4, 4, 3, 5, 3], slow: [2, 3, 1, 2] };
const COMMENTS = ['Smooth closing, thank you.', 'Signer was happy.', 'Package came back incomplete.', 'Arrived 40 minutes late.'];

/** Minutes an agent of the tier takes: to answer an offer, to mark the signing complete after its start, to upload scans after that. */
function delays(tier: Tier, random: Random) {
  switch (tier) {
    case 'reliable':
      return { answer: random.int(3, 60), mark: random.int(45, 110), scans: random.int(10, 90) };
    case 'ordinary':
      return { answer: random.int(20, 180), mark: random.int(60, 200), scans: random.int(30, 150) };
    case 'slow':
      return { answer: random.int(150, 600), mark: random.int(150, 420), scans: random.int(120, 480) };
  }
}

/** Sets the times of the generated offers, completions and scan-backs; answers the ratings to insert once the orders are in. */
export function addScorecardHistory(work: Work, context: AppointmentContext): Rating[] {
  const random = createRandom(20261127);
  const tiers = new Map<string, Tier>([[context.agents.demoAgent.id, 'reliable']]);
  const tierOf = (agentId: string): Tier => {
    let tier = tiers.get(agentId);
    if (!tier) {
      const roll = random.next();
      tier = roll < 0.45 ? 'reliable' : roll < 0.8 ? 'ordinary' : 'slow';
      tiers.set(agentId, tier);
    }
    return tier;
  };
  const now = context.now.getTime();

  for (const offer of work.offers) {
    const tier = tierOf(offer.agentId);
    const answeredAt = offer.respondedAt ? offer.respondedAt.getTime() : null;
    // The seed's answer times are the agents' own (claimed, countered, declined, then decided).
    if (offer.respondedAt && offer.status !== 'offered' && offer.status !== 'removed') offer.agentRespondedAt = offer.respondedAt;
    // Sent before the answer; an offer not answered was sent some hours ago.
    const sentAt = answeredAt === null ? now - random.int(1, 96) * HOUR : answeredAt - delays(tier, random).answer * 60_000;
    offer.createdAt = new Date(sentAt);
  }

  const ratings: Rating[] = [];
  const scanBackOf = new Map(work.files.filter((f) => f.kind === 'scan_back').map((f) => [f.appointmentId, f]));
  for (const appointment of work.appointments) {
    if (appointment.status !== 'Completed' || !appointment.assignedAgentId || appointment.markedCompletedAt === null) continue;
    const tier = tierOf(appointment.assignedAgentId);
    const wait = delays(tier, random);
    const markedAt = Math.min(appointment.startsAt * 1000 + wait.mark * 60_000, now);
    appointment.markedCompletedAt = new Date(markedAt);
    const scans = scanBackOf.get(appointment.id!);
    if (scans) scans.createdAt = new Date(Math.min(markedAt + wait.scans * 60_000, now));
    // Most signings are rated; one in five is left for the officer (and the journeys) to rate.
    if (!random.chance(0.8)) continue;
    const stars = random.pick(STARS_OF[tier]);
    ratings.push({
      appointmentId: appointment.id!,
      agentId: appointment.assignedAgentId,
      ratedBy: appointment.createdBy,
      stars,
      tags: random.pick(TAGS_OF[tier]),
      comment: random.chance(0.3) ? random.pick(COMMENTS) : null,
      createdAt: new Date(Math.min(markedAt + random.int(2, 48) * HOUR, now)),
    });
  }
  return ratings;
}

export async function insertRatings(tx: Tx, ratings: Rating[]): Promise<void> {
  await insertChunked(tx, schema.escrowRatings, ratings);
}
