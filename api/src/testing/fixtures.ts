/**
 * Builders for workflow tests: appointments in a chosen state, made through the real API
 * where that is cheap and directly in the database where a test needs many of them.
 */
import { schema } from '@signingdesk/db';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { signingTimePassed } from '@signingdesk/domain/appointment-rules';
import { appointmentInstant, DEFAULT_TIME_ZONE, TBD_TIME, type TimeZoneCode } from '@signingdesk/domain/time-zones';
import { readJson, type TestApp } from './test-app';

export const VALID_ORDER = {
  name: 'Fixture Refinance',
  date: '2030-12-10',
  time: '14:30',
  street: '200 N Spring St',
  city: 'Los Angeles',
  state: 'CA',
  zip: '90012',
  agentFee: '$150',
  scanBackRequired: true,
  transactionType: 2,
  financeType: 12,
  contactName: 'Maria Signer',
  contactPhone1: '2135550199',
  contactEmail1: 'maria.signer@example.com',
  lender: 'Chase Home Lending',
  fileNumber: 'FX-1',
};

export interface Sessions {
  admin: string;
  subAdmin: string;
  orgAdmin: string;
  escrowA: string;
  escrowB: string;
  agent: string;
  pendingAgent: string;
  otherAgent: string;
}

export async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [row] = await t.database.db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email));
  return row!.id;
}

/** An active agent of the seed other than agent@demo.test, with a known password. */
export async function otherAgentEmail(t: TestApp): Promise<string> {
  const rows = await t.database.db
    .select({ email: schema.user.email })
    .from(schema.user)
    .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.user.id))
    .where(and(eq(schema.user.role, 'notary'), eq(schema.profiles.status, 'active')))
    .orderBy(schema.user.email);
  return rows.find((r) => r.email !== 'agent@demo.test')!.email;
}

/** The demo accounts signInAll() signs in, by the name of their session. */
export const DEMO_SESSIONS = {
  admin: 'admin@demo.test',
  subAdmin: 'subadmin@demo.test',
  orgAdmin: 'orgadmin@firm-a.demo.test',
  escrowA: 'escrow@firm-a.demo.test',
  escrowB: 'escrow@firm-b.demo.test',
  agent: 'agent@demo.test',
  pendingAgent: 'pending-agent@demo.test',
} as const satisfies Record<Exclude<keyof Sessions, 'otherAgent'>, string>;

/** Every demo account's email, with the other agent's: the sessions a template prepares. */
export async function demoSessionEmails(t: TestApp): Promise<string[]> {
  return [...Object.values(DEMO_SESSIONS), await otherAgentEmail(t)];
}

/** A session of each demo account: one prepared in the run's template where there is one. */
export async function signInAll(t: TestApp): Promise<Sessions> {
  const session = (email: string) => t.preparedSession(email) ?? t.signIn(email);
  const sessions = {} as Record<keyof Sessions, string>;
  for (const [name, email] of Object.entries(DEMO_SESSIONS)) sessions[name as keyof typeof DEMO_SESSIONS] = await session(email);
  sessions.otherAgent = await session(await otherAgentEmail(t));
  return sessions;
}

/**
 * An order made through the API. One whose signing time `overrides` puts in the past (which the
 * API refuses to order: decision 049) is ordered for the fixture's future date and then moved
 * there in the database, as time passing would: a signing that has begun, or is days old.
 */
export async function createOrder(t: TestApp, cookie: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const body = { ...VALID_ORDER, ...overrides } as Record<string, unknown>;
  const when = pastSchedule(body);
  const sent = when ? { ...body, date: VALID_ORDER.date, time: VALID_ORDER.time, timeTbd: false } : body;
  const res = await t.request('/api/appointments', { method: 'POST', cookie, body: JSON.stringify(sent) });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  const id = (await readJson(res)).appointment.id as string;
  if (when) await t.database.db.update(schema.appointments).set(when).where(eq(schema.appointments.id, id));
  return id;
}

/** The schedule of an order body whose signing time has passed, as stored; null for one still to come. */
function pastSchedule(body: Record<string, unknown>) {
  const timeTbd = body.timeTbd === true;
  const time = timeTbd ? TBD_TIME : String(body.time);
  const timeZone = (body.timeZone ?? DEFAULT_TIME_ZONE) as TimeZoneCode;
  const date = String(body.date);
  const when = { date, time, timeTbd, timeZone, startsAt: appointmentInstant(date, time, timeZone) };
  return signingTimePassed(when) ? when : null;
}

/**
 * Puts these agents within reach of the appointment (decision 048) where they are not: its
 * state added to their commissions, their coordinates moved onto its zip's, and a commission
 * they hold in that state valid on its date. For tests about
 * what happens after an offer; who is offered is eligibility.db.test.ts's subject.
 */
/**
 * A signing agent written straight to the database for tests that build histories or places by
 * hand: active, approved, commissioned in CA and living in Los Angeles unless `profile` says
 * otherwise (any agent_profiles column). `label` makes the name ("Agent near"), the last name
 * and the email unique within the test's database.
 */
