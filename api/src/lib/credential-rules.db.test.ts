/**
 * The credential rules are one rule in two languages (decision 065): the SQL that filters many
 * agents at once (credential-rules.ts) and domain/src/credentials.ts, which the one-agent checks
 * and the audit export use. Seeded random credential sets, days and firm requirements: both must
 * pick the same agents.
 */
import { schema } from '@signingdesk/db';
import { createTestDatabase, type TestDatabase } from '@signingdesk/db/testing';
import {
  addDays,
  agentVerified,
  commissionAllows,
  CREDENTIAL_KINDS,
  CREDENTIAL_DAY_ZONE,
  firmRequirementGaps,
  type FirmRequirements,
  VERIFIED_REQUIRED_KINDS,
} from '@signingdesk/domain/credentials';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentVerifiedSql, commissionAllowsSql, credentialFacts, credentialsOf, meetsFirmRequirementsSql } from './credential-rules';

/** mulberry32: every run checks the same cases. */
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

const AGENTS = 120;
const BASE_DAY = '2026-06-15';
const STATES = ['TX', 'CA'];
const DAYS = [
  addDays(BASE_DAY, -200),
  addDays(BASE_DAY, -30),
  BASE_DAY,
  addDays(BASE_DAY, 1),
  addDays(BASE_DAY, 45),
  addDays(BASE_DAY, 400),
];
const FIRMS: FirmRequirements[] = [
  { minEoCoverageCents: null, maxBackgroundCheckAgeDays: null, nnaRequired: false },
  { minEoCoverageCents: 100_000_000, maxBackgroundCheckAgeDays: null, nnaRequired: false },
  { minEoCoverageCents: null, maxBackgroundCheckAgeDays: 365, nnaRequired: false },
  { minEoCoverageCents: null, maxBackgroundCheckAgeDays: null, nnaRequired: true },
  { minEoCoverageCents: 50_000_000, maxBackgroundCheckAgeDays: 180, nnaRequired: true },
];

/** A wall-clock time in CREDENTIAL_DAY_ZONE near midnight, so the day a credential was sent is decided by the zone. */
function sentAt(day: string, lateEvening: boolean): Date {
  // Standard time (UTC-6) in the winter days used: 23:30 there is the next day in UTC.
  expect(CREDENTIAL_DAY_ZONE).toBe('America/Chicago');
  return new Date(`${day}T${lateEvening ? '23:30' : '00:30'}:00-06:00`);
}

