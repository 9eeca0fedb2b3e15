import { rowsOf } from '@signingdesk/db';
import { createTestDatabase, type TestDatabase } from '@signingdesk/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARTH_RADIUS_MILES } from '@signingdesk/domain/eligibility';
import { distanceMiles, greatCircleMilesSql, type Coordinates } from './geo';

/** mulberry32: a small seeded generator, so every run checks the same pairs. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PAIRS = 1_000;

/** Points over the US (Alaska and Hawaii included), pairs near-identical, nearby, far apart and nearly antipodal. */
function randomPairs(count: number): [Coordinates, Coordinates][] {
  const random = seededRandom(29);
  const between = (min: number, max: number) => min + random() * (max - min);
  const inUs = (): Coordinates => {
    const region = random();
    if (region < 0.85) return { latitude: between(24.5, 49.4), longitude: between(-124.8, -66.9) };
    if (region < 0.95) return { latitude: between(51.2, 71.4), longitude: between(-179.1, -129.9) };
    return { latitude: between(18.9, 22.2), longitude: between(-160.3, -154.8) };
  };
  const pairs: [Coordinates, Coordinates][] = [];
  for (let i = 0; i < count; i++) {
    const a = inUs();
    const kind = i % 4;
    if (kind === 0) {
      // Near-identical: up to about a hundred feet apart, and sometimes the very same point.
      const d = i % 20 === 0 ? 0 : 0.0005;
      pairs.push([a, { latitude: a.latitude + between(-d, d), longitude: a.longitude + between(-d, d) }]);
    } else if (kind === 1) {
      pairs.push([a, inUs()]);
    } else if (kind === 2) {
      // Nearly antipodal: the other side of the Earth, give or take a little.
      const antipode = { latitude: -a.latitude, longitude: a.longitude > 0 ? a.longitude - 180 : a.longitude + 180 };
      pairs.push([a, { latitude: antipode.latitude + between(-0.01, 0.01), longitude: antipode.longitude + between(-0.01, 0.01) }]);
    } else {
      // Within an offer radius or two.
      pairs.push([a, { latitude: a.latitude + between(-1.5, 1.5), longitude: a.longitude + between(-1.5, 1.5) }]);
    }
  }
  return pairs;
}

describe('distance: the SQL and the JavaScript are one rule', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it(`agree within 0.01 mi on ${PAIRS} seeded random pairs over the US, from identical to antipodal`, async () => {
    const pairs = randomPairs(PAIRS);
    const column = (pick: (pair: [Coordinates, Coordinates]) => number) => sql`${`{${pairs.map(pick).join(',')}}`}::double precision[]`;
    const p = {
      from: { latitude: sql.raw('p.lat1'), longitude: sql.raw('p.lng1') },
      to: { latitude: sql.raw('p.lat2'), longitude: sql.raw('p.lng2') },
    };
    const result = await database.db.execute(sql`
      select p.n::int as n, ${greatCircleMilesSql(p.from, p.to)} as miles
      from unnest(${column(([a]) => a.latitude)}, ${column(([a]) => a.longitude)},
                  ${column(([, b]) => b.latitude)}, ${column(([, b]) => b.longitude)})
        with ordinality as p(lat1, lng1, lat2, lng2, n)
      order by p.n`);
    const rows = rowsOf<{ n: number; miles: number }>(result);
    expect(rows).toHaveLength(PAIRS);

    const worst = { difference: 0, pair: -1 };
    for (const row of rows) {
      const [a, b] = pairs[Number(row.n) - 1]!;
      const difference = Math.abs(Number(row.miles) - distanceMiles(a, b));
      if (difference > worst.difference) Object.assign(worst, { difference, pair: Number(row.n) - 1 });
    }
    expect(worst.difference, `pair ${worst.pair}: ${JSON.stringify(pairs[worst.pair])}`).toBeLessThan(0.01);

    // The pairs really span the range: the same point, a few feet, and half the Earth's circumference.
    const miles = pairs.map(([a, b]) => distanceMiles(a, b));
    expect(Math.min(...miles)).toBe(0);
    expect(miles.some((m) => m > 0 && m < 0.05)).toBe(true);
    expect(Math.max(...miles)).toBeGreaterThan(12_400);
  });
});

/** The point `miles` from `from` on the initial `bearing` (degrees from north), on the same sphere as `distanceMiles`. */
function destination(from: Coordinates, bearing: number, miles: number): Coordinates {
  const rad = Math.PI / 180;
  const d = miles / EARTH_RADIUS_MILES;
  const [φ1, λ1, θ] = [from.latitude * rad, from.longitude * rad, bearing * rad];
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 = λ1 + Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return { latitude: φ2 / rad, longitude: λ2 / rad };
}

describe("the box around an agent's travel radius (migration 0018's agent_reach_box)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('holds every point within the radius, from Hawaii to northern Alaska, and not one 10% beyond it north or south', async () => {
    const random = seededRandom(67);
    const cases: { agent: Coordinates; radius: number; point: Coordinates; inside: boolean }[] = [];
    for (let i = 0; i < 400; i++) {
      const latitude = i % 4 === 0 ? 60 + random() * 11.4 : i % 4 === 1 ? 18.9 + random() * 3.3 : 24.5 + random() * 24.9;
      const agent = { latitude, longitude: -160 + random() * 93 };
      const radius = 10 + Math.floor(random() * 241);
      // Every compass point, the east and west extremes included, just inside the radius.
      for (const bearing of [0, 45, 80, 90, 100, 135, 180, 225, 260, 270, 280, 315]) {
        cases.push({ agent, radius, point: destination(agent, bearing, radius * 0.999), inside: true });
      }
      cases.push({ agent, radius, point: destination(agent, 0, radius * 1.1), inside: false });
      cases.push({ agent, radius, point: destination(agent, 180, radius * 1.1), inside: false });
    }
    for (const c of cases.filter((c) => c.inside)) expect(distanceMiles(c.agent, c.point)).toBeLessThanOrEqual(c.radius);
    const column = (pick: (c: (typeof cases)[number]) => number) => sql`${`{${cases.map(pick).join(',')}}`}::double precision[]`;
    const rows = rowsOf<{ n: number; within: boolean }>(
      await database.db.execute(sql`
        select c.n::int as n, agent_reach_box(c.lat, c.lng, c.radius::int) @> box(point(c.plng, c.plat), point(c.plng, c.plat)) as within
        from unnest(${column((c) => c.agent.latitude)}, ${column((c) => c.agent.longitude)}, ${column((c) => c.radius)},
                    ${column((c) => c.point.latitude)}, ${column((c) => c.point.longitude)})
          with ordinality as c(lat, lng, radius, plat, plng, n)`),
    );
    expect(rows).toHaveLength(cases.length);
    const wrong = rows.filter((r) => r.within !== cases[r.n - 1]!.inside).map((r) => cases[r.n - 1]);
    expect(wrong, JSON.stringify(wrong.slice(0, 3))).toEqual([]);
  });
});