export async function insertAgent(
  t: Pick<TestApp, 'database'>,
  firmId: string,
  label: string,
  profile: Partial<typeof schema.agentProfiles.$inferInsert> = {},
): Promise<string> {
  const db = t.database.db;
  const [row] = await db
    .insert(schema.user)
    .values({ name: `Agent ${label}`, email: `${label}@agents.test`, role: 'notary' })
    .returning({ id: schema.user.id });
  await db.insert(schema.profiles).values({ userId: row!.id, firmId, status: 'active' });
  await db.insert(schema.agentProfiles).values({
    userId: row!.id,
    firstName: 'Agent',
    lastName: label,
    city: 'Los Angeles',
    state: 'CA',
    zip: '90012',
    certifiedStates: ['CA'],
    registrationStatus: 'approved',
    ...profile,
  });
  return row!.id;
}

export async function makeEligible(t: Pick<TestApp, 'database'>, appointmentId: string, agentIds: string[]) {
  const order = await appointmentRow(t, appointmentId);
  const ap = schema.agentProfiles;
  const notYet = or(sql`not (${order.state} = any(${ap.certifiedStates}))`, sql`${ap.latitude} is distinct from ${order.latitude}`);
  for (let i = 0; i < agentIds.length; i += 1000) {
    await t.database.db
      .update(ap)
      .set({
        // At most five commissions (agent_profiles_max_five_states): the fifth gives way.
        certifiedStates: sql`case when ${order.state} = any(${ap.certifiedStates}) then ${ap.certifiedStates}
          else (${ap.certifiedStates})[1:4] || array[${order.state}::varchar(2)] end`,
        latitude: order.latitude,
        longitude: order.longitude,
      })
      .where(and(inArray(ap.userId, agentIds.slice(i, i + 1000)), notYet));
    // A commission they hold in the order's state counts on its date (decision 065): the demo
    // data's expiring, expired and rejected ones are renewed in place.
    const ac = schema.agentCredentials;
    await t.database.db
      .update(ac)
      .set({
        expiresOn: sql`greatest(${ac.expiresOn}, (${order.date}::date + interval '1 year')::date)`,
        review: sql`case when ${ac.review} = 'rejected' then 'pending'::credential_review else ${ac.review} end`,
        rejectReason: null,
      })
      .where(and(inArray(ac.agentId, agentIds.slice(i, i + 1000)), eq(ac.kind, 'commission'), eq(ac.state, order.state)));
  }
}

/** Offers the appointment to exactly these agents, made eligible for it first (`makeEligible`). */
export async function offerTo(t: Pick<TestApp, 'database'>, appointmentId: string, agentIds: string[]) {
  await makeEligible(t, appointmentId, agentIds);
  await t.database.db
    .insert(schema.offers)
    .values(agentIds.map((agentId) => ({ appointmentId, agentId })))
    .onConflictDoNothing();
}

export async function post(t: TestApp, path: string, cookie: string, body?: unknown, headers?: Record<string, string>) {
  const res = await t.request(path, {
    method: 'POST',
    cookie,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(headers ? { headers } : {}),
  });
  return { status: res.status, body: await readJson(res).catch(() => null), headers: res.headers };
}

export async function appointmentRow(t: Pick<TestApp, 'database'>, id: string) {
  const [row] = await t.database.db.select().from(schema.appointments).where(eq(schema.appointments.id, id));
  return row!;
}

export async function offersOf(t: TestApp, appointmentId: string) {
  return t.database.db.select().from(schema.offers).where(eq(schema.offers.appointmentId, appointmentId));
}

export async function jobsOf(t: TestApp, appointmentId: string, types?: string[]) {
  return t.database.db
    .select()
    .from(schema.notificationJobs)
    .where(and(eq(schema.notificationJobs.appointmentId, appointmentId), types ? inArray(schema.notificationJobs.type, types) : undefined));
}

export async function auditOf(t: TestApp, appointmentId: string) {
  return t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.appointmentId, appointmentId));
}

/** An appointment with a claimed bid from agent@demo.test (Pending). */
export async function pendingWithBid(t: TestApp, s: Sessions): Promise<{ id: string; offerId: string }> {
  const id = await createOrder(t, s.escrowA);
  const agentId = await userIdOf(t, 'agent@demo.test');
  await offerTo(t, id, [agentId]);
  const claim = await post(t, `/api/appointments/${id}/claim`, s.agent);
  if (claim.status !== 200) throw new Error(`claim answered ${claim.status}: ${JSON.stringify(claim.body)}`);
  return { id, offerId: claim.body.offer.id };
}

/**
 * An appointment agent@demo.test signed and marked complete (Completed): assigned through a
 * claim and an accept, its start moved an hour back in the database (completion opens at the
 * start), then completed through the API by the agent.
 */
export async function completedForAgent(
  t: TestApp,
  s: Sessions,
  scheduled?: { id: string; offerId: string },
): Promise<{ id: string; offerId: string }> {
  const order = scheduled ?? (await scheduledForAgent(t, s));
  await t.database.db
    .update(schema.appointments)
    .set({ startsAt: Math.floor(Date.now() / 1000) - 3600 })
    .where(eq(schema.appointments.id, order.id));
  const done = await post(t, `/api/appointments/${order.id}/complete`, s.agent);
  if (done.status !== 200) throw new Error(`complete answered ${done.status}: ${JSON.stringify(done.body)}`);
  return order;
}

/** An appointment assigned to agent@demo.test (Scheduled). */
export async function scheduledForAgent(t: TestApp, s: Sessions): Promise<{ id: string; offerId: string }> {
  const pending = await pendingWithBid(t, s);
  const accept = await post(t, `/api/appointments/${pending.id}/bids/${pending.offerId}/accept`, s.admin);
  if (accept.status !== 200) throw new Error(`accept answered ${accept.status}: ${JSON.stringify(accept.body)}`);
  return pending;
}
