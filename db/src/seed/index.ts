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
 */
import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import zipcodes from 'zipcodes';
import { feesWithAgentPay, newOrderFees } from '@signingdesk/domain/fee-rules';
import { milesBetween, OFFER_RADIUS_MILES } from '@signingdesk/domain/eligibility';
import type { Db, Tx } from '../index';
import * as schema from '../schema/index';
import {
  COMPANY_SUFFIXES,
  DEMO_ACCOUNTS,
  DEMO_AGENT_PROFILE,
  DEMO_FIRMS,
  EXTRA_ESCROW_OFFICERS,
  FIRST_NAMES,
  LAST_NAMES,
  LENDERS,
  MESSAGES,
  PENDING_AGENT_PROFILE,
  STATE_WEIGHTS,
  STREET_NAMES,
  ZONE_OF_STATE,
  type DemoAccount,
  type DemoFirmKey,
} from './data';
import { createRandom, type Random } from './random';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, EXTRA_ESCROW_OFFICERS, STATE_WEIGHTS, ZONE_OF_STATE } from './data';

type TimeZone = 'ET' | 'CT' | 'MT' | 'PT' | 'HT' | 'AK';
type AppointmentStatus = (typeof schema.appointmentStatus.enumValues)[number];

export interface SeedOptions {
  /** better-auth hash of the demo password; computed once by the caller. */
  passwordHash: string;
  /** Epoch seconds of a wall-clock appointment time (the domain's time module). */
  instantOf: (date: string, time: string, zone: TimeZone) => number;
  agentCount?: number;
  now?: Date;
  /**
   * Stores the bytes of the seeded files and answers each stored file's size by id, which
   * becomes its row's sizeBytes. Called inside the seed transaction, while the agents are
   * inserted and before any file row is, so a failure leaves no rows. Without it the rows
   * point at no bytes (a download answers 404) and carry made-up sizes: enough for callers
   * that never download.
   */
  storeFiles?: (files: SeededFile[]) => Promise<ReadonlyMap<string, number>>;
}

/** A seeded file row with what a stand-in content needs to say about it. */
export interface SeededFile {
  id: string;
  kind: (typeof schema.fileKind.enumValues)[number];
  fileName: string;
  storageKey: string;
  contentType: string;
  fileNumber: string;
  appointmentName: string;
}

export interface SeedSummary {
  firms: number;
  users: number;
  agents: number;
  appointments: number;
  offers: number;
  files: number;
  notes: number;
}

/** True when no user exists yet: the only case in which demo data is seeded automatically. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(schema.user);
  return Number(row?.n ?? 0) === 0;
}

const APPOINTMENT_STATE_WEIGHTS: Record<string, number> = { CA: 30, TX: 25, FL: 10, NY: 10, IL: 5, AZ: 5, GA: 5, WA: 5, CO: 5 };
const APPOINTMENT_PLAN: [AppointmentStatus, number][] = [
  ['Open', 70],
  ['Pending', 50],
  ['Scheduled', 70],
  ['Paused', 15],
  ['Completed', 85],
  ['Canceled', 15],
];

/**
 * The demo agent's own work around the day the seed runs, in local time of the appointment's
 * zone: two signings that have started and wait to be marked complete (one with scan-backs
 * required, one without) and three coming up. 'soon' is the first of LATER_TODAY at least an
 * hour away, or tomorrow morning once the day is over; 'TBD' is Time TBD on that day.
 */
// All in California within the offer radius of the demo agent's Beverly Hills address: a
// commission is bound to its state and offers stay within the radius (decision 048), so the
// agent's Texas commission alone never brings them a Texas signing from there.
const DEMO_AGENT_DAYS: { state: 'CA'; firm: 'firmA' | 'firmB'; day: number; time: string; scanBackRequired: boolean }[] = [
  { state: 'CA', firm: 'firmB', day: -2, time: '10:30', scanBackRequired: false },
  { state: 'CA', firm: 'firmA', day: -1, time: '16:00', scanBackRequired: true },
  { state: 'CA', firm: 'firmA', day: 0, time: 'soon', scanBackRequired: true },
  { state: 'CA', firm: 'firmA', day: 1, time: '11:00', scanBackRequired: false },
  { state: 'CA', firm: 'firmB', day: 2, time: 'TBD', scanBackRequired: true },
];
const LATER_TODAY = ['09:00', '10:30', '12:00', '13:30', '15:00', '16:30', '18:00', '19:30'];

