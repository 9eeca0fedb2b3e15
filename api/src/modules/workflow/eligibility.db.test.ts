/**
 * Who may be offered or assigned an order (decision 048: commissioned in its state AND within
 * the radius), seen through the routes: Send to Notaries and Send to Preferred Agents and the
 * offers rows they write, the reach an operator is told before sending, the direct-assignment
 * list, direct assignment and reassignment (409 NOT_ELIGIBLE), an agent's own claim or counter
 * once no longer eligible, the distance on every bid, and the count on the full demo data.
 */
import { schema } from '@signingdesk/db';
import { and, eq, ne } from 'drizzle-orm';
import zipcodes from 'zipcodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRow, createOrder, offersOf, post, userIdOf, VALID_ORDER } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { seedDemoData } from '../../seed';
import { addDays, commissionAllows, credentialDay } from '@signingdesk/domain/credentials';
import { credentialFacts, credentialsOf } from '../../lib/credential-rules';
import { TRAVEL_RADIUS_MILES } from '@signingdesk/domain/availability';
import { OFFER_RADIUS_MILES } from '@signingdesk/domain/eligibility';

/** A zip code of the zipcodes data set (zip, city, state, coordinates). */
type Place = NonNullable<ReturnType<typeof zipcodes.lookup>>;

/**
 * Great-circle miles between two zip codes' coordinates in the zipcodes data set. Written here
 * rather than taken from lib/geo so the expected sets do not share the code under test;
 * zipcodes.distance() itself rounds to whole miles, too coarse to decide 50.4 against 50.
 */
function milesBetween(a: Pick<Place, 'latitude' | 'longitude'>, b: Pick<Place, 'latitude' | 'longitude'>): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}

function placeOf(zip: string): Place {
  const place = zipcodes.lookup(zip);
  if (!place) throw new Error(`zip ${zip} is not in the zipcodes data set`);
  return place;
}

/** The zip of `states` whose distance from `from` is nearest to `miles` (within half a mile). */
function zipAtDistance(from: Place, miles: number, states: string[]): Place & { miles: number } {
  const nearest = states
    .flatMap((state) => zipcodes.lookupByState(state))
    .map((place) => ({ ...place, miles: milesBetween(from, place) }))
    .reduce((best, place) => (Math.abs(place.miles - miles) < Math.abs(best.miles - miles) ? place : best));
  if (Math.abs(nearest.miles - miles) > 0.5) throw new Error(`no zip of ${states} at ${miles} miles`);
  return nearest;
}

interface AgentSpec {
  label: string;
  zip: string;
  certifiedStates: string[];
  /** profiles.status: the account. */
  account?: 'active' | 'pending' | 'disabled';
  /** agent_profiles.registration_status: the operator's review. */
  registration?: 'pending' | 'approved' | 'declined';
  preferred?: boolean;
}

/** An agent written the way registration and review leave one, coordinates from the zip. */
async function addAgent(t: TestApp, firmId: string, spec: AgentSpec): Promise<string> {
  const place = placeOf(spec.zip);
  const db = t.database.db;
  const [user] = await db
    .insert(schema.user)
    .values({ name: `Agent ${spec.label}`, email: `${spec.label}@eligibility.test`, role: 'notary' })
    .returning({ id: schema.user.id });
  const userId = user!.id;
  await db.insert(schema.profiles).values({ userId, firmId, status: spec.account ?? 'active' });
  await db.insert(schema.agentProfiles).values({
    userId,
    firstName: 'Agent',
    lastName: spec.label,
    city: place.city,
    state: place.state,
    zip: spec.zip,
    latitude: place.latitude,
    longitude: place.longitude,
    certifiedStates: spec.certifiedStates,
    registrationStatus: spec.registration ?? 'approved',
    preferred: spec.preferred ?? false,
  });
  return userId;
}

async function independentFirmId(t: TestApp): Promise<string> {
  const [firm] = await t.database.db.select({ id: schema.firms.id }).from(schema.firms).where(eq(schema.firms.kind, 'independent'));
  return firm!.id;
}

