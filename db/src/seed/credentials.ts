/**
 * Demo credentials (issue 31): every seeded agent gets a record — most fully verified, some
 * expiring within 30 days, some expired, some waiting for review, a few rejected — so the
 * agent app, the Verified mark, the dashboard counts and the reminders have something to show.
 * The demo agent (agent@demo.test) is verified, its E&O insurance expires in 12 days (a reminder
 * and the "Expires in 12 days" state to show, without taking it off any order: no demo firm
 * requires E&O), and it holds no TX commission yet (the journey adds it). Deterministic: its own seeded PRNG, so
 * the rest of the demo data is unchanged.
 */
import { addDays, credentialDay, daysBetween, REMINDER_DAYS, reminderStep } from '@signingdesk/domain/credentials';
import { and, between, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../index';
import * as schema from '../schema/index';
import type { Agents } from './agents';
import type { Accounts } from './people';
import { createRandom, type Random } from './random';
import { insertChunked } from './support';

type CredentialRow = typeof schema.agentCredentials.$inferInsert;

const CARRIERS = ['NNA Insurance Services', 'Merchants Bonding', 'Western Surety', 'Notary Public Underwriters'];
const CHECKERS = ['Sterling', 'First Advantage', 'HireRight', 'Checkr'];
const DAY_MS = 86_400_000;

/** How an agent's record stands: the share of agents in each, in order. */
const PROFILES = [
  ['verified', 0.7],
  ['expiring', 0.1],
  ['expired', 0.07],
  ['waiting', 0.1],
  ['rejected', 0.03],
] as const;
type Standing = (typeof PROFILES)[number][0];

function standingOf(random: Random): Standing {
  let roll = random.next();
  for (const [standing, share] of PROFILES) {
    if (roll < share) return standing;
    roll -= share;
  }
  return 'verified';
}

export async function insertCredentials(tx: Tx, agents: Agents, accounts: Accounts, now: Date): Promise<number> {
  const random = createRandom(20261127);
  const today = credentialDay(now);
  const reviewer = accounts.admin.id;
  const rows: CredentialRow[] = [];

  const record = (agentId: string, name: string, states: readonly string[], standing: Standing) => {
    const sentDaysAgo = random.int(20, 600);
    const base = (): Partial<CredentialRow> => ({
      agentId,
      review: 'verified',
      reviewedBy: reviewer,
      reviewedAt: new Date(now.getTime() - (sentDaysAgo - 2) * DAY_MS),
      createdAt: new Date(now.getTime() - sentDaysAgo * DAY_MS),
    });
    const own: CredentialRow[] = [
      ...states.map((state): CredentialRow => ({
        ...base(),
        agentId,
        kind: 'commission',
        state,
        number: `${state}-${random.int(100000, 999999)}`,
        nameOnDocument: name,
        expiresOn: addDays(today, random.int(60, 1400)),
      })),
      {
        ...base(),
        agentId,
        kind: 'eo_insurance',
        provider: random.pick(CARRIERS),
        coverageCents: random.pick([2_500_000, 5_000_000, 10_000_000]),
        expiresOn: addDays(today, random.int(45, 360)),
      },
      { ...base(), agentId, kind: 'background_check', provider: random.pick(CHECKERS), issuedOn: addDays(today, -random.int(15, 330)) },
      { ...base(), agentId, kind: 'w9', issuedOn: addDays(today, -sentDaysAgo) },
    ];
    if (random.chance(0.5))
      own.push({
        ...base(),
        agentId,
        kind: 'nna_certification',
        issuedOn: addDays(today, -random.int(30, 700)),
        expiresOn: addDays(today, random.int(60, 700)),
      });
    // The one credential the standing is about: a commission or the E&O.
    const target = own[random.int(0, states.length)]!;
    switch (standing) {
      case 'expiring':
        target.expiresOn = addDays(today, random.int(1, 30));
        break;
      case 'expired':
        target.expiresOn = addDays(today, -random.int(1, 60));
        break;
      case 'waiting':
        Object.assign(target, {
          review: 'pending',
          reviewedBy: null,
          reviewedAt: null,
          createdAt: new Date(now.getTime() - random.int(0, 6) * DAY_MS),
        });
        break;
      case 'rejected':
        Object.assign(target, { review: 'rejected', rejectReason: 'The photo is unreadable; please send a clearer one.' });
        break;
      case 'verified':
        break;
    }
    rows.push(...own);
  };

  for (const agent of agents.all) {
    if (agent.id === agents.demoAgent.id) continue;
    record(agent.id, agent.name, agent.certifiedStates, agent.active ? standingOf(random) : 'waiting');
  }
  // The demo agent: verified, the E&O insurance expiring in 12 days, no TX commission yet.
  const demo = agents.demoAgent;
  const before = rows.length;
  record(demo.id, demo.name, ['CA'], 'verified');
  const demoInsurance = rows.slice(before).find((r) => r.kind === 'eo_insurance')!;
  demoInsurance.expiresOn = addDays(today, 12);
  // Its commissions run a full term (about four years), past the far-off dates tests and journeys book.
  for (const row of rows.slice(before)) if (row.kind === 'commission') row.expiresOn = addDays(today, 1500);

  await insertChunked(tx, schema.agentCredentials, rows);
  await recordRemindersAlreadySent(tx, today, now);
  return rows.length;
}

/**
 * The demo's history includes the reminders its expiring credentials have had so far (each
 * one's current step, `reminderStep`), as if the daily sweep had run all along: a new server's
 * first sweep then sends only what falls due from now on, rather than hundreds of reminders at
 * once ahead of the day's order notices.
 */
async function recordRemindersAlreadySent(tx: Tx, today: string, now: Date): Promise<void> {
  const ac = schema.agentCredentials;
  const due = await tx
    .select({ id: ac.id, expiresOn: ac.expiresOn })
    .from(ac)
    .where(and(isNull(ac.replacedAt), ne(ac.review, 'rejected'), between(ac.expiresOn, today, addDays(today, REMINDER_DAYS[0]))));
  const sent = due.flatMap(({ id, expiresOn }) => {
    const step = reminderStep(daysBetween(today, expiresOn!));
    return step === null ? [] : [{ credentialId: id, daysBefore: step, sentAt: now }];
  });
  await insertChunked(tx, schema.credentialReminders, sent);
}