describe('credentials: the SQL and the domain rules are one rule', () => {
  let database: TestDatabase;
  const agentIds: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const random = seededRandom(31);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const day = () => addDays(BASE_DAY, Math.floor(random() * 900) - 450);
    for (let i = 0; i < AGENTS; i++) {
      const [user] = await database.db
        .insert(schema.user)
        .values({ name: `Agent ${i}`, email: `agent-${i}@rules.test`, role: 'notary' })
        .returning({ id: schema.user.id });
      agentIds.push(user!.id);
      const count = Math.floor(random() * 6);
      for (let j = 0; j < count; j++) {
        const kind = pick(CREDENTIAL_KINDS);
        const review = pick(['pending', 'verified', 'verified', 'rejected'] as const);
        const stateBound = kind === 'commission' || kind === 'surety_bond';
        // Rows of the same kind and state: the older ones stamped replaced (a renewal), as the model keeps them.
        await database.db
          .update(schema.agentCredentials)
          .set({ replacedAt: new Date() })
          .where(
            sql`${schema.agentCredentials.agentId} = ${user!.id} and ${schema.agentCredentials.kind} = ${kind} and ${schema.agentCredentials.replacedAt} is null`,
          );
        await database.db.insert(schema.agentCredentials).values({
          agentId: user!.id,
          kind,
          state: stateBound ? pick(STATES) : null,
          review,
          rejectReason: review === 'rejected' ? 'Unreadable photo' : null,
          coverageCents: kind === 'eo_insurance' ? pick([null, 25_000_000, 50_000_000, 100_000_000, 200_000_000]) : null,
          issuedOn: random() < 0.8 ? day() : null,
          expiresOn: random() < 0.75 ? day() : null,
          createdAt: sentAt(day(), random() < 0.5),
        });
      }
    }
  });
  afterAll(() => database?.close());

  it(`agree on ${AGENTS} agents × ${DAYS.length} days × ${STATES.length} states × ${FIRMS.length} firms`, async () => {
    const held = await credentialsOf(database.db, agentIds);
    const agentId = sql.raw('"user"."id"');
    let checked = 0;
    let allowed = 0;
    let refused = 0;
    for (const day of DAYS) {
      for (const state of STATES) {
        for (const firm of FIRMS) {
          const rows = await database.db
            .select({ id: schema.user.id })
            .from(schema.user)
            .where(
              sql`${eq(schema.user.role, 'notary')} and ${commissionAllowsSql(agentId, state, day)} and ${meetsFirmRequirementsSql(agentId, firm, day)}`,
            );
          const bySql = new Set(rows.map((r) => r.id));
          for (const id of agentIds) {
            const credentials = (held.get(id) ?? []).map(credentialFacts);
            const byDomain = commissionAllows(credentials, state, day) && firmRequirementGaps(credentials, firm, day).length === 0;
            expect({ id, day, state, firm, eligible: bySql.has(id) }).toEqual({ id, day, state, firm, eligible: byDomain });
            checked++;
            if (byDomain) allowed++;
            else refused++;
          }
        }
      }
    }
    expect(checked).toBe(AGENTS * DAYS.length * STATES.length * FIRMS.length);
    // Both answers occur often enough for the agreement to mean something.
    expect(allowed).toBeGreaterThan(checked / 10);
    expect(refused).toBeGreaterThan(checked / 10);
  });

  it('date a credential sent late in the evening in Central by the Central calendar, in both languages', async () => {
    const [user] = await database.db
      .insert(schema.user)
      .values({ name: 'Late sender', email: 'late@rules.test', role: 'notary' })
      .returning({ id: schema.user.id });
    await database.db.insert(schema.agentCredentials).values({
      agentId: user!.id,
      kind: 'commission',
      state: 'TX',
      review: 'pending',
      expiresOn: '2027-01-01',
      createdAt: sentAt('2026-01-10', true),
    });
    const [facts] = (await credentialsOf(database.db, [user!.id])).get(user!.id)!.map(credentialFacts);
    expect(facts!.sentOn).toBe('2026-01-10');
    // Sent on January 10th: it does not count on the 9th, so the TX commission on file stops the state then.
    for (const [day, expected] of [
      ['2026-01-09', false],
      ['2026-01-10', true],
    ] as const) {
      const [row] = await database.db
        .select({ ok: sql<boolean>`${commissionAllowsSql(sql`${user!.id}::uuid`, 'TX', day)}` })
        .from(sql`(select 1) as one`);
      expect(row!.ok).toBe(expected);
      expect(commissionAllows([facts!], 'TX', day)).toBe(expected);
    }
  });

  it('give every agent the same "Verified" mark, on records that are nearly complete', async () => {
    // Each agent sends every kind the mark needs, some rejected, waiting, out of date or replaced,
    // so the mark turns on one document: the case random records above rarely reach.
    const random = seededRandom(32);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const ids: string[] = [];
    for (let i = 0; i < 80; i++) {
      const [user] = await database.db
        .insert(schema.user)
        .values({ name: `Marked ${i}`, email: `marked-${i}@rules.test`, role: 'notary' })
        .returning({ id: schema.user.id });
      ids.push(user!.id);
      const certified = pick([[], ['TX'], ['CA'], ['TX', 'CA'], ['TX', 'CA']]);
      await database.db.insert(schema.agentProfiles).values({
        userId: user!.id,
        firstName: 'Marked',
        lastName: `Agent ${i}`,
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        certifiedStates: certified,
      });
      const documents = [
        ...STATES.map((state) => ({ kind: 'commission' as const, state })),
        ...VERIFIED_REQUIRED_KINDS.map((kind) => ({ kind, state: null })),
      ];
      // Most agents have one flaw, on one document: it may or may not cost them the mark.
      const flawed = random() < 0.7 ? Math.floor(random() * documents.length) : -1;
      const flaw = pick(['missing', 'pending', 'rejected', 'expired', 'expires on the day', 'sent later', 'replaced'] as const);
      for (const [index, document] of documents.entries()) {
        const f = index === flawed ? flaw : null;
        if (f === 'missing') continue;
        const review = f === 'pending' ? 'pending' : f === 'rejected' ? 'rejected' : 'verified';
        const dated = document.kind === 'commission' || document.kind === 'eo_insurance';
        await database.db.insert(schema.agentCredentials).values({
          agentId: user!.id,
          ...document,
          review,
          rejectReason: review === 'rejected' ? 'Expired on the photo' : null,
          expiresOn: !dated
            ? null
            : f === 'expired'
              ? addDays(BASE_DAY, -10)
              : f === 'expires on the day'
                ? BASE_DAY
                : addDays(BASE_DAY, 400),
          createdAt: sentAt(addDays(BASE_DAY, f === 'sent later' ? 1 : -300), random() < 0.5),
          replacedAt: f === 'replaced' ? new Date() : null,
        });
      }
    }
    const current = await database.db
      .select()
      .from(schema.agentCredentials)
      .where(and(inArray(schema.agentCredentials.agentId, ids), isNull(schema.agentCredentials.replacedAt)));
    const profiles = await database.db.select().from(schema.agentProfiles).where(inArray(schema.agentProfiles.userId, ids));
    let marked = 0;
    for (const day of [addDays(BASE_DAY, -1), BASE_DAY, addDays(BASE_DAY, 1), addDays(BASE_DAY, 31)]) {
      const rows = await database.db
        .select({ id: schema.agentProfiles.userId })
        .from(schema.agentProfiles)
        .where(
          and(
            inArray(schema.agentProfiles.userId, ids),
            agentVerifiedSql(schema.agentProfiles.userId, schema.agentProfiles.certifiedStates, day),
          ),
        );
      const bySql = new Set(rows.map((r) => r.id));
      for (const profile of profiles) {
        const facts = current.filter((c) => c.agentId === profile.userId).map(credentialFacts);
        const byDomain = agentVerified(facts, profile.certifiedStates, day);
        expect({ id: profile.userId, day, verified: bySql.has(profile.userId) }).toEqual({ id: profile.userId, day, verified: byDomain });
        if (byDomain) marked++;
      }
    }
    // Both answers occur often enough for the agreement to mean something.
    expect(marked).toBeGreaterThan(60);
    expect(marked).toBeLessThan(260);
  });
});