interface Place {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const random = createRandom(20260521);
  const now = options.now ?? new Date();
  const places = placesByState();
  return db.transaction(async (tx) => {
    const firmIds = await insertFirms(tx);
    const accounts = await insertAccounts(tx, options.passwordHash, firmIds);
    const agents = buildAgents(random, places, options, firmIds.independent, accounts);
    const work = buildAppointments(random, places, options, now, accounts, agents, firmIds);
    // The files' bytes are written while the agents, the longest part, go in.
    const [sizes] = await together(storeFiles(options, work), insertAgents(tx, agents, accounts.passwordHash));
    for (const row of work.files) row.sizeBytes = sizes.get(row.id!) ?? row.sizeBytes;
    const summary = await insertAppointments(tx, work);
    await insertPublicTraffic(tx, random, now);
    const [users] = await tx.select({ n: count() }).from(schema.user);
    const [agentProfiles] = await tx.select({ n: count() }).from(schema.agentProfiles);
    return { firms: DEMO_FIRMS.length, users: Number(users?.n), agents: Number(agentProfiles?.n), ...summary };
  });
}

/** Both at once; when one fails, the other is waited for before the error goes on (to the rollback). */
async function together<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

function placesByState(): Map<string, Place[]> {
  const byState = new Map<string, Place[]>();
  for (const state of Object.keys(STATE_WEIGHTS)) {
    const list = zipcodes
      .lookupByState(state)
      .filter((z) => Number.isFinite(z.latitude) && Number.isFinite(z.longitude) && /^\d{5}$/.test(String(z.zip)))
      .map((z) => ({ zip: String(z.zip), city: z.city, state, latitude: z.latitude, longitude: z.longitude }));
    byState.set(state, list);
  }
  return byState;
}

function weightedPick(random: Random, weights: Record<string, number>): string {
  const entries = Object.entries(weights);
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let roll = random.next() * total;
  for (const [key, weight] of entries) {
    roll -= weight;
    if (roll <= 0) return key;
  }
  return entries[entries.length - 1]![0];
}

async function insertChunked<T extends Record<string, unknown>>(tx: Tx, table: Parameters<Tx['insert']>[0], rows: T[], size = 1000) {
  for (let i = 0; i < rows.length; i += size) {
    await tx.insert(table).values(rows.slice(i, i + size) as never);
  }
}

async function insertFirms(tx: Tx): Promise<Record<DemoFirmKey, string>> {
  const ids = {} as Record<DemoFirmKey, string>;
  const rows = DEMO_FIRMS.map((firm) => {
    const id = randomUUID();
    ids[firm.key] = id;
    const { key: _key, ...values } = firm;
    return { id, ...values };
  });
  await tx.insert(schema.firms).values(rows);
  return ids;
}

interface SeededUser {
  id: string;
  email: string;
  name: string;
  firm: DemoFirmKey;
  role: DemoAccount['role'];
}

async function insertUsers(tx: Tx, passwordHash: string, people: (DemoAccount & { firmId: string; id: string })[]) {
  await insertChunked(
    tx,
    schema.user,
    people.map((p) => ({ id: p.id, name: p.name, email: p.email, emailVerified: true, role: p.role })),
  );
  await insertChunked(
    tx,
    schema.account,
    people.map((p) => ({ id: randomUUID(), accountId: p.id, providerId: 'credential', userId: p.id, password: passwordHash })),
  );
  await insertChunked(
    tx,
    schema.profiles,
    people.map((p) => ({ userId: p.id, firmId: p.firmId, phone: p.phone, status: p.status })),
  );
}

async function insertAccounts(tx: Tx, passwordHash: string, firmIds: Record<DemoFirmKey, string>) {
  const people = [...DEMO_ACCOUNTS, ...EXTRA_ESCROW_OFFICERS].map((a) => ({ ...a, id: randomUUID(), firmId: firmIds[a.firm] }));
  await insertUsers(tx, passwordHash, people);
  const byEmail = new Map<string, SeededUser>(people.map((p) => [p.email, p]));
  const get = (email: string) => byEmail.get(email)!;
  return {
    admin: get('admin@demo.test'),
    subAdmin: get('subadmin@demo.test'),
    demoAgent: get('agent@demo.test'),
    pendingAgent: get('pending-agent@demo.test'),
    escrowByFirm: groupBy(
      people.filter((p) => p.role === 'creator' || p.role === 'creator_admin'),
      (p) => p.firm,
    ),
    passwordHash,
  };
}
type Accounts = Awaited<ReturnType<typeof insertAccounts>>;

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    map.set(k, [...(map.get(k) ?? []), item]);
  }
  return map;
}

