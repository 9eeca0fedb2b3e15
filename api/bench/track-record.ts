/**
 * The market simulation's agents' past (issue 32, `npm run simulate`): the demo seeds a history
 * only for the few agents who have work in the demo, so nearly all 8,200 score 50 with no
 * completed signing, and a score could not tell a good agent from a poor one. Before the
 * simulated week, each agent gets a latent quality (seeded by their email, so both runs and
 * every machine agree) and a track record drawn from it: completed signings in the weeks
 * before, marked complete in time or late, answered in time or slowly, rated by the escrow
 * officer. The scores the real scorecard code then counts from these rows rank the agents, and
 * the agents' behaviour in the week follows the same quality: reliability tied to the score.
 */
import { schema, type Db } from '@signingdesk/db';

const { appointments, offers, escrowRatings } = schema;
type AppointmentRow = typeof appointments.$inferSelect;
const HOUR = 3_600_000;
const CHUNK = 500;

/** A seeded random stream per key (mulberry32 over the key's hash). */
export type RandomFor = (key: string) => () => number;

export interface RecordedAgent {
  id: string;
  email: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** The agent's latent quality, 0.25–0.95: what their record shows and how they behave. */
export function qualityOf(randomFor: RandomFor, email: string): number {
  const r = randomFor(`quality:${email}`);
  // The mean of two draws: most agents are ordinary, fewer very good or poor.
  return 0.25 + 0.7 * ((r() + r()) / 2);
}

/**
 * Inserts every agent's past signings, ending a week before `weekStart`: a quarter of the agents
 * are new (no history); the others have 1–12 completed signings. Returns how many were added.
 */
export async function addTrackRecords(
  db: Db,
  agents: readonly RecordedAgent[],
  options: { randomFor: RandomFor; weekStart: number; template: AppointmentRow },
): Promise<number> {
  const { randomFor, weekStart, template } = options;
  const { id: _id, createdAt: _c, updatedAt: _u, ...base } = template;
  let added = 0;
  let orders: (typeof appointments.$inferInsert)[] = [];
  let answers: (typeof offers.$inferInsert)[] = [];
  let ratings: (typeof escrowRatings.$inferInsert)[] = [];
  const flush = async () => {
    if (orders.length === 0) return;
    await db.insert(appointments).values(orders);
    await db.insert(offers).values(answers);
    if (ratings.length > 0) await db.insert(escrowRatings).values(ratings);
    added += orders.length;
    orders = [];
    answers = [];
    ratings = [];
  };
  for (const agent of agents) {
    const r = randomFor(`record:${agent.email}`);
    const q = qualityOf(randomFor, agent.email);
    const signings = r() < 0.25 ? 0 : 1 + Math.floor(r() * 12);
    for (let i = 0; i < signings; i++) {
      const id = crypto.randomUUID();
      const startsAt = weekStart - (7 + Math.floor(r() * 56)) * 24 * HOUR - Math.floor(r() * 10) * HOUR;
      const starts = new Date(startsAt);
      const sentAt = new Date(startsAt - (24 + Math.floor(r() * 72)) * HOUR);
      // A good agent answers within the hour and marks the signing complete within two; a poor one often does not.
      const answeredAt = new Date(sentAt.getTime() + (r() < q ? 5 + r() * 55 : 150 + r() * 600) * 60_000);
      const markedAt = new Date(startsAt + (r() < q ? 60 + r() * 50 : 150 + r() * 300) * 60_000);
      orders.push({
        ...base,
        id,
        status: 'Completed',
        assignedAgentId: agent.id,
        fileNumber: `PAST-${agent.email}-${i}`,
        name: `Past signing ${i + 1} of ${agent.email}`,
        state: agent.state,
        latitude: agent.latitude,
        longitude: agent.longitude,
        date: starts.toISOString().slice(0, 10),
        time: starts.toISOString().slice(11, 16),
        timeTbd: false,
        startsAt: Math.floor(startsAt / 1000),
        scanBackRequired: false,
        markedCompleted: true,
        outcome: 'signed',
        markedCompletedAt: markedAt,
        agentPaid: true,
        agentPaidAt: new Date(markedAt.getTime() + 72 * HOUR),
        createdAt: sentAt,
      });
      answers.push({
        appointmentId: id,
        agentId: agent.id,
        status: 'approved',
        bidCents: template.agentFeeCents,
        createdAt: sentAt,
        agentRespondedAt: answeredAt,
        respondedAt: answeredAt,
        updatedAt: answeredAt,
      });
      if (r() < 0.8) {
        const stars = Math.max(1, Math.min(5, Math.round(1 + 4 * q + (r() - 0.5) * 1.5)));
        ratings.push({ appointmentId: id, agentId: agent.id, ratedBy: template.createdBy, stars, createdAt: markedAt });
      }
    }
    if (orders.length >= CHUNK) await flush();
  }
  await flush();
  return added;
}