const offeredAgents = async (t: TestApp, appointmentId: string) => new Set((await offersOf(t, appointmentId)).map((o) => o.agentId));

describe('who is offered an order', () => {
  // An order in Portsmouth, NH, near the Maine and Massachusetts lines, so agents commissioned
  // in NH, or only in those states, can live on either side of the radius.
  const ORDER = { ...VALID_ORDER, street: '1 Junkins Ave', city: 'Portsmouth', state: 'NH', zip: '03801' };
  const orderPlace = placeOf(ORDER.zip);
  const at49 = zipAtDistance(orderPlace, 49, ['ME', 'MA']);
  const at51 = zipAtDistance(orderPlace, 51, ['ME', 'MA']);
  const nearby = zipAtDistance(orderPlace, 10, ['NH']);

  let t: TestApp;
  let admin: string;
  let escrow: string;
  const agents: Record<string, string> = {};

  beforeAll(async () => {
    // No generated agents: the demo accounts alone (agent@demo.test lives in Beverly Hills,
    // commissioned in CA and TX), so every offer of these orders is one of the agents below.
    t = await createTestApp({ agentCount: 0 });
    admin = await t.signIn('admin@demo.test');
    escrow = await t.signIn('escrow@firm-a.demo.test');
    const firmId = await independentFirmId(t);
    const specs: AgentSpec[] = [
      { label: 'certified-nearby', zip: nearby.zip, certifiedStates: ['NH'], preferred: true },
      { label: 'neither', zip: '90012', certifiedStates: ['CA', 'NV'], preferred: true },
      { label: 'nh-at-49-miles', zip: at49.zip, certifiedStates: [at49.state, 'NH'], preferred: true },
      { label: 'nh-at-51-miles', zip: at51.zip, certifiedStates: [at51.state, 'NH'], preferred: true },
      { label: 'elsewhere-at-49-miles', zip: at49.zip, certifiedStates: [at49.state], preferred: true },
      { label: 'elsewhere-next-door', zip: nearby.zip, certifiedStates: ['ME', 'MA'], preferred: true },
      { label: 'certified-far', zip: '90012', certifiedStates: ['CA', 'NH'], preferred: true },
      {
        label: 'registration-pending',
        zip: nearby.zip,
        certifiedStates: ['NH'],
        account: 'pending',
        registration: 'pending',
        preferred: true,
      },
      {
        label: 'registration-declined',
        zip: nearby.zip,
        certifiedStates: ['NH'],
        account: 'disabled',
        registration: 'declined',
        preferred: true,
      },
      {
        label: 'account-disabled',
        zip: nearby.zip,
        certifiedStates: ['NH'],
        account: 'disabled',
        registration: 'approved',
        preferred: true,
      },
      // Each of the two columns refuses on its own, whatever the other says.
      {
        label: 'only-registration-pending',
        zip: nearby.zip,
        certifiedStates: ['NH'],
        account: 'active',
        registration: 'pending',
        preferred: true,
      },
      {
        label: 'only-registration-declined',
        zip: nearby.zip,
        certifiedStates: ['NH'],
        account: 'active',
        registration: 'declined',
        preferred: true,
      },
      {
        label: 'only-account-pending',
        zip: nearby.zip,
        certifiedStates: ['NH'],
        account: 'pending',
        registration: 'approved',
        preferred: true,
      },
      { label: 'not-preferred-nearby', zip: nearby.zip, certifiedStates: ['NH'] },
    ];
    for (const spec of specs) agents[spec.label] = await addAgent(t, firmId, spec);
  });
  afterAll(() => t?.close());

  async function send(preferredOnly: boolean) {
    const id = await createOrder(t, escrow, ORDER);
    const res = await post(t, `/api/appointments/${id}/send`, admin, { preferredOnly });
    expect(res.status).toBe(200);
    return { id, message: res.body.message as string, offered: await offeredAgents(t, id) };
  }

  it('places the boundary agents where the test says (zipcodes data)', () => {
    // The tests' agents keep the default travel radius (decision 067: each agent's own).
    expect(TRAVEL_RADIUS_MILES.default).toBe(50);
    expect(zipcodes.distance(ORDER.zip, at49.zip)).toBe(49);
    expect(zipcodes.distance(ORDER.zip, at51.zip)).toBe(51);
    expect(zipcodes.distance(ORDER.zip, '90012')).toBeGreaterThan(2000);
  });

  it('does not offer an agent commissioned only in other states, 49 miles away or next door', async () => {
    const { offered } = await send(false);
    expect(offered.has(agents['elsewhere-at-49-miles']!)).toBe(false);
    expect(offered.has(agents['elsewhere-next-door']!)).toBe(false);
    expect(offered.has(agents['neither']!)).toBe(false);
    expect(offered.has(agents['certified-nearby']!)).toBe(true);
  });

  it('holds the radius: an agent commissioned in NH 49 miles away is offered, 51 miles away is not', async () => {
    const { offered } = await send(false);
    expect(offered.has(agents['nh-at-49-miles']!)).toBe(true);
    expect(offered.has(agents['nh-at-51-miles']!)).toBe(false);
  });

  it('does not offer an agent commissioned in the state who lives across the country', async () => {
    const { offered } = await send(false);
    expect(offered.has(agents['certified-far']!)).toBe(false);
  });

  it('excludes pending, declined and disabled agents even when commissioned and next door', async () => {
    const { offered } = await send(false);
    expect(offered.has(agents['registration-pending']!)).toBe(false);
    expect(offered.has(agents['registration-declined']!)).toBe(false);
    expect(offered.has(agents['account-disabled']!)).toBe(false);
    expect(offered.has(agents['only-registration-pending']!)).toBe(false);
    expect(offered.has(agents['only-registration-declined']!)).toBe(false);
    expect(offered.has(agents['only-account-pending']!)).toBe(false);
  });

  it('Send to Notaries offers exactly the eligible agents and says how many', async () => {
    const { message, offered } = await send(false);
    expect(offered).toEqual(new Set([agents['certified-nearby'], agents['nh-at-49-miles'], agents['not-preferred-nearby']]));
    expect(message).toBe('Offered to 3 signing agents.');
  });

  it('Send to Preferred Agents applies the same rule, commission included, then keeps the preferred', async () => {
    const { message, offered } = await send(true);
    expect(offered).toEqual(new Set([agents['certified-nearby'], agents['nh-at-49-miles']]));
    expect(message).toBe('Offered to 2 preferred agents.');
  });

  it('tells the operator the reach before sending, then that everyone already has it', async () => {
    const id = await createOrder(t, escrow, ORDER);
    const reach = async (preferredOnly: boolean) => {
      const res = await t.request(`/api/appointments/${id}/reach?preferredOnly=${preferredOnly}`, { cookie: admin });
      expect(res.status).toBe(200);
      return readJson(res);
    };
    expect(await reach(false)).toEqual({
      count: 3,
      alreadyOffered: 0,
      state: 'NH',
      preferredOnly: false,
      message: 'This will offer the order to 3 available agents whose travel radius reaches it.',
    });
    expect((await reach(true)).message).toBe('This will offer the order to 2 available preferred agents whose travel radius reaches it.');
    expect((await post(t, `/api/appointments/${id}/send`, admin, {})).body.offered).toBe(3);
    expect(await reach(false)).toMatchObject({
      count: 0,
      alreadyOffered: 3,
      message:
        'Every agent commissioned in NH whose travel radius reaches this order already has this offer: there is no one new to send it to.',
    });
    const escrowAsks = await t.request(`/api/appointments/${id}/reach`, { cookie: escrow });
    expect(escrowAsks.status).toBe(403);
  });

  it('says plainly when no agent is commissioned in the state within the radius, and sends nothing', async () => {
    // Concord, VT: nobody here is commissioned in VT.
    const id = await createOrder(t, escrow, { ...ORDER, street: '1 Main St', city: 'Concord', state: 'VT', zip: '05824' });
    const reach = await readJson(await t.request(`/api/appointments/${id}/reach`, { cookie: admin }));
    expect(reach).toMatchObject({ count: 0, alreadyOffered: 0 });
    expect(reach.message).toBe(
      'No agent commissioned in VT and available then has this order within their travel radius, so there is no one to send it to.',
    );
    const sent = await post(t, `/api/appointments/${id}/send`, admin, {});
    expect(sent.body).toMatchObject({
      offered: 0,
      message: 'There are no available signing agents commissioned in VT whose travel radius reaches this appointment; it was not sent.',
    });
    expect(await offeredAgents(t, id)).toEqual(new Set());
  });

  it('lists the eligible agents for a direct assignment nearest first, with distance, states and completed count; a name narrows them', async () => {
    const id = await createOrder(t, escrow, ORDER);
    const res = await t.request(`/api/appointments/${id}/eligible-agents`, { cookie: admin });
    expect(res.status).toBe(200);
    const list = await readJson(res);
    expect(list).toMatchObject({ total: 3, state: 'NH', page: 1 });
    // The two at the same zip in last-name order, then the one 49 miles away.
    expect(list.items.map((a: { id: string }) => a.id)).toEqual([
      agents['certified-nearby'],
      agents['not-preferred-nearby'],
      agents['nh-at-49-miles'],
    ]);
    const [first, , last] = list.items;
    expect(first).toMatchObject({ name: 'Agent certified-nearby', certifiedStates: ['NH'], completedCount: 0, zip: nearby.zip });
    expect(first.distanceMiles).toBeCloseTo(milesBetween(orderPlace, placeOf(nearby.zip)), 1);
    expect(last.distanceMiles).toBeCloseTo(at49.miles, 1);
    expect(last.distanceMiles).toBeLessThanOrEqual(50);

    const named = await readJson(await t.request(`/api/appointments/${id}/eligible-agents?name=not-pref`, { cookie: admin }));
    expect(named.items.map((a: { id: string }) => a.id)).toEqual([agents['not-preferred-nearby']]);
    // A name outside the eligible ones finds nobody, however well it matches.
    const elsewhere = await readJson(await t.request(`/api/appointments/${id}/eligible-agents?name=elsewhere`, { cookie: admin }));
    expect(elsewhere).toMatchObject({ items: [], total: 0 });
  });

  it('refuses a direct assignment of an agent commissioned elsewhere (409 naming the rule) and of one beyond the radius', async () => {
    const id = await createOrder(t, escrow, ORDER);
    const elsewhere = await post(t, `/api/appointments/${id}/assign`, admin, { agentId: agents['elsewhere-next-door'] });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body).toMatchObject({
      code: 'NOT_ELIGIBLE',
      detail: "Agent elsewhere-next-door is not commissioned in NH: only agents commissioned in the order's state can be assigned.",
    });
    const far = await post(t, `/api/appointments/${id}/assign`, admin, { agentId: agents['certified-far'] });
    expect(far.status).toBe(409);
    expect(far.body.code).toBe('NOT_ELIGIBLE');
    expect(far.body.detail).toMatch(
      /^Agent certified-far lives \d[\d,.]* mi from this signing, beyond their travel radius of 50 miles: only agents whose travel radius reaches the signing can be assigned\.$/,
    );
    expect((await offeredAgents(t, id)).size).toBe(0);
    expect((await appointmentRow(t, id)).assignedAgentId).toBeNull();

    const ok = await post(t, `/api/appointments/${id}/assign`, admin, { agentId: agents['nh-at-49-miles'] });
    expect(ok.status).toBe(200);
  });
});