interface SeededAgent {
  id: string;
  name: string;
  certifiedStates: string[];
  active: boolean;
  latitude: number;
  longitude: number;
}

/** Whether the offer rule (decision 048) admits this agent for a signing at `place`. */
function eligibleFor(agent: SeededAgent, place: Place): boolean {
  return agent.active && agent.certifiedStates.includes(place.state) && milesBetween(agent, place) <= OFFER_RADIUS_MILES;
}

function buildAgents(random: Random, places: Map<string, Place[]>, options: SeedOptions, independentFirmId: string, accounts: Accounts) {
  const total = options.agentCount ?? 8200;
  const allStates = Object.keys(STATE_WEIGHTS);
  const people: (DemoAccount & { firmId: string; id: string })[] = [];
  const profiles: (typeof schema.agentProfiles.$inferInsert)[] = [];
  const agents: SeededAgent[] = [];
  for (let i = 1; i <= total; i++) {
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const home = weightedPick(random, STATE_WEIGHTS);
    const place = random.pick(places.get(home)!);
    const extra = random.chance(0.3)
      ? random.sample(
          allStates.filter((s) => s !== home),
          random.int(1, 4),
        )
      : [];
    const certifiedStates = [home, ...extra];
    const pending = random.chance(0.05);
    const id = randomUUID();
    const name = `${firstName} ${lastName}`;
    people.push({
      id,
      email: `agent${String(i).padStart(5, '0')}@agents.demo.test`,
      name,
      role: 'notary',
      firm: 'independent',
      firmId: independentFirmId,
      status: pending ? 'pending' : 'active',
      phone: `${random.int(201, 989)}555${String(random.int(0, 9999)).padStart(4, '0')}`,
    });
    profiles.push({
      userId: id,
      firstName,
      lastName,
      companyName: random.chance(0.4) ? `${lastName} ${random.pick(COMPANY_SUFFIXES)}` : null,
      address1: `${random.int(10, 9999)} ${random.pick(STREET_NAMES)}`,
      city: place.city,
      state: home,
      zip: place.zip,
      latitude: place.latitude,
      longitude: place.longitude,
      laserPrinter: random.chance(0.85),
      dualTrayPrinter: random.chance(0.55),
      smsOptIn: random.chance(0.7),
      certifiedStates,
      yearsExperience: random.int(1, 25),
      registrationStatus: pending ? 'pending' : 'approved',
      reviewedAt: pending ? null : new Date(Date.now() - random.int(30, 900) * 86_400_000),
      preferred: !pending && random.chance(0.08),
    });
    agents.push({ id, name, certifiedStates, active: !pending, latitude: place.latitude, longitude: place.longitude });
  }

  const demoPlace = zipcodes.lookup(DEMO_AGENT_PROFILE.zip)!;
  const pendingPlace = zipcodes.lookup(PENDING_AGENT_PROFILE.zip)!;
  profiles.push(
    {
      ...DEMO_AGENT_PROFILE,
      userId: accounts.demoAgent.id,
      latitude: demoPlace.latitude,
      longitude: demoPlace.longitude,
      laserPrinter: true,
      dualTrayPrinter: true,
      smsOptIn: true,
      registrationStatus: 'approved',
      reviewedAt: new Date(Date.now() - 400 * 86_400_000),
      preferred: true,
    },
    {
      ...PENDING_AGENT_PROFILE,
      userId: accounts.pendingAgent.id,
      latitude: pendingPlace.latitude,
      longitude: pendingPlace.longitude,
      registrationStatus: 'pending',
    },
  );

  const demoAgent: SeededAgent = {
    id: accounts.demoAgent.id,
    name: accounts.demoAgent.name,
    certifiedStates: [...DEMO_AGENT_PROFILE.certifiedStates],
    active: true,
    latitude: demoPlace.latitude,
    longitude: demoPlace.longitude,
  };
  const byState = new Map<string, SeededAgent[]>();
  for (const agent of agents.filter((a) => a.active)) {
    for (const state of agent.certifiedStates) byState.set(state, [...(byState.get(state) ?? []), agent]);
  }
  return { people, profiles, all: [...agents, demoAgent], byState, demoAgent };
}
type Agents = ReturnType<typeof buildAgents>;

