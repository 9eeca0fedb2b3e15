/**
 * Eligibility by credentials (issue 31, decision 065), through the routes: a lapsed or rejected
 * commission stops offers in its state only; an agent short of a firm's requirements (here its
 * E&O minimum) is not offered that firm's orders, and only those. Send to Notaries, the reach
 * count, the direct-assignment list, direct assignment and an agent's claim all agree.
 */
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import zipcodes from 'zipcodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, offersOf, post, userIdOf, VALID_ORDER } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';

/** Orders in Portsmouth, NH, and in Kittery, ME, across the river: one agent nearby is within reach of both. */
const NH_ORDER = { ...VALID_ORDER, street: '1 Junkins Ave', city: 'Portsmouth', state: 'NH', zip: '03801', date: '2030-12-10' };
const ME_ORDER = { ...VALID_ORDER, street: '200 Rogers Rd', city: 'Kittery', state: 'ME', zip: '03904', date: '2030-12-10' };

type Credential = typeof schema.agentCredentials.$inferInsert;

describe('eligibility by credentials', () => {
  let t: TestApp;
  let admin: string;
  let escrowA: string;
  let escrowB: string;
  let firmA: string;
  let independentFirm: string;

  /** An agent living in Portsmouth, certified in NH and ME, with these credentials on file; `demo`: agent@demo.test moved there (it can sign in). */
  async function addAgent(label: string, credentials: Omit<Credential, 'agentId'>[], demo = false): Promise<string> {
    const place = zipcodes.lookup('03801')!;
    const home = {
      city: place.city,
      state: place.state,
      zip: '03801',
      latitude: place.latitude,
      longitude: place.longitude,
      certifiedStates: ['NH', 'ME'],
    };
    let id: string;
    if (demo) {
      id = await userIdOf(t, 'agent@demo.test');
      await t.database.db
        .update(schema.user)
        .set({ name: `Agent ${label}` })
        .where(eq(schema.user.id, id));
      await t.database.db.update(schema.agentProfiles).set(home).where(eq(schema.agentProfiles.userId, id));
    } else {
      const [user] = await t.database.db
        .insert(schema.user)
        .values({ name: `Agent ${label}`, email: `${label}@credentials.test`, role: 'notary' })
        .returning({ id: schema.user.id });
      id = user!.id;
      await t.database.db.insert(schema.profiles).values({ userId: id, firmId: independentFirm, status: 'active' });
      await t.database.db
        .insert(schema.agentProfiles)
        .values({ userId: id, firstName: 'Agent', lastName: label, ...home, registrationStatus: 'approved' });
    }
    // The agent holds exactly these credentials (the demo agent's seeded ones go).
    await t.database.db.delete(schema.agentCredentials).where(eq(schema.agentCredentials.agentId, id));
    if (credentials.length > 0) {
      await t.database.db
        .insert(schema.agentCredentials)
        .values(credentials.map((c) => ({ createdAt: new Date('2026-01-05T12:00:00Z'), ...c, agentId: id })));
    }
    return id;
  }

  const commission = (state: string, expiresOn: string, review: 'pending' | 'verified' | 'rejected' = 'verified') => ({
    kind: 'commission' as const,
    state,
    number: `${state}-1`,
    expiresOn,
    review,
    rejectReason: review === 'rejected' ? 'The name does not match' : null,
  });
  const eo = (coverageCents: number) => ({
    kind: 'eo_insurance' as const,
    provider: 'Carrier',
    coverageCents,
    expiresOn: '2031-06-30',
    review: 'verified' as const,
  });

  const agents: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ agentCount: 0 });
    admin = await t.signIn('admin@demo.test');
    escrowA = await t.signIn('escrow@firm-a.demo.test');
    escrowB = await t.signIn('escrow@firm-b.demo.test');
    const firmOf = async (email: string) => {
      const [row] = await t.database.db
        .select({ firmId: schema.profiles.firmId })
        .from(schema.profiles)
        .innerJoin(schema.user, eq(schema.user.id, schema.profiles.userId))
        .where(eq(schema.user.email, email));
      return row!.firmId!;
    };
    firmA = await firmOf('escrow@firm-a.demo.test');
    const [independent] = await t.database.db
      .select({ id: schema.firms.id })
      .from(schema.firms)
      .where(eq(schema.firms.kind, 'independent'));
    independentFirm = independent!.id;
    // Firm A asks for $1,000,000 of E&O coverage; firm B asks nothing.
    await t.database.db.update(schema.firms).set({ minEoCoverageCents: 100_000_000 }).where(eq(schema.firms.id, firmA));

    agents.nothingOnFile = await addAgent('nothing-on-file', []);
    agents.lapsedNh = await addAgent('lapsed-nh', [commission('NH', '2030-12-09'), commission('ME', '2031-12-31'), eo(100_000_000)]);
    agents.rejectedNh = await addAgent('rejected-nh', [commission('NH', '2031-12-31', 'rejected'), eo(100_000_000)]);
    agents.renewedNh = await addAgent('renewed-nh', [
      { ...commission('NH', '2030-01-31'), replacedAt: new Date('2029-12-01T00:00:00Z') },
      commission('NH', '2034-01-31', 'pending'),
      eo(100_000_000),
    ]);
    agents.validToTheDay = await addAgent('valid-to-the-day', [commission('NH', '2030-12-10'), eo(150_000_000)]);
    agents.smallEo = await addAgent('small-eo', [commission('NH', '2031-12-31'), commission('ME', '2031-12-31'), eo(50_000_000)], true);
  });
  afterAll(() => t?.close());

  async function sendOrder(cookie: string, order: Record<string, unknown>) {
    const id = await createOrder(t, cookie, order);
    const res = await post(t, `/api/appointments/${id}/send`, admin, { preferredOnly: false });
    expect(res.status).toBe(200);
    return { id, offered: new Set((await offersOf(t, id)).map((o) => o.agentId)) };
  }

  it('a lapsed or rejected commission stops offers in its state only; a renewal or none on file keeps them', async () => {
    const nh = await sendOrder(escrowB, NH_ORDER);
    expect(nh.offered.has(agents.lapsedNh!)).toBe(false);
    expect(nh.offered.has(agents.rejectedNh!)).toBe(false);
    expect(nh.offered.has(agents.nothingOnFile!)).toBe(true);
    expect(nh.offered.has(agents.renewedNh!)).toBe(true);
    // A commission counts through its expiry date: the signing on the day is still offered.
    expect(nh.offered.has(agents.validToTheDay!)).toBe(true);

    const me = await sendOrder(escrowB, ME_ORDER);
    expect(me.offered.has(agents.lapsedNh!)).toBe(true);
    expect(me.offered.has(agents.rejectedNh!)).toBe(true);
  });

  it("a firm's E&O minimum excludes an agent from that firm's orders only", async () => {
    const ofA = await sendOrder(escrowA, NH_ORDER);
    expect(ofA.offered.has(agents.smallEo!)).toBe(false);
    expect(ofA.offered.has(agents.validToTheDay!)).toBe(true);
    // No E&O on file at all does not meet a minimum either.
    expect(ofA.offered.has(agents.nothingOnFile!)).toBe(false);

    const ofB = await sendOrder(escrowB, NH_ORDER);
    expect(ofB.offered.has(agents.smallEo!)).toBe(true);
    expect(ofB.offered.has(agents.nothingOnFile!)).toBe(true);
  });

  it('the reach count and the direct-assignment list leave the same agents out', async () => {
    const id = await createOrder(t, escrowA, NH_ORDER);
    const ours = new Set(Object.values(agents));
    const list = await readJson(await t.request(`/api/appointments/${id}/eligible-agents?pageSize=100`, { cookie: admin }));
    const listed = new Set((list.items as { id: string }[]).map((a) => a.id).filter((agentId) => ours.has(agentId)));
    expect(listed).toEqual(new Set([agents.renewedNh!, agents.validToTheDay!]));
    const reach = await readJson(await t.request(`/api/appointments/${id}/reach`, { cookie: admin }));
    expect(reach.count).toBe(list.total);
  });

  it("when the firm's requirements leave no one, the reach and the send say so", async () => {
    // On July 1, 2031 every agent here falls short for firm A: lapsed or rejected commissions, or E&O expired or too small.
    const id = await createOrder(t, escrowA, { ...NH_ORDER, date: '2031-07-01' });
    const reach = await readJson(await t.request(`/api/appointments/${id}/reach`, { cookie: admin }));
    expect(reach.count).toBe(0);
    expect(reach.message).toBe(
      "No agent commissioned in NH who meets this firm's agent requirements and available then has this order within their travel radius, so there is no one to send it to.",
    );
    const sent = await post(t, `/api/appointments/${id}/send`, admin, { preferredOnly: false });
    expect(sent.body.message).toBe(
      "There are no available signing agents commissioned in NH who meet this firm's agent requirements whose travel radius reaches this appointment; it was not sent.",
    );
  });

  it('direct assignment and an agent claim are refused with a sentence naming what is missing', async () => {
    const id = await createOrder(t, escrowA, NH_ORDER);
    const lapsed = await post(t, `/api/appointments/${id}/assign`, admin, { agentId: agents.lapsedNh! });
    expect(lapsed.status).toBe(409);
    expect(lapsed.body.code).toBe('NOT_ELIGIBLE');
    expect(lapsed.body.detail).toBe(
      "Agent lapsed-nh's notary commission in NH is not valid on the signing's date (expired or rejected): only agents with a valid commission in the order's state can be assigned.",
    );
    const [firm] = await t.database.db.select({ name: schema.firms.name }).from(schema.firms).where(eq(schema.firms.id, firmA));
    const small = await post(t, `/api/appointments/${id}/assign`, admin, { agentId: agents.smallEo! });
    expect(small.status).toBe(409);
    expect(small.body.detail).toBe(
      `Agent small-eo does not meet ${firm!.name}'s requirements on the signing's date: E&O insurance of at least $1,000,000.00. Only agents who meet them can be assigned.`,
    );

    // An offer sent before the firm raised its minimum: the agent's own claim is refused in their words.
    await t.database.db.insert(schema.offers).values({ appointmentId: id, agentId: agents.smallEo! });
    const claim = await post(t, `/api/appointments/${id}/claim`, await t.signIn('agent@demo.test'));
    expect(claim.status).toBe(409);
    expect(claim.body.detail).toBe(
      "The title company of this order requires E&O insurance of at least $1,000,000.00 on the signing's date, which your profile does not show: add or renew it in your profile to take its orders.",
    );
    const [offer] = await offersOf(t, id);
    expect(offer!.status).toBe('offered');

    const ok = await post(t, `/api/appointments/${id}/assign`, admin, { agentId: agents.validToTheDay! });
    expect(ok.status).toBe(200);
  });
});