describe('a Texas order and agents commissioned elsewhere (decision 048)', () => {
  // Austin, TX. Agents commissioned only in OK, LA or NM live in Austin itself, a few miles off,
  // 45 miles off and in Oklahoma City; the demo agent (Beverly Hills, CA and TX) is ~1,200 miles off.
  const AUSTIN = { ...VALID_ORDER, street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };
  const austin = placeOf(AUSTIN.zip);
  const at45 = zipAtDistance(austin, 45, ['TX']);
  const ELSEWHERE: AgentSpec[] = [
    { label: 'ok-in-austin', zip: '78701', certifiedStates: ['OK'], preferred: true },
    { label: 'la-nm-in-austin', zip: '78704', certifiedStates: ['LA', 'NM'], preferred: true },
    { label: 'ok-45-miles', zip: at45.zip, certifiedStates: ['OK', 'AR', 'LA', 'NM', 'KS'], preferred: true },
    { label: 'ok-in-oklahoma-city', zip: '73102', certifiedStates: ['OK'], preferred: true },
  ];

  let t: TestApp;
  let admin: string;
  let escrow: string;
  const elsewhere: Record<string, string> = {};
  let texan: string;
  let demoAgent: string;

  beforeAll(async () => {
    t = await createTestApp({ agentCount: 0 });
    admin = await t.signIn('admin@demo.test');
    escrow = await t.signIn('escrow@firm-a.demo.test');
    const firmId = await independentFirmId(t);
    for (const spec of ELSEWHERE) elsewhere[spec.label] = await addAgent(t, firmId, spec);
    texan = await addAgent(t, firmId, { label: 'tx-in-austin', zip: '78702', certifiedStates: ['TX'] });
    demoAgent = await userIdOf(t, 'agent@demo.test');
  });
  afterAll(() => t?.close());

  it('is never offered to an agent commissioned only elsewhere, at any distance, nor to a CA+TX agent 1,000 miles away', async () => {
    for (const preferredOnly of [false, true]) {
      const id = await createOrder(t, escrow, AUSTIN);
      const sent = await post(t, `/api/appointments/${id}/send`, admin, { preferredOnly });
      expect(sent.status).toBe(200);
      const offered = await offeredAgents(t, id);
      for (const agentId of [...Object.values(elsewhere), demoAgent]) expect(offered.has(agentId)).toBe(false);
      expect(offered).toEqual(preferredOnly ? new Set() : new Set([texan]));
    }
    expect(milesBetween(austin, placeOf('90210'))).toBeGreaterThan(1000);
  });

  it('leaves them out of the reach and of the direct-assignment list', async () => {
    const id = await createOrder(t, escrow, AUSTIN);
    expect((await readJson(await t.request(`/api/appointments/${id}/reach`, { cookie: admin }))).message).toBe(
      'This will offer the order to 1 available agent whose travel radius reaches it.',
    );
    const list = await readJson(await t.request(`/api/appointments/${id}/eligible-agents`, { cookie: admin }));
    expect(list.items.map((a: { id: string }) => a.id)).toEqual([texan]);
    // A new agent: no history, the neutral score; no credentials, no Verified mark.
    expect(list.items[0]).toMatchObject({ certifiedStates: ['TX'], completedCount: 0, score: 50, verified: false });
  });

  it('refuses a direct assignment of each of them with 409 NOT_ELIGIBLE naming the rule', async () => {
    const id = await createOrder(t, escrow, AUSTIN);
    for (const label of Object.keys(elsewhere)) {
      const res = await post(t, `/api/appointments/${id}/assign`, admin, { agentId: elsewhere[label] });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'NOT_ELIGIBLE',
        detail: `Agent ${label} is not commissioned in TX: only agents commissioned in the order's state can be assigned.`,
      });
    }
    const demo = await post(t, `/api/appointments/${id}/assign`, admin, { agentId: demoAgent });
    expect(demo.status).toBe(409);
    expect(demo.body.detail).toMatch(
      /^Jordan Taylor lives 1,?\d{3}\.\d mi from this signing, beyond their travel radius of 50 miles: only agents whose travel radius reaches the signing can be assigned\.$/,
    );
    expect(await appointmentRow(t, id)).toMatchObject({ status: 'Open', assignedAgentId: null });
  });

  it('refuses accepting or reassigning to a bidder whose TX commission was removed, and that agent’s own claim or counter', async () => {
    const id = await createOrder(t, escrow, AUSTIN);
    const otherTexan = await addAgent(t, await independentFirmId(t), {
      label: 'tx-moving-away',
      zip: '78703',
      certifiedStates: ['TX', 'OK'],
    });
    await post(t, `/api/appointments/${id}/send`, admin, {});
    const cookie = await signInAgent(t, otherTexan);
    const claimed = await post(t, `/api/appointments/${id}/claim`, cookie);
    expect(claimed.status).toBe(200);
    const bids = await readJson(await t.request(`/api/appointments/${id}/bids`, { cookie: admin }));
    expect(bids.items[0].distanceMiles).toBeCloseTo(milesBetween(austin, placeOf('78703')), 1);

    // The bidder drops TX from their profile: their bid can no longer be accepted, nor later
    // chosen to replace the agent assigned instead.
    await t.database.db
      .update(schema.agentProfiles)
      .set({ certifiedStates: ['OK'] })
      .where(eq(schema.agentProfiles.userId, otherTexan));
    const accept = await post(t, `/api/appointments/${id}/bids/${claimed.body.offer.id}/accept`, admin);
    expect(accept.status).toBe(409);
    expect(accept.body).toMatchObject({
      code: 'NOT_ELIGIBLE',
      detail: "Agent tx-moving-away is not commissioned in TX: only agents commissioned in the order's state can be assigned.",
    });
    expect(await appointmentRow(t, id)).toMatchObject({ status: 'Pending', assignedAgentId: null });
    expect((await post(t, `/api/appointments/${id}/assign`, admin, { agentId: texan })).status).toBe(200);
    const reassign = await post(t, `/api/appointments/${id}/reassign`, admin, { offerId: claimed.body.offer.id });
    expect(reassign.status).toBe(409);
    expect(reassign.body).toMatchObject({
      code: 'NOT_ELIGIBLE',
      detail: "Agent tx-moving-away is not commissioned in TX: only agents commissioned in the order's state can be assigned.",
    });
    expect((await appointmentRow(t, id)).assignedAgentId).toBe(texan);

    const second = await createOrder(t, escrow, AUSTIN);
    await t.database.db
      .update(schema.agentProfiles)
      .set({ certifiedStates: ['TX', 'OK'] })
      .where(eq(schema.agentProfiles.userId, otherTexan));
    await post(t, `/api/appointments/${second}/send`, admin, {});
    await t.database.db
      .update(schema.agentProfiles)
      .set({ certifiedStates: ['OK'] })
      .where(eq(schema.agentProfiles.userId, otherTexan));
    for (const [path, body] of [
      ['claim', undefined],
      ['counter', { bid: '$200' }],
    ] as const) {
      const res = await post(t, `/api/appointments/${second}/${path}`, cookie, body);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'NOT_ELIGIBLE',
        detail: "Your profile has no commission in TX: only agents commissioned in the order's state can take this order.",
      });
    }
    const [offer] = (await offersOf(t, second)).filter((o) => o.agentId === otherTexan);
    expect(offer).toMatchObject({ status: 'offered', bidCents: null });
    // Declining stays open to them.
    expect((await post(t, `/api/appointments/${second}/decline`, cookie)).status).toBe(200);
  });
});