async function insertAgents(tx: Tx, agents: Agents, passwordHash: string) {
  await insertUsers(tx, passwordHash, agents.people);
  await insertChunked(tx, schema.agentProfiles, agents.profiles);
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return isoDate(new Date(Date.UTC(y, m - 1, d + days)));
}

/**
 * The calendar date in `zone` at an instant, found with the domain's `instantOf` alone (the
 * zone table stays in one place): the latest neighbouring date whose local midnight has begun.
 */
function localDate(instantOf: SeedOptions['instantOf'], seconds: number, zone: TimeZone): string {
  const utcDay = isoDate(new Date(seconds * 1000));
  let date = addDays(utcDay, -1);
  for (const candidate of [utcDay, addDays(utcDay, 1)]) {
    if (instantOf(candidate, '00:00', zone) <= seconds) date = candidate;
  }
  return date;
}

function dayOffsetRange(status: AppointmentStatus): [number, number] {
  switch (status) {
    case 'Open':
    case 'Pending':
      return [1, 30];
    case 'Scheduled':
      return [1, 21];
    case 'Paused':
      return [4, 25];
    case 'Completed':
      return [-60, -1];
    case 'Canceled':
      return [-20, 20];
  }
}

function buildAppointments(
  random: Random,
  places: Map<string, Place[]>,
  options: SeedOptions,
  now: Date,
  accounts: Accounts,
  agents: Agents,
  firmIds: Record<DemoFirmKey, string>,
) {
  const appointmentRows: (typeof schema.appointments.$inferInsert)[] = [];
  const offerRows: (typeof schema.offers.$inferInsert)[] = [];
  const fileLog: FileLog = { files: [], events: [] };
  const { files: fileRows, events: fileEventRows } = fileLog;
  const noteRows: (typeof schema.notes.$inferInsert)[] = [];
  const invoiceRows: (typeof schema.invoices.$inferInsert)[] = [];
  const firmWeights: Partial<Record<DemoFirmKey, number>> = { firmA: 40, firmB: 30, golden: 10, liberty: 10, sunshine: 10 };
  const firmFee = new Map(DEMO_FIRMS.map((f) => [f.key, 'serviceFeeCents' in f ? f.serviceFeeCents : 0]));
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const todayIn = new Map<TimeZone, string>();
  const today = (zone: TimeZone) => {
    if (!todayIn.has(zone)) todayIn.set(zone, localDate(options.instantOf, nowSeconds, zone));
    return todayIn.get(zone)!;
  };
  let sequence = 0;
  // Greater Los Angeles, where the demo agent lives and may take orders (decision 048): most
  // California orders are placed there, so the demo agent has offers, bids and history.
  const demoArea = places.get('CA')!.filter((p) => milesBetween(agents.demoAgent, p) <= OFFER_RADIUS_MILES);

  for (const [status, howMany] of APPOINTMENT_PLAN) {
    for (let n = 0; n < howMany; n++) {
      sequence++;
      const firm = weightedPick(random, firmWeights as Record<string, number>) as DemoFirmKey;
      const officer = random.pick(accounts.escrowByFirm.get(firm)!);
      const state = weightedPick(random, APPOINTMENT_STATE_WEIGHTS);
      const place = random.pick(state === 'CA' && random.chance(0.6) ? demoArea : places.get(state)!);
      const zone = ZONE_OF_STATE[state] ?? 'ET';
      const [from, to] = dayOffsetRange(status);
      let offset = random.int(from, to);
      // A few completed signings inside the 3-day window, where the agent's panels stay open.
      if (status === 'Completed' && n < 6) offset = -random.int(1, 2);
      const date = addDays(today(zone), offset);
      const timeTbd = status !== 'Completed' && random.chance(0.08);
      const time = timeTbd ? '00:00' : `${String(random.int(8, 19)).padStart(2, '0')}:${random.pick(['00', '30'])}`;
      const startsAt = options.instantOf(date, time, zone);
      const feeCents = random.int(4, 10) * 2500;
      const signerFirst = random.pick(FIRST_NAMES);
      const signerLast = random.pick(LAST_NAMES);
      const id = randomUUID();
      const fileNumber = `${firm === 'firmA' ? 'FA' : firm === 'firmB' ? 'FB' : 'ES'}-${26000 + sequence}`;
      // Offers only to agents the rule admits: commissioned in the state and within the radius.
      const localAgents = (agents.byState.get(state) ?? []).filter((a) => a.id !== agents.demoAgent.id && eligibleFor(a, place));
      const demoEligible = eligibleFor(agents.demoAgent, place);
      // Open orders near the demo agent mostly offer to them too: the journeys need a dozen live offers.
      const useDemoAgent = demoEligible && random.chance(status === 'Scheduled' ? 0.45 : status === 'Completed' ? 0.35 : 0.9);

      let assignedAgentId: string | null = null;
      // The agent fee is offered until an agent is assigned, then it is the accepted bid (decision 047).
      let agentPayCents = feeCents;
      const offerFor = (agentId: string, offerStatus: (typeof schema.offerStatus.enumValues)[number], bidCents: number | null) =>
        offerRows.push({
          appointmentId: id,
          agentId,
          status: offerStatus,
          bidCents,
          respondedAt: offerStatus === 'offered' ? null : new Date(now.getTime() - random.int(1, 72) * 3_600_000),
        });
      const candidates = random.sample(localAgents, 12);
      const sendsOffers = status !== 'Open' || random.chance(0.85);
      if (sendsOffers) {
        if (status === 'Open') {
          for (const agent of candidates) offerFor(agent.id, random.chance(0.15) ? 'declined' : 'offered', null);
          if (useDemoAgent) offerFor(agents.demoAgent.id, 'offered', null);
        } else if (status === 'Pending') {
          const bidders = candidates.slice(0, random.int(1, 3));
          for (const agent of candidates) {
            if (bidders.includes(agent)) {
              const counter = random.chance(0.4);
              offerFor(agent.id, counter ? 'countered' : 'claimed', counter ? feeCents + random.int(1, 3) * 2500 : feeCents);
            } else offerFor(agent.id, 'offered', null);
          }
          if (useDemoAgent) {
            const counter = random.chance(0.5);
            offerFor(agents.demoAgent.id, counter ? 'countered' : 'claimed', counter ? feeCents + 2500 : feeCents);
          }
        } else if (status === 'Scheduled' || status === 'Completed') {
          const winner = useDemoAgent ? agents.demoAgent : candidates[0];
          if (winner) {
            assignedAgentId = winner.id;
            const bidOfAssigned = random.chance(0.3) ? feeCents + 2500 : feeCents;
            offerFor(winner.id, 'approved', bidOfAssigned);
            agentPayCents = bidOfAssigned;
            for (const agent of candidates.slice(1, random.int(2, 4))) offerFor(agent.id, 'rejected', feeCents);
          }
        } else if (status === 'Canceled') {
          for (const agent of candidates.slice(0, 5)) offerFor(agent.id, 'removed', null);
        }
      }
      // Scheduled and Completed need an agent; without any local agent the order stays Open.
      const finalStatus: AppointmentStatus = (status === 'Scheduled' || status === 'Completed') && !assignedAgentId ? 'Open' : status;
      const completed = finalStatus === 'Completed';
      const paid = completed && random.chance(0.6);
      const hasDocuments = ['Pending', 'Scheduled', 'Completed', 'Paused'].includes(finalStatus) && random.chance(0.8);
      const scanBackRequired = random.chance(0.45);
      const serviceFeeCents = firmFee.get(firm) ?? 0;
      const fees = feesWithAgentPay(newOrderFees(feeCents, serviceFeeCents), assignedAgentId ? agentPayCents : feeCents, serviceFeeCents);

      appointmentRows.push({
        id,
        firmId: firmIds[firm],
        createdBy: officer.id,
        escrowEmail: officer.email,
        name: `${signerLast} ${random.pick(['Refinance', 'Purchase', 'HELOC', 'Seller Signing', 'Closing'])}`,
        date,
        time,
        timeTbd,
        timeZone: zone,
        startsAt,
        street: `${random.int(10, 9999)} ${random.pick(STREET_NAMES)}`,
        city: place.city,
        state,
        zip: place.zip,
        latitude: place.latitude,
        longitude: place.longitude,
        lender: random.chance(0.9) ? random.pick(LENDERS) : null,
        ...fees,
        fileNumber,
        comments: random.chance(0.5) ? random.pick(MESSAGES) : null,
        contactName: `${signerFirst} ${signerLast}`,
        contactPhone1: `${random.int(201, 989)}555${String(random.int(0, 9999)).padStart(4, '0')}`,
        contactPhone2: random.chance(0.3) ? `${random.int(201, 989)}555${String(random.int(0, 9999)).padStart(4, '0')}` : null,
        contactEmail1: `${signerFirst}.${signerLast}${random.int(1, 99)}@example.com`.toLowerCase(),
        contactEmail2: null,
        scanBackRequired,
        transactionType: random.pick([1, 2, 2, 2, 3, 4]),
        financeType: random.chance(0.8) ? random.pick([11, 12, 12, 13, 14, 15, 16]) : null,
        status: finalStatus,
        assignedAgentId: finalStatus === 'Scheduled' || completed ? assignedAgentId : null,
        agentPaid: paid,
        agentPaidAt: paid ? new Date(now.getTime() - random.int(1, 20) * 86_400_000) : null,
        filesUploaded: hasDocuments && random.chance(0.7),
        agentUploadEnabled: completed && scanBackRequired,
        uploadsApproved: completed && scanBackRequired && random.chance(0.5),
        markedCompleted: completed,
        markedCompletedAt: completed ? new Date(Math.min((startsAt + 3 * 3600) * 1000, now.getTime())) : null,
      });

      if (hasDocuments) {
        const names = ['Loan Package.pdf', 'Closing Instructions.pdf', 'Signer ID Requirements.pdf'].slice(0, random.int(1, 3));
        addDocuments(fileLog, random, { appointmentId: id, fileNumber, names, uploadedBy: officer.id }, () =>
          assignedAgentId && random.chance(0.7) ? assignedAgentId : null,
        );
      }
      if (completed && scanBackRequired && assignedAgentId) {
        const fileId = randomUUID();
        fileRows.push({
          id: fileId,
          appointmentId: id,
          kind: 'scan_back',
          fileName: `${fileNumber} Scan-backs.pdf`,
          storageKey: `seed/${id}/${fileId}`,
          contentType: 'application/pdf',
          sizeBytes: random.int(1_000_000, 6_000_000),
          uploadedBy: assignedAgentId,
          uploadConfirmed: random.chance(0.9),
        });
        fileEventRows.push({ fileId, action: 'write', userId: assignedAgentId, confirmed: true });
      }
      if (finalStatus !== 'Open') {
        for (let m = random.int(0, 3); m > 0; m--) {
          const fromAgent = assignedAgentId !== null && random.chance(0.4);
          const authorId = fromAgent ? assignedAgentId! : random.chance(0.7) ? officer.id : accounts.admin.id;
          const read = random.chance(0.6);
          noteRows.push({
            appointmentId: id,
            authorId,
            message: random.pick(MESSAGES),
            createdAt: new Date(now.getTime() - random.int(1, 240) * 3_600_000),
            escrowReadBy: read ? officer.id : null,
            escrowReadAt: read ? now : null,
            agentReadBy: read && assignedAgentId ? assignedAgentId : null,
            agentReadAt: read && assignedAgentId ? now : null,
            adminReadBy: read ? accounts.admin.id : null,
            adminReadAt: read ? now : null,
          });
        }
      }
      if (paid) {
        const fileId = randomUUID();
        fileRows.push({
          id: fileId,
          appointmentId: id,
          kind: 'invoice',
          fileName: `Invoice ${fileNumber}.pdf`,
          storageKey: `seed/${id}/${fileId}`,
          contentType: 'application/pdf',
          sizeBytes: 24_000,
          uploadedBy: accounts.admin.id,
          uploadConfirmed: true,
        });
        invoiceRows.push({
          appointmentId: id,
          firmId: firmIds[firm],
          fileId,
          amountCents: fees.firmFeeCents,
          sentTo: officer.email,
          sentBy: accounts.admin.id,
        });
      }
    }
  }

  // The demo agent's day, pinned to the clock. Its own PRNG leaves the orders above unchanged.
  const pinned = createRandom(20260523);
  for (const plan of DEMO_AGENT_DAYS) {
    sequence++;
    const firm: DemoFirmKey = plan.firm;
    const officer = accounts.escrowByFirm.get(firm)!.find((p) => p.role === 'creator')!;
    const zone = ZONE_OF_STATE[plan.state]!;
    const place = pinned.pick(places.get(plan.state)!.filter((p) => milesBetween(agents.demoAgent, p) <= OFFER_RADIUS_MILES));
    let date = addDays(today(zone), plan.day);
    let time = plan.time === 'TBD' ? '00:00' : plan.time;
    if (plan.time === 'soon') {
      const later = LATER_TODAY.find((t) => options.instantOf(date, t, zone) >= nowSeconds + 3600);
      [date, time] = later ? [date, later] : [addDays(date, 1), '08:30'];
    }
    const startsAt = options.instantOf(date, time, zone);
    const feeCents = pinned.int(5, 8) * 2500;
    const id = randomUUID();
    const fileNumber = `${firm === 'firmA' ? 'FA' : 'FB'}-${26000 + sequence}`;
    const signerFirst = pinned.pick(FIRST_NAMES);
    const signerLast = pinned.pick(LAST_NAMES);
    const answeredAt = new Date(Math.min(startsAt * 1000, now.getTime()) - pinned.int(24, 96) * 3_600_000);
    appointmentRows.push({
      id,
      firmId: firmIds[firm],
      createdBy: officer.id,
      escrowEmail: officer.email,
      name: `${signerLast} ${pinned.pick(['Refinance', 'Purchase', 'HELOC', 'Seller Signing'])}`,
      date,
      time,
      timeTbd: plan.time === 'TBD',
      timeZone: zone,
      startsAt,
      street: `${pinned.int(10, 9999)} ${pinned.pick(STREET_NAMES)}`,
      city: place.city,
      state: plan.state,
      zip: place.zip,
      latitude: place.latitude,
      longitude: place.longitude,
      lender: pinned.pick(LENDERS),
      ...newOrderFees(feeCents, firmFee.get(firm) ?? 0),
      fileNumber,
      comments: pinned.pick(MESSAGES),
      contactName: `${signerFirst} ${signerLast}`,
      contactPhone1: `${pinned.int(201, 989)}555${String(pinned.int(0, 9999)).padStart(4, '0')}`,
      contactPhone2: null,
      contactEmail1: `${signerFirst}.${signerLast}${pinned.int(1, 99)}@example.com`.toLowerCase(),
      contactEmail2: null,
      scanBackRequired: plan.scanBackRequired,
      transactionType: pinned.pick([1, 2, 2, 3]),
      financeType: pinned.pick([11, 12, 13]),
      status: 'Scheduled',
      assignedAgentId: agents.demoAgent.id,
      agentPaid: false,
      agentPaidAt: null,
      filesUploaded: true,
      agentUploadEnabled: false,
      uploadsApproved: false,
      markedCompleted: false,
      markedCompletedAt: null,
    });
    offerRows.push({ appointmentId: id, agentId: agents.demoAgent.id, status: 'approved', bidCents: feeCents, respondedAt: answeredAt });
    const rivals = (agents.byState.get(plan.state) ?? []).filter((a) => a.id !== agents.demoAgent.id && eligibleFor(a, place));
    for (const rival of pinned.sample(rivals, 2)) {
      offerRows.push({ appointmentId: id, agentId: rival.id, status: 'rejected', bidCents: feeCents + 2500, respondedAt: answeredAt });
    }
    addDocuments(
      fileLog,
      pinned,
      { appointmentId: id, fileNumber, names: ['Loan Package.pdf', 'Closing Instructions.pdf'], uploadedBy: officer.id },
      () => (plan.day < 0 ? agents.demoAgent.id : null),
    );
  }

  return {
    appointments: appointmentRows,
    offers: offerRows,
    files: fileRows,
    fileEvents: fileEventRows,
    notes: noteRows,
    invoices: invoiceRows,
  };
}
type Work = ReturnType<typeof buildAppointments>;

