/**
 * `npm run simulate` (issue 32): the market simulation. The demo's agents (8,200; 50,000 at
 * SIM_SCALE=large), each with a seeded behaviour model, and SIM_ORDERS orders (default 1,000)
 * over a simulated business week, run through the real services and database with a simulated
 * clock — once with automatic dispatch (modules/dispatch: waves, automatic assignment), once
 * with Send to Notaries as it is now (each agent's own travel radius), and once with the
 * statewide broadcast of the day issue 32 was filed (every agent certified in the state) — each
 * with an operator who every 15 minutes of business hours accepts the lowest waiting bid (and,
 * with dispatch, sends to notaries the orders dispatch handed over), each on its own database
 * seeded alike, the same orders and the same agents' behaviour.
 *
 * Each agent has a latent quality and a track record drawn from it before the week
 * (./track-record.ts), which the real scorecard counts into their score. The behaviour of an
 * agent (seeded by SIM_SEED and the agent's email, so both runs and every machine agree): how
 * likely they answer an offer (better agents answer more often), how long they take (better
 * agents sooner), the fee they want relative to the order's (claim when offered at least that,
 * counter up to $50 above, decline beyond). Each agent answers an offer once.
 *
 * Reports, for each: median and p90 time to fill, share filled, offer notifications per order,
 * fee paid ÷ fee offered, share filled by top-quartile agents (by score), and agents notified
 * but not chosen per order; against each broadcast, how many fewer notifications dispatch sent
 * and which orders it filled that dispatch did not (who filled each, how far they live from the
 * signing, and their own travel radius); how each run's orders were filled (by dispatch or an
 * operator, wave, tier) and the offers each order took, by how it ended; for each unfilled
 * order, its offers' answers and why each agent within reach was not offered it; as a table and
 * as JSON in the temp folder.
 *
 * SIM_DATABASE_URL: PostgreSQL (a new database per run, dropped at the end); otherwise PGlite in
 * a temp folder. Not part of `npm test`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { createDb, rowsOf, schema, type Database, type Db } from '@signingdesk/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { findActor, type Actor } from '../src/lib/actor';
import { refreshEveryStaleScore } from '../src/lib/stored-scores';
import { controlDispatch, runDueWaves } from '../src/modules/dispatch/dispatcher';
import { acceptBid, claimOffer, counterOffer, declineOffer, sendToAgents } from '../src/modules/workflow/workflow.service';
import { seedDemoData } from '../src/seed';
import { BENCH_ACCOUNTS, seedLarge } from './seed-large';
import { addTrackRecords, qualityOf } from './track-record';
import { notify } from '../src/delivery/notify';
import { formatCents } from '@signingdesk/domain/money';
import { greatCircleMilesSql } from '../src/lib/geo';
import { availableForSql } from '../src/lib/availability-rules';
import { firmRequirementsOf } from '../src/lib/credential-rules';
import { agentMilesSql, eligibleWhere } from '../src/modules/workflow/eligibility';

const { agentProfiles, appointments, dispatches, dispatchEvents, offers, notificationJobs, profiles, user } = schema;

const SCALE = process.env.SIM_SCALE === 'large' ? 'large' : 'demo';
const ORDERS = Number(process.env.SIM_ORDERS) > 0 ? Math.floor(Number(process.env.SIM_ORDERS)) : 1_000;
const SEED = Number(process.env.SIM_SEED) || 32;
const ALL_MODES = ['dispatch', 'broadcast', 'statewide'] as const;
/** SIM_MODES: which runs, comma-separated (default all three; dispatch always runs, the others are compared with it). */
const MODES = ALL_MODES.filter((mode) => mode === 'dispatch' || !process.env.SIM_MODES || process.env.SIM_MODES.split(',').includes(mode));
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Monday 2030-06-03, 8 am Pacific: the week's first order. */
const WEEK_START = Date.parse('2030-06-03T15:00:00Z');
/** The operator of the broadcast run looks at the bids this often during business hours. */
const OPERATOR_REVIEW_MS = 15 * MINUTE;
/** How far a counter goes above the offered fee before the agent declines instead. */
const COUNTER_REACH_CENTS = 5_000;