/** Gives an added agent a password login (the seed's demo password) and signs in. */
async function signInAgent(t: TestApp, userId: string): Promise<string> {
  const [demoAccount] = await t.database.db
    .select({ password: schema.account.password })
    .from(schema.account)
    .innerJoin(schema.user, eq(schema.user.id, schema.account.userId))
    .where(and(eq(schema.user.email, 'agent@demo.test'), eq(schema.account.providerId, 'credential')));
  const [agent] = await t.database.db.select({ email: schema.user.email }).from(schema.user).where(eq(schema.user.id, userId));
  await t.database.db
    .insert(schema.account)
    .values({ accountId: userId, providerId: 'credential', userId, password: demoAccount!.password });
  return t.signIn(agent!.email);
}

describe('an order in Bangor, ME on the demo data', () => {
  let t: TestApp;
  /** The order the first test sends on today's rule; the second reads the seed's offers only. */
  let bangorId = '';

  beforeAll(async () => {
    // The demo data exactly as a new server seeds it (8,000+ agents), not the tests' small set.
    t = await createTestApp({ seed: false });
    await seedDemoData(t.database.db);
  }, 120_000);
  afterAll(() => t?.close());

  it('is offered to every active, approved, available agent commissioned in ME whose travel radius reaches it, and to no one else', async () => {
    const bangor = placeOf('04401');
    // Three weeks out: the seeded commissions that lapse before then, or were rejected, leave their holders out (decision 065).
    const day = addDays(credentialDay(), 21);
    const agents = await t.database.db
      .select({
        id: schema.agentProfiles.userId,
        zip: schema.agentProfiles.zip,
        certifiedStates: schema.agentProfiles.certifiedStates,
        registration: schema.agentProfiles.registrationStatus,
        account: schema.profiles.status,
        radius: schema.agentProfiles.travelRadiusMiles,
        pausedUntil: schema.agentProfiles.offersPausedUntil,
      })
      .from(schema.agentProfiles)
      .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.agentProfiles.userId));
    const active = agents.filter(
      (a) => a.account === 'active' && a.registration === 'approved' && (a.pausedUntil === null || a.pausedUntil <= new Date()),
    );
    const held = await credentialsOf(
      t.database.db,
      active.map((a) => a.id),
    );
    const certified = active.filter(
      (a) => a.certifiedStates.includes('ME') && commissionAllows((held.get(a.id) ?? []).map(credentialFacts), 'ME', day),
    );
    const withinRadius = active.filter((a) => milesBetween(bangor, placeOf(a.zip)) <= a.radius);
    const expected = new Set(certified.filter((a) => withinRadius.includes(a)).map((a) => a.id));
    // Not a vacuous match: each condition on its own leaves out someone the other admits.
    expect(expected.size).toBeGreaterThan(0);
    expect(expected.size).toBeLessThan(certified.length);
    const pendingNearby = agents.filter(
      (a) => a.registration === 'pending' && a.certifiedStates.includes('ME') && milesBetween(bangor, placeOf(a.zip)) <= a.radius,
    );

    const admin = await t.signIn('admin@demo.test');
    const escrow = await t.signIn('escrow@firm-a.demo.test');
    const id = await createOrder(t, escrow, { street: '73 Harlow St', city: 'Bangor', state: 'ME', zip: '04401', date: day });
    bangorId = id;
    const reach = await readJson(await t.request(`/api/appointments/${id}/reach`, { cookie: admin }));
    expect(reach.message).toBe(`This will offer the order to ${expected.size} available agents whose travel radius reaches it.`);
    const res = await post(t, `/api/appointments/${id}/send`, admin, {});
    expect(res.status).toBe(200);
    expect(await offeredAgents(t, id)).toEqual(expected);
    expect(res.body.message).toBe(`Offered to ${expected.size} signing agents.`);
    console.info(
      `Bangor, ME: ${expected.size} offered = ${certified.length} commissioned in ME ∩ ${withinRadius.length} within their travel radius, ` +
        `of ${active.length} active agents; ${pendingNearby.length} pending agents left out`,
    );
  }, 60_000);

  it('seeds no offer to an agent outside decision 048’s rule for its order (the seed’s history predates decision 067)', async () => {
    const rows = await t.database.db
      .select({
        state: schema.appointments.state,
        zip: schema.appointments.zip,
        status: schema.offers.status,
        agentZip: schema.agentProfiles.zip,
        certifiedStates: schema.agentProfiles.certifiedStates,
      })
      .from(schema.offers)
      .innerJoin(schema.appointments, eq(schema.appointments.id, schema.offers.appointmentId))
      .innerJoin(schema.agentProfiles, eq(schema.agentProfiles.userId, schema.offers.agentId))
      .where(bangorId ? ne(schema.offers.appointmentId, bangorId) : undefined);
    expect(rows.length).toBeGreaterThan(1000);
    const outside = rows.filter(
      (r) => !r.certifiedStates.includes(r.state) || milesBetween(placeOf(r.zip), placeOf(r.agentZip)) > OFFER_RADIUS_MILES,
    );
    expect(outside).toEqual([]);
  }, 60_000);
});

