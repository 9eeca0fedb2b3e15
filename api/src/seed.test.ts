import { schema } from '@signingdesk/db';
import { createTestDatabase, type TestDatabase } from '@signingdesk/db/testing';
import { DEMO_ACCOUNTS, isDatabaseEmpty } from '@signingdesk/db/seed';
import { count, countDistinct, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES } from './domain/codes';
import { US_STATES } from './domain/us-states';
import { seedDemoData } from './seed';

describe('demo data', () => {
  let database: TestDatabase;
  let seconds: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    const started = Date.now();
    await seedDemoData(database.db);
    seconds = (Date.now() - started) / 1000;
  }, 120_000);
  afterAll(() => database.close());

  it('seeds in seconds, not minutes', () => {
    expect(seconds).toBeLessThan(60);
    console.log(`demo seed took ${seconds.toFixed(1)} s on ${database.kind}`);
  });

  it('has 8,000+ agents over the 50 states and DC at real zips with coordinates', async () => {
    const db = database.db;
    const a = schema.agentProfiles;
    const [agents] = await db.select({ n: count() }).from(a);
    expect(agents!.n).toBeGreaterThanOrEqual(8000);
    const states = await db.selectDistinct({ state: a.state }).from(a);
    expect(new Set(states.map((s) => s.state))).toEqual(new Set(US_STATES));
    const [missing] = await db.select({ n: count() }).from(a).where(sql`${a.latitude} is null or ${a.zip} !~ '^[0-9]{5}$'`);
    expect(missing!.n).toBe(0);
    const [preferred] = await db.select({ n: count() }).from(a).where(eq(a.preferred, true));
    const [pending] = await db.select({ n: count() }).from(a).where(eq(a.registrationStatus, 'pending'));
    expect(preferred!.n).toBeGreaterThan(100);
    expect(pending!.n).toBeGreaterThan(100);
  });

  it('has the firms of spec 02 §3, including Independent notary (0) and the managing organisations', async () => {
    const firms = await database.db.select().from(schema.firms);
    const byNumber = new Map(firms.map((f) => [f.orgNumber, f]));
    expect(byNumber.get(0)?.name).toBe('Independent notary');
    expect(byNumber.get(3000)?.kind).toBe('managing_organization');
    expect(byNumber.get(3001)?.kind).toBe('managing_organization');
    expect(firms.filter((f) => f.kind === 'title_firm').length).toBeGreaterThanOrEqual(2);
  });

  it('has a few hundred appointments in every status, with offers, bids, files and messages', async () => {
    const db = database.db;
    const ap = schema.appointments;
    const byStatus = await db.select({ status: ap.status, n: count() }).from(ap).groupBy(ap.status);
    expect(new Set(byStatus.map((r) => r.status))).toEqual(new Set(APPOINTMENT_STATUSES));
    const total = byStatus.reduce((sum, r) => sum + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(200);
    const [unassigned] = await db
      .select({ n: count() })
      .from(ap)
      .where(sql`${ap.status} in ('Scheduled', 'Completed') and ${ap.assignedAgentId} is null`);
    expect(unassigned!.n).toBe(0);
    const bids = await db.select({ n: count() }).from(schema.offers).where(inArray(schema.offers.status, ['claimed', 'countered']));
    expect(bids[0]!.n).toBeGreaterThan(20);
    const [files] = await db.select({ n: countDistinct(schema.files.appointmentId) }).from(schema.files);
    const [notes] = await db.select({ n: countDistinct(schema.notes.appointmentId) }).from(schema.notes);
    expect(files!.n).toBeGreaterThan(50);
    expect(notes!.n).toBeGreaterThan(50);
    const [noLog] = await db
      .select({ n: count() })
      .from(schema.files)
      .leftJoin(schema.fileEvents, eq(schema.fileEvents.fileId, schema.files.id))
      .where(isNull(schema.fileEvents.id));
    expect(noLog!.n).toBeLessThan((await db.select({ n: count() }).from(schema.files))[0]!.n);
  });

  it('creates the demo accounts with their roles, statuses and firms', async () => {
    const rows = await database.db
      .select({ email: schema.user.email, role: schema.user.role, status: schema.profiles.status, firm: schema.firms.orgNumber })
      .from(schema.user)
      .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.user.id))
      .innerJoin(schema.firms, eq(schema.firms.id, schema.profiles.firmId))
      .where(inArray(schema.user.email, DEMO_ACCOUNTS.map((a) => a.email)));
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    expect(byEmail.get('admin@demo.test')).toMatchObject({ role: 'admin', status: 'active' });
    expect(byEmail.get('subadmin@demo.test')).toMatchObject({ role: 'sub_admin', status: 'active' });
    expect(byEmail.get('orgadmin@firm-a.demo.test')).toMatchObject({ role: 'creator_admin', firm: 1 });
    expect(byEmail.get('escrow@firm-a.demo.test')).toMatchObject({ role: 'creator', firm: 1 });
    expect(byEmail.get('escrow@firm-b.demo.test')).toMatchObject({ role: 'creator', firm: 2 });
    expect(byEmail.get('agent@demo.test')).toMatchObject({ role: 'notary', status: 'active', firm: 0 });
    expect(byEmail.get('pending-agent@demo.test')).toMatchObject({ role: 'notary', status: 'pending', firm: 0 });

    const [agentProfile] = await database.db
      .select()
      .from(schema.agentProfiles)
      .innerJoin(schema.user, eq(schema.user.id, schema.agentProfiles.userId))
      .where(eq(schema.user.email, 'agent@demo.test'));
    expect(agentProfile!.agent_profiles.certifiedStates).toEqual(['CA', 'TX']);
    expect(agentProfile!.agent_profiles.registrationStatus).toBe('approved');
  });

  it('gives the demo agent something in each of its four tabs', async () => {
    const [agent] = await database.db.select().from(schema.user).where(eq(schema.user.email, 'agent@demo.test'));
    const offers = await database.db
      .select({ status: schema.offers.status, n: count() })
      .from(schema.offers)
      .where(eq(schema.offers.agentId, agent!.id))
      .groupBy(schema.offers.status);
    const n = new Map(offers.map((o) => [o.status, o.n]));
    expect(n.get('offered')).toBeGreaterThan(0);
    expect((n.get('claimed') ?? 0) + (n.get('countered') ?? 0)).toBeGreaterThan(0);
    expect(n.get('approved')).toBeGreaterThan(0);
  });
});