/** mulberry32 over a string key: the same key gives the same numbers in both runs. */
function randomFor(key: string) {
  let h = SEED >>> 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 2654435761) >>> 0;
  let state = h;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Agent {
  id: string;
  email: string;
  score: number;
  /** The latent quality (track-record.ts) their record and behaviour follow. */
  quality: number;
  latitude: number;
  longitude: number;
  state: string;
}

interface Behaviour {
  answerChance: number;
  /** Median minutes to answer. */
  delayMinutes: number;
  /** The least fee they take, in cents. */
  wantsCents: number;
}

function behaviourOf(agent: Agent): Behaviour {
  const r = randomFor(`agent:${agent.email}`);
  const quality = agent.quality;
  return {
    answerChance: Math.min(0.95, 0.2 + 0.6 * quality + 0.2 * (r() - 0.5)),
    delayMinutes: 1 + (40 * (1 - quality) + 10) * r(),
    wantsCents: Math.round((11_000 + 9_000 * r()) / 500) * 500,
  };
}

/** What an agent does with one offer: nothing, or an answer after some minutes. */
function answerOf(agent: Agent, behaviour: Behaviour, orderKey: string, offeredCents: number) {
  const r = randomFor(`answer:${agent.email}:${orderKey}`);
  if (r() > behaviour.answerChance) return null;
  const afterMs = Math.round(behaviour.delayMinutes * (0.3 + 1.4 * r()) * MINUTE);
  if (offeredCents >= behaviour.wantsCents) return { afterMs, kind: 'claim' as const };
  if (behaviour.wantsCents - offeredCents <= COUNTER_REACH_CENTS) return { afterMs, kind: 'counter' as const, cents: behaviour.wantsCents };
  return { afterMs, kind: 'decline' as const };
}

interface PlannedOrder {
  key: string;
  createdAt: number;
  startsAt: number;
  feeCents: number;
  near: Agent;
}

/** The week's orders: business hours Monday to Friday, each where agents live, signing 1–4 days later. */
function planOrders(agents: Agent[]): PlannedOrder[] {
  const r = randomFor('orders');
  const planned: PlannedOrder[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const day = Math.floor(r() * 5);
    const createdAt = WEEK_START + day * 24 * HOUR + Math.floor(r() * 10 * HOUR);
    const startsAt = createdAt + (1 + Math.floor(r() * 4)) * 24 * HOUR + Math.floor(r() * 6) * HOUR;
    planned.push({
      key: `order-${i}`,
      createdAt,
      startsAt,
      feeCents: 12_500 + Math.floor(r() * 16) * 500,
      near: agents[Math.floor(r() * agents.length)]!,
    });
  }
  return planned.sort((a, b) => a.createdAt - b.createdAt);
}

interface SimDatabase {
  database: Database;
  close(): Promise<void>;
}