describe("the manual paths on each agent's own travel radius and availability (decision 067)", () => {
  // Concord, NH: agents commissioned in NH at known distances, each with a radius of their own.
  const ORDER = { ...VALID_ORDER, street: '107 N Main St', city: 'Concord', state: 'NH', zip: '03301' };
  const orderPlace = placeOf(ORDER.zip);
  let t: TestApp;
  let admin: string;
  let escrow: string;
  const agents: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ agentCount: 0 });
    admin = await t.signIn('admin@demo.test');
    escrow = await t.signIn('escrow@firm-a.demo.test');
    const firmId = await independentFirmId(t);
    const near = zipAtDistance(orderPlace, 10, ['NH']);
    const place = (miles: number) => zipAtDistance(orderPlace, miles, ['NH', 'MA', 'ME', 'VT']).zip;
    const specs: (AgentSpec & { radius?: number })[] = [
      { label: 'radius-100-at-60', zip: place(60), certifiedStates: ['NH'], radius: 100 },
      { label: 'radius-25-at-40', zip: place(40), certifiedStates: ['NH'], radius: 25 },
      { label: 'free-nearby', zip: near.zip, certifiedStates: ['NH'] },
      { label: 'away-that-day', zip: near.zip, certifiedStates: ['NH'] },
      { label: 'offers-paused', zip: near.zip, certifiedStates: ['NH'] },
      { label: 'busy-then', zip: near.zip, certifiedStates: ['NH'] },
    ];
    for (const spec of specs) {
      agents[spec.label] = await addAgent(t, firmId, spec);
      if (spec.radius) {
        await t.database.db
          .update(schema.agentProfiles)
          .set({ travelRadiusMiles: spec.radius })
          .where(eq(schema.agentProfiles.userId, agents[spec.label]!));
      }
    }
    await t.database.db
      .insert(schema.agentTimeOff)
      .values({ agentId: agents['away-that-day']!, startsOn: ORDER.date, endsOn: ORDER.date, note: null });
    await t.database.db
      .update(schema.agentProfiles)
      .set({ offersPausedUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(schema.agentProfiles.userId, agents['offers-paused']!));
    // Another signing of theirs at the same time: assigned before this order is sent.
    const other = await createOrder(t, escrow, { ...ORDER, fileNumber: 'OWN-OTHER' });
    expect((await post(t, `/api/appointments/${other}/assign`, admin, { agentId: agents['busy-then'] })).status).toBe(200);
  });
  afterAll(() => t?.close());

  it('Send to Notaries, the reach and the direct-assignment list take each agent’s radius and leave out the unavailable', async () => {
    const id = await createOrder(t, escrow, { ...ORDER, fileNumber: 'OWN-1' });
    const reach = await readJson(await t.request(`/api/appointments/${id}/reach`, { cookie: admin }));
    expect(reach.message).toBe('This will offer the order to 2 available agents whose travel radius reaches it.');
    const list = await readJson(await t.request(`/api/appointments/${id}/eligible-agents`, { cookie: admin }));
    expect(list.items.map((a: { id: string }) => a.id).sort()).toEqual([agents['free-nearby'], agents['radius-100-at-60']].sort());
    const sent = await post(t, `/api/appointments/${id}/send`, admin, {});
    expect(sent.body.message).toBe('Offered to 2 signing agents.');
    expect(await offeredAgents(t, id)).toEqual(new Set([agents['free-nearby'], agents['radius-100-at-60']]));
  });

  it('refuses to assign an agent the signing lies beyond, in the words of their own radius', async () => {
    const id = await createOrder(t, escrow, { ...ORDER, fileNumber: 'OWN-2' });
    const refused = await post(t, `/api/appointments/${id}/assign`, admin, { agentId: agents['radius-25-at-40'] });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('NOT_ELIGIBLE');
    expect(refused.body.detail).toMatch(
      /^Agent radius-25-at-40 lives 4\d\.\d mi from this signing, beyond their travel radius of 25 miles: only agents whose travel radius reaches the signing can be assigned\.$/,
    );
    expect((await post(t, `/api/appointments/${id}/assign`, admin, { agentId: agents['radius-100-at-60'] })).status).toBe(200);
  });
});
