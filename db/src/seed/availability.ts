/**
 * Demo availability (issue 31): agents travel different distances (25 or 100 miles, a few 250),
 * some take a few signings a day at most, a few are out of office next week (and one was
 * last month), and one has paused offers. The demo accounts keep the defaults, so the app shows
 * what a new agent sees and the tests' agents are offered work. Deterministic: its own seeded random, agents in email order.
 */
import { asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Tx } from '../index';
import * as schema from '../schema/index';
import { DEMO_ACCOUNTS } from './data';
import { createRandom } from './random';

const { agentProfiles, agentTimeOff, user } = schema;
const DAY_MS = 86_400_000;
const dayAfter = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);

export async function insertAvailability(tx: Tx, now: Date): Promise<void> {
  const random = createRandom(31_2026);
  const agents = await tx
    .select({ id: user.id })
    .from(user)
    .innerJoin(agentProfiles, eq(agentProfiles.userId, user.id))
    .where(
      notInArray(
        user.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    )
    .orderBy(asc(user.email));
  const ids = agents.map((a) => a.id);
  if (ids.length === 0) return;

  const radius = new Map<number, string[]>();
  const perDay = new Map<number, string[]>();
  for (const id of ids) {
    const roll = random.next();
    const miles = roll < 0.3 ? 25 : roll < 0.55 ? 100 : roll < 0.6 ? 250 : null;
    if (miles) radius.set(miles, [...(radius.get(miles) ?? []), id]);
    if (random.chance(0.2)) {
      const most = random.int(2, 6);
      perDay.set(most, [...(perDay.get(most) ?? []), id]);
    }
  }
  for (const [miles, group] of radius)
    await tx.update(agentProfiles).set({ travelRadiusMiles: miles }).where(inArray(agentProfiles.userId, group));
  for (const [most, group] of perDay)
    await tx.update(agentProfiles).set({ maxSigningsPerDay: most }).where(inArray(agentProfiles.userId, group));

  // A few away next week, one of them last month too; one with offers paused for 4 hours.
  const [paused, ...away] = random.sample(ids, Math.min(ids.length, 5));
  const ranges = away.map((agentId, i) => ({
    agentId,
    startsOn: dayAfter(now, i === 0 ? 9 : 7),
    endsOn: dayAfter(now, i === 0 ? 9 : 11),
    note: i === 1 ? 'Family trip' : null,
  }));
  if (away[0]) ranges.push({ agentId: away[0], startsOn: dayAfter(now, -40), endsOn: dayAfter(now, -36), note: 'Conference' });
  if (ranges.length > 0) await tx.insert(agentTimeOff).values(ranges);
  if (paused)
    await tx
      .update(agentProfiles)
      .set({ offersPausedUntil: new Date(now.getTime() + 4 * 3_600_000) })
      .where(eq(agentProfiles.userId, paused));
}