async function openDatabase(label: string): Promise<SimDatabase> {
  const serverUrl = process.env.SIM_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), `sd-sim-${label}-`));
    const database = await createDb({ dataDir: dir });
    await database.migrate();
    return {
      database,
      close: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `sd_sim_${label}_${Date.now().toString(36)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDb({ url: url.toString() });
  await database.migrate();
  return {
    database,
    close: async () => {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** The demo (or the large seed), every agent's track record, and their scores counted from it. */
async function seed(sim: SimDatabase): Promise<void> {
  const { db } = sim.database;
  if (SCALE === 'large') await seedLarge(sim.database, { scale: '100k', agents: 50_000 });
  else await seedDemoData(db, { now: new Date(WEEK_START - 7 * 24 * HOUR) });
  const past = await addTrackRecords(db, await agentsOf(db), { randomFor, weekStart: WEEK_START, template: await templateOf(db) });
  console.log(`  track records: ${past.toLocaleString('en-US')} past signings`);
  await refreshEveryStaleScore(db, { batch: 5_000 });
}

/** The seeded order every simulated order copies (its firm and escrow officer): the first by file number. */
async function templateOf(db: Db) {
  const [template] = await db
    .select()
    .from(appointments)
    .where(sql`${appointments.fileNumber} not like 'PAST-%'`)
    .orderBy(asc(appointments.fileNumber))
    .limit(1);
  return template!;
}

/** The active approved agents, by email: the same order, and the same behaviour, in both runs. */
async function agentsOf(db: Db): Promise<Agent[]> {
  return rowsOf<Agent>(
    await db.execute(sql`
      select ap.user_id as id, u.email, s.score, ap.latitude, ap.longitude, ap.state
      from agent_profiles ap join profiles p on p.user_id = ap.user_id join agent_scores s on s.agent_id = ap.user_id
        join "user" u on u.id = ap.user_id
      where p.status = 'active' and ap.registration_status = 'approved' and ap.latitude is not null
      order by u.email`),
  ).map((a) => ({
    ...a,
    score: Number(a.score),
    quality: qualityOf(randomFor, a.email),
    latitude: Number(a.latitude),
    longitude: Number(a.longitude),
  }));
}

/**
 * dispatch: automatic dispatch's waves; broadcast: Send to Notaries as it is now (each agent's
 * own travel radius, availability); statewide: the broadcast of the day issue 32 was filed
 * (decision 007: every active approved agent certified in the order's state, wherever they live).
 */
type Mode = 'dispatch' | 'broadcast' | 'statewide';

/**
 * The statewide broadcast of the day issue 32 was filed, which the product no longer has: an
 * offer and an `offer.new` notification for every active approved agent certified in the
 * order's state, written as Send to Notaries writes them.
 */
async function sendStatewide(db: Db, orderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(appointments).where(eq(appointments.id, orderId));
    const agents = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select ap.user_id as id from agent_profiles ap join profiles p on p.user_id = ap.user_id
        where p.status = 'active' and ap.registration_status = 'approved' and ${order!.state} = any(ap.certified_states)`),
    ).map((a) => a.id);
    for (let i = 0; i < agents.length; i += 1_000) {
      await tx
        .insert(offers)
        .values(agents.slice(i, i + 1_000).map((agentId) => ({ appointmentId: orderId, agentId })))
        .onConflictDoNothing();
    }
    await notify(tx, {
      type: 'offer.new',
      recipientIds: agents,
      appointmentId: orderId,
      payload: {
        name: order!.name,
        url: `/preview/${orderId}`,
        city: order!.city,
        state: order!.state,
        date: order!.date,
        time: order!.time,
        timeZone: order!.timeZone,
        fee: formatCents(order!.agentFeeCents),
      },
    });
  });
}

interface Outcome {
  mode: Mode;
  orders: number;
  filled: number;
  fillMinutes: number[];
  notifications: number;
  feeRatio: number[];
  topQuartileFills: number;
  notifiedNotChosen: number;
  /** The planned orders (their keys) that were filled. */
  filledKeys: string[];
  /** How the filled orders were filled: by whom (dispatch itself or an operator), the filling agent's wave and tier. */
  filledBy: Record<string, number>;
  /** Offers made per order, by how the order ended: in dispatch's waves, and otherwise (Send to Notaries). */
  offersBy: Record<string, { orders: number; inWaves: number; other: number }>;
  /** Who filled each filled order (by its key): how far they live from the signing, and their own travel radius. */
  fillers: Record<string, { email: string; miles: number; radiusMiles: number }>;
  /** Each unfilled order (by its key): its offers' answers, and why the agents its state and their own radius reach were not offered it. */
  unfilled: Record<string, string>;
}

