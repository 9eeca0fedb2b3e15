/**
 * Demo data for a fresh database: firms, the named demo accounts, 8,000+ signing agents at
 * real US zip codes, a few hundred appointments in every status with offers, bids, files,
 * messages and invoices, and some public-form traffic. One transaction, bulk inserts, one
 * password hash for every account, a seeded PRNG so every machine gets the same data. The
 * files' bytes are the caller's (storeFiles): this package knows no file storage.
 *
 * Dates are counted in each appointment's own zone from the day the seed runs, so whatever
 * the time of day: generated Scheduled signings start tomorrow or later, Completed ones
 * yesterday or earlier, and the demo agent always has two started, unfinished assignments
 * (Mark Assignment Complete is shown) and three coming up today and on the next days.
 *
 * Each part has a module: firms.ts, people.ts (the named accounts), agents.ts,
 * appointments.ts (the generated orders), demo-agent.ts (the demo agent's signings around
 * today), scorecard.ts (the times and ratings the scorecard reads), public-traffic.ts;
 * support.ts holds what they share. The order of the steps below is
 * the order the PRNG and the ids are drawn in: moving one changes the data.
 */
import { count } from 'drizzle-orm';
import type { Db } from '../index';
import * as schema from '../schema/index';
import { buildAgents, insertAgents } from './agents';
import { addAppointments, emptyWork, insertAppointments, storeFiles, type AppointmentContext } from './appointments';
import { DEMO_FIRMS } from './data';
import { insertAvailability } from './availability';
import { insertCredentials } from './credentials';
import { addDemoAgentDays } from './demo-agent';
import { insertFirms } from './firms';
import type { SeedOptions, SeedSummary } from './options';
import { insertAccounts } from './people';
import { insertPublicTraffic } from './public-traffic';
import { createRandom } from './random';
import { addScorecardHistory, insertRatings } from './scorecard';
import { placesByState, todayIn, together } from './support';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, EXTRA_ESCROW_OFFICERS, STATE_WEIGHTS, ZONE_OF_STATE } from './data';
export type { SeededFile, SeedOptions, SeedSummary } from './options';

/** True when no user exists yet: the only case in which demo data is seeded automatically. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(schema.user);
  return Number(row?.n ?? 0) === 0;
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const random = createRandom(20260521);
  const now = options.now ?? new Date();
  const places = placesByState();
  return db.transaction(async (tx) => {
    const firmIds = await insertFirms(tx);
    const accounts = await insertAccounts(tx, options.passwordHash, firmIds);
    const agents = buildAgents(random, places, options, firmIds.independent, accounts);
    const context: AppointmentContext = { options, now, today: todayIn(options.instantOf, now), places, accounts, agents, firmIds };
    const work = emptyWork();
    const sequence = addAppointments(work, random, context);
    addDemoAgentDays(work, context, sequence);
    const ratings = addScorecardHistory(work, context);
    // The files' bytes are written while the agents, the longest part, go in.
    const [sizes] = await together(storeFiles(options, work), insertAgents(tx, agents, accounts.passwordHash));
    for (const row of work.files) row.sizeBytes = sizes.get(row.id!) ?? row.sizeBytes;
    const summary = await insertAppointments(tx, work);
    await insertRatings(tx, ratings);
    await insertPublicTraffic(tx, random, now);
    await insertAvailability(tx, now);
    await insertCredentials(tx, agents, accounts, now);
    const [users] = await tx.select({ n: count() }).from(schema.user);
    const [agentProfiles] = await tx.select({ n: count() }).from(schema.agentProfiles);
    return { firms: DEMO_FIRMS.length, users: Number(users?.n), agents: Number(agentProfiles?.n), ...summary };
  });
}