async function storeFiles(options: SeedOptions, work: Work): Promise<ReadonlyMap<string, number>> {
  if (!options.storeFiles) return new Map();
  const appointmentOf = new Map(work.appointments.map((a) => [a.id!, a]));
  return options.storeFiles(
    work.files.map((f) => {
      const appointment = appointmentOf.get(f.appointmentId)!;
      return {
        id: f.id!,
        kind: f.kind!,
        fileName: f.fileName,
        storageKey: f.storageKey,
        contentType: f.contentType,
        fileNumber: appointment.fileNumber ?? '',
        appointmentName: appointment.name,
      };
    }),
  );
}

async function insertAppointments(tx: Tx, work: Work) {
  await insertChunked(tx, schema.appointments, work.appointments, 500);
  await insertChunked(tx, schema.offers, work.offers);
  await insertChunked(tx, schema.files, work.files);
  await insertChunked(tx, schema.fileEvents, work.fileEvents);
  await insertChunked(tx, schema.notes, work.notes);
  await insertChunked(tx, schema.invoices, work.invoices);
  return {
    appointments: work.appointments.length,
    offers: work.offers.length,
    files: work.files.length,
    notes: work.notes.length,
  };
}

interface FileLog {
  files: (typeof schema.files.$inferInsert)[];
  events: (typeof schema.fileEvents.$inferInsert)[];
}