/** One run of the week in one mode, on its own freshly seeded database. */
async function runWeek(mode: Mode): Promise<Outcome> {
  const sim = await openDatabase(mode);
  try {
    await seed(sim);
    const { db } = sim.database;
    const agents = await agentsOf(db);
    const byId = new Map(agents.map((a) => [a.id, a]));
    const behaviour = new Map(agents.map((a) => [a.id, behaviourOf(a)]));
    // The top quarter of the agents by score (ties by id, so a quarter it is, however many share a score).
    const ranked = [...agents].sort((a, b) => b.score - a.score || (a.email < b.email ? -1 : 1));
    const topQuartile = new Set(ranked.slice(0, Math.ceil(ranked.length / 4)).map((a) => a.id));
    // The operator: the demo's admin, or the large seed's.
    const operator = (await findActor(db, { email: SCALE === 'large' ? BENCH_ACCOUNTS.admin : 'admin@demo.test' }))!;
    const template = await templateOf(db);
    const actors = new Map<string, Actor>();
    const actorOf = async (agentId: string) => {
      let actor = actors.get(agentId);
      if (!actor) {
        actor = (await findActor(db, { userId: agentId }))!;
        actors.set(agentId, actor);
      }
      return actor;
    };

    const plan = planOrders(agents);
    const ids = new Map<string, PlannedOrder>();
    const createdAt = new Map<string, number>();
    const filledAt = new Map<string, number>();
    /** Answers due, by time. */
    const answers: { at: number; orderId: string; agentId: string }[] = [];
    const known = new Set<string>();

    /** Schedules the answers of the offers made since the last look. */
    const scheduleNewOffers = async (orderIds: string[]) => {
      if (orderIds.length === 0) return;
      const rows = await db
        .select({ id: offers.id, appointmentId: offers.appointmentId, agentId: offers.agentId, createdAt: offers.createdAt })
        .from(offers)
        .where(and(inArray(offers.appointmentId, orderIds), eq(offers.status, 'offered')));
      for (const row of rows) {
        if (known.has(row.id)) continue;
        known.add(row.id);
        const agent = byId.get(row.agentId);
        const order = ids.get(row.appointmentId);
        if (!agent || !order) continue;
        const answer = answerOf(agent, behaviour.get(agent.id)!, order.key, order.feeCents);
        if (answer) answers.push({ at: clock + answer.afterMs, orderId: row.appointmentId, agentId: agent.id });
      }
      answers.sort((a, b) => a.at - b.at);
    };

    const isOpen = async (orderId: string) => {
      const [row] = await db
        .select({ status: appointments.status, agent: appointments.assignedAgentId })
        .from(appointments)
        .where(eq(appointments.id, orderId));
      return row !== undefined && row.agent === null && (row.status === 'Open' || row.status === 'Pending');
    };
    const noteFilled = async (orderId: string) => {
      if (!filledAt.has(orderId) && !(await isOpen(orderId))) filledAt.set(orderId, clock);
    };

    let clock = plan[0]!.createdAt;
    const end = Math.max(...plan.map((p) => p.startsAt));
    let next = 0;
    let lastReview = 0;
    const open = new Set<string>();
    /** Orders dispatch handed over that the operator then sent to notaries. */
    const broadcastAfter = new Set<string>();
    while (clock <= end) {
      // Orders ordered by now.
      while (next < plan.length && plan[next]!.createdAt <= clock) {
        const p = plan[next++]!;
        const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = template;
        const starts = new Date(p.startsAt);
        const [row] = await db
          .insert(appointments)
          .values({
            ...rest,
            status: 'Open',
            assignedAgentId: null,
            fileNumber: `SIM-${p.key}`,
            name: `Simulated ${p.key}`,
            state: p.near.state,
            latitude: p.near.latitude + 0.05,
            longitude: p.near.longitude + 0.05,
            date: starts.toISOString().slice(0, 10),
            time: starts.toISOString().slice(11, 16),
            timeTbd: false,
            startsAt: Math.floor(p.startsAt / 1000),
            agentFeeCents: p.feeCents,
            markedCompleted: false,
            markedCompletedAt: null,
            agentPaid: false,
            agentPaidAt: null,
            createdAt: new Date(clock),
          })
          .returning({ id: appointments.id });
        ids.set(row!.id, p);
        createdAt.set(row!.id, clock);
        open.add(row!.id);
        if (mode === 'dispatch') await controlDispatch(db, operator, row!.id, 'start', { now: new Date(clock) });
        else if (mode === 'statewide') await sendStatewide(db, row!.id);
        else await sendToAgents(db, operator, row!.id, { preferredOnly: false });
        await scheduleNewOffers([row!.id]);
      }
      // Waves due now.
      if (mode === 'dispatch' && (await runDueWaves(db, { now: new Date(clock) })) > 0) await scheduleNewOffers([...open]);
      // Answers due now.
      while (answers.length > 0 && answers[0]!.at <= clock) {
        const { orderId, agentId } = answers.shift()!;
        if (!open.has(orderId) || !(await isOpen(orderId))) continue;
        const p = ids.get(orderId)!;
        const answer = answerOf(byId.get(agentId)!, behaviour.get(agentId)!, p.key, p.feeCents)!;
        const actor = await actorOf(agentId);
        const done =
          answer.kind === 'claim'
            ? claimOffer(db, actor, orderId)
            : answer.kind === 'counter'
              ? counterOffer(db, actor, orderId, answer.cents)
              : declineOffer(db, actor, orderId);
        await done.catch((err: unknown) => {
          if (process.env.SIM_DEBUG) console.log(`  ${answer.kind} refused: ${err instanceof Error ? err.message : String(err)}`);
        });
        await noteFilled(orderId);
        if (filledAt.has(orderId)) open.delete(orderId);
      }
      // The operator, every 15 minutes in business hours: accepts the lowest live bid of each
      // order (in the dispatch run, the answers dispatch left to an operator), and sends to
      // notaries the orders dispatch handed over.
      const hourPacific = (new Date(clock).getUTCHours() + 17) % 24;
      if (open.size > 0 && clock - lastReview >= OPERATOR_REVIEW_MS && hourPacific >= 8 && hourPacific < 18) {
        lastReview = clock;
        const bids = await db
          .select({ id: offers.id, appointmentId: offers.appointmentId, bidCents: offers.bidCents })
          .from(offers)
          .where(and(inArray(offers.status, ['claimed', 'countered']), inArray(offers.appointmentId, [...open])));
        const best = new Map<string, { id: string; bidCents: number }>();
        for (const b of bids) {
          const current = best.get(b.appointmentId);
          if (!current || (b.bidCents ?? 0) < current.bidCents) best.set(b.appointmentId, { id: b.id, bidCents: b.bidCents ?? 0 });
        }
        for (const [orderId, bid] of best) {
          await acceptBid(db, operator, orderId, bid.id).catch(() => undefined);
          await noteFilled(orderId);
          if (filledAt.has(orderId)) open.delete(orderId);
        }
        if (mode === 'dispatch') {
          const handedOver = await db
            .select({ id: dispatches.appointmentId })
            .from(dispatches)
            .where(and(eq(dispatches.state, 'exhausted'), inArray(dispatches.appointmentId, [...open])));
          for (const { id } of handedOver) {
            if (broadcastAfter.has(id)) continue;
            broadcastAfter.add(id);
            await sendToAgents(db, operator, id, { preferredOnly: false }).catch(() => undefined);
            await scheduleNewOffers([id]);
          }
        }
      }
      // Orders whose signing began unfilled are out.
      for (const orderId of open) if (ids.get(orderId)!.startsAt <= clock) open.delete(orderId);
      if (next >= plan.length && open.size === 0) break;
      clock += MINUTE;
    }

    const filled = await db
      .select({ id: appointments.id, agentId: appointments.assignedAgentId, fee: appointments.agentFeeCents })
      .from(appointments)
      .where(and(inArray(appointments.id, [...ids.keys()]), sql`${appointments.assignedAgentId} is not null`));
    const [notices] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from ${notificationJobs} where ${notificationJobs.type} = 'offer.new' and ${notificationJobs.appointmentId} in ${[...ids.keys()]}`,
      ),
    );
    const automatic = new Set(
      (
        await db
          .select({ id: dispatchEvents.appointmentId })
          .from(dispatchEvents)
          .where(and(eq(dispatchEvents.kind, 'assigned'), sql`${dispatchEvents.actorId} is null`))
      ).map((e) => e.id),
    );
    const filledBy: Record<string, number> = {};
    const count = (key: string) => (filledBy[key] = (filledBy[key] ?? 0) + 1);
    if (filled.length > 0) {
      const how = await db
        .select({ appointmentId: offers.appointmentId, agentId: offers.agentId, wave: offers.wave, tier: offers.tier })
        .from(offers)
        .where(
          inArray(
            offers.appointmentId,
            filled.map((f) => f.id),
          ),
        );
      const offerOf = new Map(how.map((o) => [`${o.appointmentId}:${o.agentId}`, o]));
      for (const f of filled) {
        const offer = offerOf.get(`${f.id}:${f.agentId}`);
        count(automatic.has(f.id) ? 'assigned by dispatch' : 'assigned by the operator');
        count(offer?.wave ? `wave ${offer.wave > 5 ? '6+' : offer.wave}` : 'not offered in a wave');
        if (offer?.tier) count(`tier ${offer.tier}`);
      }
    }
    // Where the offers went: each order's offers in dispatch's waves and otherwise, by how it ended.
    const offersBy: Outcome['offersBy'] = {};
    const spent = rowsOf<{ id: string; waved: number; other: number }>(
      await db.execute(
        sql`select ${offers.appointmentId} as id, count(*) filter (where ${offers.wave} is not null)::int as waved,
              count(*) filter (where ${offers.wave} is null)::int as other
            from ${offers} where ${offers.appointmentId} in ${[...ids.keys()]} group by ${offers.appointmentId}`,
      ),
    );
    const spentOn = new Map(spent.map((s) => [s.id, s]));
    const filledIds = new Set(filled.map((f) => f.id));
    for (const id of ids.keys()) {
      const ended = !filledIds.has(id) ? 'unfilled' : automatic.has(id) ? 'assigned by dispatch' : 'assigned by the operator';
      const entry = (offersBy[ended] ??= { orders: 0, inWaves: 0, other: 0 });
      entry.orders += 1;
      entry.inWaves += spentOn.get(id)?.waved ?? 0;
      entry.other += spentOn.get(id)?.other ?? 0;
    }
    const fillers: Outcome['fillers'] = {};
    const fillerRows = await db
      .select({
        id: appointments.id,
        email: user.email,
        radiusMiles: agentProfiles.travelRadiusMiles,
        miles: greatCircleMilesSql(appointments, agentProfiles),
      })
      .from(appointments)
      .innerJoin(agentProfiles, eq(agentProfiles.userId, appointments.assignedAgentId))
      .innerJoin(user, eq(user.id, agentProfiles.userId))
      .where(inArray(appointments.id, [...filledIds]));
    for (const f of fillerRows) fillers[ids.get(f.id)!.key] = { email: f.email, miles: Number(f.miles), radiusMiles: f.radiusMiles };
    const unfilled: Outcome['unfilled'] = {};
    for (const id of ids.keys()) if (!filledIds.has(id)) unfilled[ids.get(id)!.key] = await whyUnfilled(db, id, createdAt.get(id)!);
    const fillMinutes = filled.filter((f) => filledAt.has(f.id)).map((f) => (filledAt.get(f.id)! - createdAt.get(f.id)!) / MINUTE);
    return {
      mode,
      orders: ids.size,
      filled: filled.length,
      fillMinutes,
      notifications: notices!.n,
      feeRatio: filled.map((f) => f.fee / ids.get(f.id)!.feeCents),
      topQuartileFills: filled.filter((f) => topQuartile.has(f.agentId!)).length,
      notifiedNotChosen: notices!.n - filled.length,
      filledKeys: filled.map((f) => ids.get(f.id)!.key),
      filledBy,
      offersBy,
      fillers,
      unfilled,
    };
  } finally {
    await sim.close();
  }
}

/**
 * Why an order stayed unfilled, in the run's state at the week's end: how its offers were
 * answered, and each agent commissioned in its state whose own travel radius reaches it but who
 * was never offered it, with the rule that left them out.
 */
async function whyUnfilled(db: Db, orderId: string, createdAtMs: number): Promise<string> {
  const [order] = await db.select().from(appointments).where(eq(appointments.id, orderId));
  const firm = await firmRequirementsOf(db, order!.firmId);
  const answers = rowsOf<{ status: string; n: number }>(
    await db.execute(
      sql`select ${offers.status} as status, count(*)::int as n from ${offers} where ${offers.appointmentId} = ${orderId} group by 1 order by 1`,
    ),
  );
  const reach = await db
    .select({
      email: user.email,
      eligible: sql<boolean>`(${eligibleWhere(order!, firm, 'own')})`.mapWith(Boolean),
      available: sql<boolean>`(${availableForSql(order!, new Date(createdAtMs))})`.mapWith(Boolean),
      // The same rule without the ±90-minute check (it applies only to a signing with a time): tells a conflict apart.
      availableAnyTime: sql<boolean>`(${availableForSql({ ...order!, timeTbd: true }, new Date(createdAtMs))})`.mapWith(Boolean),
      offered:
        sql<boolean>`exists (select 1 from ${offers} o where o.appointment_id = ${orderId} and o.agent_id = ${agentProfiles.userId})`.mapWith(
          Boolean,
        ),
    })
    .from(agentProfiles)
    .innerJoin(profiles, eq(profiles.userId, agentProfiles.userId))
    .innerJoin(user, eq(user.id, agentProfiles.userId))
    .where(
      and(
        eq(profiles.status, 'active'),
        eq(agentProfiles.registrationStatus, 'approved'),
        sql`${order!.state} = any(${agentProfiles.certifiedStates})`,
        sql`${agentMilesSql(order!.latitude!, order!.longitude!)} <= ${agentProfiles.travelRadiusMiles}`,
      ),
    )
    .orderBy(user.email);
  const reason = (a: (typeof reach)[number]) =>
    !a.eligible
      ? 'credentials'
      : a.available
        ? 'eligible and available'
        : a.availableAnyTime
          ? 'another signing of theirs within 90 minutes'
          : 'away that day, offers paused or at their daily maximum';
  const left = reach.filter((a) => !a.offered).map((a) => `${a.email} (${reason(a)})`);
  const offered = answers.map((a) => `${a.status} ${a.n}`).join(', ') || 'none';
  // The simulated order keeps its template's city; its state and place are the simulation's.
  return `a signing in ${order!.state}: offers ${offered}; within reach and not offered: ${left.join(', ') || 'none'}`;
}

function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const mean = (values: number[]) => (values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length);

function row(label: string, format: (o: Outcome) => string, outcomes: Outcome[]) {
  return `| ${label} | ${outcomes.map(format).join(' | ')} |`;
}

async function main() {
  const started = performance.now();
  console.log(
    `npm run simulate: ${ORDERS.toLocaleString('en-US')} orders over a simulated business week, ${SCALE === 'large' ? '50,000' : 'the demo’s'} agents, seed ${SEED}; ${process.env.SIM_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  const outcomes: Outcome[] = [];
  for (const mode of MODES) {
    const t0 = performance.now();
    outcomes.push(await runWeek(mode));
    console.log(`  ${mode}: simulated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;
  console.log('');
  const TITLES = {
    dispatch: 'automatic dispatch',
    broadcast: 'broadcast, own radius (Send to Notaries now)',
    statewide: 'broadcast, statewide (as filed)',
  };
  console.log(`| measure | ${outcomes.map((o) => TITLES[o.mode]).join(' | ')} |`);
  console.log(`|---|${outcomes.map(() => '---').join('|')}|`);
  console.log(row('median time to fill (min)', (o) => quantile(o.fillMinutes, 0.5).toFixed(0), outcomes));
  console.log(row('p90 time to fill (min)', (o) => quantile(o.fillMinutes, 0.9).toFixed(0), outcomes));
  console.log(row('share filled', (o) => pct(o.filled, o.orders), outcomes));
  console.log(row('offer notifications per order', (o) => (o.notifications / o.orders).toFixed(1), outcomes));
  console.log(row('fee paid ÷ fee offered', (o) => mean(o.feeRatio).toFixed(3), outcomes));
  console.log(row('filled by top-quartile agents', (o) => pct(o.topQuartileFills, o.filled), outcomes));
  console.log(row('agents notified but not chosen, per order', (o) => (o.notifiedNotChosen / o.orders).toFixed(1), outcomes));
  const dispatch = outcomes.find((o) => o.mode === 'dispatch')!;
  const dispatched = new Set(dispatch.filledKeys);
  console.log('');
  for (const other of outcomes.filter((o) => o.mode !== 'dispatch')) {
    const missed = other.filledKeys.filter((key) => !dispatched.has(key));
    const fewer = 100 * (1 - dispatch.notifications / Math.max(1, other.notifications));
    // Who filled them: an agent beyond their own travel radius may not be offered the order (issue 32, item 1).
    const why = missed.map((key) => {
      const f = other.fillers[key];
      if (!f) return key;
      const side = f.miles > f.radiusMiles ? 'beyond' : 'within';
      return `${key}: filled by ${f.email}, ${f.miles.toFixed(1)} mi from the signing, ${side} their travel radius of ${f.radiusMiles} mi`;
    });
    console.log(
      `Against the ${TITLES[other.mode]}: ${fewer.toFixed(1)} % fewer offer notifications per order; orders it filled that dispatch left unfilled: ${missed.length}${missed.length ? ` (${why.join('; ')})` : ''}.`,
    );
  }
  for (const o of outcomes) {
    const parts = Object.entries(o.filledBy).sort(([a], [b]) => (a < b ? -1 : 1));
    console.log(`${o.mode}, how the ${o.filled} filled orders were filled: ${parts.map(([k, n]) => `${k} ${n}`).join(', ')}`);
  }
  for (const o of outcomes) {
    for (const [key, why] of Object.entries(o.unfilled)) console.log(`${o.mode}, unfilled ${key}: ${why}`);
  }
  for (const o of outcomes) {
    const parts = Object.entries(o.offersBy).sort(([a], [b]) => (a < b ? -1 : 1));
    const each = (n: number, of: number) => (n / Math.max(1, of)).toFixed(1);
    console.log(
      `${o.mode}, offers per order by how it ended: ${parts
        .map(([k, e]) => `${k} (${e.orders}): ${each(e.inWaves, e.orders)} in waves, ${each(e.other, e.orders)} otherwise`)
        .join('; ')}`,
    );
  }
  const file = join(tmpdir(), `signingdesk-simulate-${Date.now()}.json`);
  writeFileSync(file, `${JSON.stringify({ scale: SCALE, orders: ORDERS, seed: SEED, outcomes }, null, 2)}\n`);
  console.log(`\nResults (JSON): ${file}\nnpm run simulate: done in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

await main();
