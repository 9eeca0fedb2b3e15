/**
 * Who is offered an order (eligibility.ts), seen through the Send to Notaries and Send to
 * Preferred Agents routes and the offers rows they write: exclusion as well as inclusion, the
 * radius boundary, registration and account statuses, and the count an operator is told on
 * the full demo data.
 */
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import zipcodes from 'zipcodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, offersOf, post, VALID_ORDER } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemoData } from '../../seed';

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
  // An order in Portsmouth, NH, near the Maine and Massachusetts lines, so agents certified only
  // in those states can live on either side of the radius.
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
    // certified in CA and TX), so every offer of these orders is one of the agents below.
    t = await createTestApp({ agentCount: 0 });
    admin = await t.signIn('admin@demo.test');
    escrow = await t.signIn('escrow@firm-a.demo.test');
    const firmId = await independentFirmId(t);
    const specs: AgentSpec[] = [
      { label: 'certified-nearby', zip: nearby.zip, certifiedStates: ['NH'], preferred: true },
      { label: 'neither', zip: '90012', certifiedStates: ['CA', 'NV'], preferred: true },
      { label: 'at-49-miles', zip: at49.zip, certifiedStates: [at49.state], preferred: true },
      { label: 'at-51-miles', zip: at51.zip, certifiedStates: [at51.state], preferred: true },
      { label: 'certified-far', zip: '90012', certifiedStates: ['CA', 'NH'] },
      { label: 'registration-pending', zip: nearby.zip, certifiedStates: ['NH'], account: 'pending', registration: 'pending', preferred: true },
      { label: 'registration-declined', zip: nearby.zip, certifiedStates: ['NH'], account: 'disabled', registration: 'declined', preferred: true },
      { label: 'account-disabled', zip: nearby.zip, certifiedStates: ['NH'], account: 'disabled', registration: 'approved', preferred: true },
      // Each of the two columns refuses on its own, whatever the other says.
      { label: 'only-registration-pending', zip: nearby.zip, certifiedStates: ['NH'], account: 'active', registration: 'pending', preferred: true },
      { label: 'only-registration-declined', zip: nearby.zip, certifiedStates: ['NH'], account: 'active', registration: 'declined', preferred: true },
      { label: 'only-account-pending', zip: nearby.zip, certifiedStates: ['NH'], account: 'pending', registration: 'approved', preferred: true },
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
    expect(t.env.AGENT_RADIUS_MILES).toBe(50);
    expect(zipcodes.distance(ORDER.zip, at49.zip)).toBe(49);
    expect(zipcodes.distance(ORDER.zip, at51.zip)).toBe(51);
    expect(zipcodes.distance(ORDER.zip, '90012')).toBeGreaterThan(2000);
  });

  it('does not offer an active agent neither certified in the state nor within the radius', async () => {
    const { offered } = await send(false);
    expect(offered.has(agents['neither']!)).toBe(false);
    expect(offered.has(agents['certified-nearby']!)).toBe(true);
  });

  it('holds the radius: an agent certified elsewhere 49 miles away is offered, 51 miles away is not', async () => {
    const { offered } = await send(false);
    expect(offered.has(agents['at-49-miles']!)).toBe(true);
    expect(offered.has(agents['at-51-miles']!)).toBe(false);
  });

  it('offers an agent certified in the state however far away they live (certified OR nearby)', async () => {
    const { offered } = await send(false);
    expect(offered.has(agents['certified-far']!)).toBe(true);
  });

  it('excludes pending, declined and disabled agents even when certified and next door', async () => {
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
    expect(offered).toEqual(new Set([agents['certified-nearby'], agents['at-49-miles'], agents['certified-far']]));
    expect(message).toBe('Offered to 3 signing agents.');
  });

  it('Send to Preferred Agents applies the same rule, then keeps the preferred', async () => {
    // Every agent but certified-far is preferred: status, certification and radius still decide.
    const { message, offered } = await send(true);
    expect(offered).toEqual(new Set([agents['certified-nearby'], agents['at-49-miles']]));
    expect(message).toBe('Offered to 2 preferred agents.');
  });
});

describe('an order in Bangor, ME on the demo data', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The demo data exactly as a new server seeds it (8,000+ agents), not the tests' small set.
    t = await createTestApp({ seed: false });
    await seedDemoData(t.database.db);
  }, 120_000);
  afterAll(() => t?.close());

  it('is offered to every active, approved agent certified in ME or living within the radius, and to no one else', async () => {
    const radius = t.env.AGENT_RADIUS_MILES;
    const bangor = placeOf('04401');
    const agents = await t.database.db
      .select({
        id: schema.agentProfiles.userId,
        zip: schema.agentProfiles.zip,
        certifiedStates: schema.agentProfiles.certifiedStates,
        registration: schema.agentProfiles.registrationStatus,
        account: schema.profiles.status,
      })
      .from(schema.agentProfiles)
      .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.agentProfiles.userId));
    const active = agents.filter((a) => a.account === 'active' && a.registration === 'approved');
    const certified = active.filter((a) => a.certifiedStates.includes('ME'));
    const withinRadius = active.filter((a) => milesBetween(bangor, placeOf(a.zip)) <= radius);
    const expected = new Set([...certified, ...withinRadius].map((a) => a.id));
    // Not a vacuous match: the set is neither empty nor everyone. (Within 50 miles of Bangor is
    // all Maine, and every seeded agent is certified in their home state, so on this data the
    // radius adds nobody the certification has not already: the count is Maine's certified
    // agents, less the pending ones.)
    expect(certified.length).toBeGreaterThan(0);
    expect(withinRadius.length).toBeGreaterThan(0);
    expect(expected.size).toBeLessThan(active.length);
    const pendingInMaine = agents.filter((a) => a.registration === 'pending' && a.certifiedStates.includes('ME'));
    expect(pendingInMaine.length).toBeGreaterThan(0);

    const admin = await t.signIn('admin@demo.test');
    const escrow = await t.signIn('escrow@firm-a.demo.test');
    const id = await createOrder(t, escrow, { street: '73 Harlow St', city: 'Bangor', state: 'ME', zip: '04401' });
    const res = await post(t, `/api/appointments/${id}/send`, admin, {});
    expect(res.status).toBe(200);
    expect(await offeredAgents(t, id)).toEqual(expected);
    expect(res.body.message).toBe(`Offered to ${expected.size} signing agents.`);
    console.info(
      `Bangor, ME: ${expected.size} offered = ${certified.length} certified in ME ∪ ${withinRadius.length} within ${radius} miles ` +
        `(${certified.filter((a) => withinRadius.includes(a)).length} both), of ${active.length} active agents; ` +
        `${pendingInMaine.length} pending agents certified in ME left out`,
    );
  }, 60_000);
});