/**
 * An escrow officer's documents on an appointment, each with its upload in the file log and,
 * when `readBy` names someone, a download by them. `readBy` is asked after the file's size is
 * drawn, so callers that draw from `random` in it keep the PRNG sequence of the data.
 */
function addDocuments(
  log: FileLog,
  random: Random,
  documents: { appointmentId: string; fileNumber: string; names: string[]; uploadedBy: string },
  readBy: () => string | null,
) {
  for (const name of documents.names) {
    const fileId = randomUUID();
    log.files.push({
      id: fileId,
      appointmentId: documents.appointmentId,
      kind: 'document',
      fileName: `${documents.fileNumber} ${name}`,
      storageKey: `seed/${documents.appointmentId}/${fileId}`,
      contentType: 'application/pdf',
      // A placeholder until storeFiles answers the stored size; drawn either way so the rest of the data stays the same.
      sizeBytes: random.int(200_000, 4_000_000),
      uploadedBy: documents.uploadedBy,
      uploadConfirmed: true,
    });
    log.events.push({ fileId, action: 'write', userId: documents.uploadedBy, confirmed: true });
    const reader = readBy();
    if (reader) log.events.push({ fileId, action: 'read', userId: reader, confirmed: true });
  }
}

async function insertPublicTraffic(tx: Tx, random: Random, now: Date) {
  const subjects = ['Question about coverage in Alaska', 'Invoice copy request', 'Agent was late', 'Partnership inquiry', 'Website issue'];
  await tx.insert(schema.contactRequests).values(
    Array.from({ length: 12 }, (_, i) => {
      const first = random.pick(FIRST_NAMES);
      const last = random.pick(LAST_NAMES);
      return {
        kind: random.pick(['contact', 'contact', 'landing_notary', 'landing_title'] as const),
        name: `${first} ${last}`,
        email: `${first}.${last}@example.com`.toLowerCase(),
        phone: `${random.int(201, 989)}555${String(random.int(0, 9999)).padStart(4, '0')}`,
        subject: random.pick(subjects),
        comments: random.pick(MESSAGES),
        readAt: i < 5 ? now : null,
        createdAt: new Date(now.getTime() - random.int(1, 400) * 3_600_000),
      };
    }),
  );
  await tx.insert(schema.escrowRegistrations).values(
    Array.from({ length: 5 }, () => {
      const first = random.pick(FIRST_NAMES);
      const last = random.pick(LAST_NAMES);
      return {
        email: `${first}.${last}@title.example.com`.toLowerCase(),
        firstName: first,
        lastName: last,
        phone: `${random.int(201, 989)}555${String(random.int(0, 9999)).padStart(4, '0')}`,
        titleCompany: `${last} Title Company`,
        comments: 'We close about 40 files a month and need mobile signings statewide.',
      };
    }),
  );
  const paths = ['/', '/about-us', '/support', '/escrow', '/sign-up', '/title-landing', '/faq'];
  await tx.insert(schema.analyticsEvents).values(
    Array.from({ length: 150 }, () => ({
      type: random.pick(['page_view', 'page_view', 'page_view', 'form_display', 'form_submit'] as const),
      path: random.pick(paths),
      visitorId: `v-${random.int(1, 60)}`,
      createdAt: new Date(now.getTime() - random.int(1, 720) * 3_600_000),
    })),
  );
}
