/**
 * One order's ranked list (decision 067): who is on it (each agent within their own travel
 * radius, commissioned in the order's state, not offered it yet) and in which order (the
 * operators' preferred first, then the score, then distance), with the line that says why.
 */
import { schema } from '@signingdesk/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARTH_RADIUS_MILES } from '@signingdesk/domain/eligibility';
import { createOrder, insertAgent, signInAll, type Sessions } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { rankedCandidates } from './ranking';

const { appointments, agentScores, agentTimeOff, offers } = schema;
/** Degrees of latitude per great-circle mile, to place agents due north of the signing. */
const DEGREES_PER_MILE = 180 / (Math.PI * EARTH_RADIUS_MILES);

describe("an order's ranked list", () => {
  let t: TestApp;
  let s: Sessions;
  let order: typeof appointments.$inferSelect;
  const ids: Record<string, string> = {};

  async function addAgent(
    label: string,
    place: {
      miles: number;
      travelRadiusMiles?: number;
      states?: string[];
      preferred?: boolean;
      score?: number;
      maxSigningsPerDay?: number;
      pausedUntil?: Date;
    },
  ) {
    const id = await insertAgent(t, order.firmId, label, {
      latitude: order.latitude! + place.miles * DEGREES_PER_MILE,
      longitude: order.longitude!,
      certifiedStates: place.states ?? ['CA'],
      preferred: place.preferred ?? false,
      travelRadiusMiles: place.travelRadiusMiles ?? 50,
      maxSigningsPerDay: place.maxSigningsPerDay ?? null,
      offersPausedUntil: place.pausedUntil ?? null,
    });
    if (place.score !== undefined) {
      // A record already counted: the stored score is fresh, as the background refresh leaves it.
      await t.database.db
        .update(agentScores)
        .set({ score: place.score, computedVersion: sql`${agentScores.version}`, refreshedAt: new Date() })
        .where(eq(agentScores.agentId, id));
    }
    ids[label] = id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    const id = await createOrder(t, s.escrowA, { fileNumber: 'RANK-1' });
    order = (await t.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
    await addAgent('near', { miles: 5 });
    await addAgent('preferred', { miles: 30, preferred: true });
    await addAgent('strong', { miles: 40, score: 80 });
    await addAgent('weak', { miles: 2, score: 35 });
    await addAgent('far-traveller', { miles: 200, travelRadiusMiles: 250 });
    await addAgent('short-radius', { miles: 20, travelRadiusMiles: 10 });
    await addAgent('other-state', { miles: 3, states: ['NV'] });
    await addAgent('offered', { miles: 1 });
    await t.database.db.insert(offers).values({ appointmentId: order.id, agentId: ids.offered! });

    // Availability: away that day, paused, booked 60 minutes after it, at their maximum that day.
    const hour = 3600;
    await addAgent('away', { miles: 4 });
    await t.database.db.insert(agentTimeOff).values({ agentId: ids.away!, startsOn: order.date, endsOn: order.date });
    await addAgent('paused', { miles: 4, pausedUntil: new Date(Date.now() + 4 * hour * 1000) });
    await addAgent('was-paused', { miles: 4, pausedUntil: new Date(Date.now() - hour * 1000) });
    await addAgent('booked-close', { miles: 4 });
    await addAgent('booked-later', { miles: 4 });
    await addAgent('at-maximum', { miles: 4, maxSigningsPerDay: 1 });
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = order;
    const signing = (agent: string, startsAt: number) =>
      t.database.db
        .insert(appointments)
        .values({ ...rest, status: 'Scheduled', assignedAgentId: ids[agent]!, startsAt, fileNumber: `RANK-${agent}` });
    await signing('booked-close', order.startsAt + hour);
    await signing('booked-later', order.startsAt + 2 * hour);
    await signing('at-maximum', order.startsAt + 5 * hour);
  });
  afterAll(() => t.close());

  const mine = async (options: { notOffered?: boolean } = {}) => {
    const list = await rankedCandidates(t.database.db, order, options);
    const labels = Object.fromEntries(Object.entries(ids).map(([label, id]) => [id, label]));
    return list.filter((c) => labels[c.agentId]).map((c) => ({ ...c, label: labels[c.agentId]! }));
  };

  it('ranks the operators’ preferred first, then by score, then the nearer of equal scores', async () => {
    const list = await mine({ notOffered: true });
    expect(list.map((c) => c.label).filter((l) => !['was-paused', 'booked-later'].includes(l))).toEqual([
      'preferred',
      'strong',
      'near',
      'far-traveller',
      'weak',
    ]);
    expect(list.find((c) => c.label === 'preferred')).toMatchObject({ tier: 'operators', score: 50, distanceMiles: 30 });
    expect(list.find((c) => c.label === 'far-traveller')).toMatchObject({ tier: 'everyone', distanceMiles: 200 });
  });

  it('keeps to each agent’s own travel radius and the order’s state', async () => {
    const labels = (await mine()).map((c) => c.label);
    expect(labels).toContain('far-traveller');
    expect(labels).not.toContain('short-radius');
    expect(labels).not.toContain('other-state');
  });

  it('leaves out agents away that day, paused, booked within 90 minutes or at their maximum', async () => {
    const labels = (await mine()).map((c) => c.label);
    for (const unavailable of ['away', 'paused', 'booked-close', 'at-maximum']) expect(labels, unavailable).not.toContain(unavailable);
    for (const available of ['was-paused', 'booked-later']) expect(labels, available).toContain(available);
  });

  it('leaves out agents who already had the offer only when asked to', async () => {
    expect((await mine()).map((c) => c.label)).toContain('offered');
    expect((await mine({ notOffered: true })).map((c) => c.label)).not.toContain('offered');
  });

  it('says why each agent is where they are, with their place in the whole list', async () => {
    const all = await rankedCandidates(t.database.db, order, { notOffered: true });
    const position = all.findIndex((c) => c.agentId === ids.strong) + 1;
    expect(all.find((c) => c.agentId === ids.strong)!.reason).toBe(`#${position}: Eligible agent, score 80, 40.0 mi away`);
    expect(all.find((c) => c.agentId === ids.preferred)!.reason).toMatch(/^#\d+: Preferred by our operators, score 50, 30\.0 mi away$/);
  });
});
