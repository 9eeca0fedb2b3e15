/**
 * Offers the agents may act on, for the benches that claim (`npm run load`, the live-update
 * part of `npm run bench`; decisions 048, 065, 067): the large seed's offers predate the
 * eligibility rule, so a claim on one is mostly refused ("no commission in TX", "beyond your
 * travel radius"). For Open orders in turn, the agents the product would offer the order to now
 * (eligibleAgentIds, their own radius, available) that have a session and no offer on it yet
 * get an `offered` offer, as Send to Notaries would make. The first `raceRounds` orders with two
 * such agents are kept apart for a race; the rest give each agent one order, up to `pairs`,
 * and each order to at most `perOrder` agents (default 4).
 */
// First: the domain's zod schemas the eligibility rule reaches need .openapi() (zod-openapi-first.ts).
import '../src/testing/zod-openapi-first';
import { createHmac } from 'node:crypto';
import { schema, type Db } from '@signingdesk/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { eligibleAgentIds } from '../src/modules/workflow/eligibility';

/** An agent's session token and an Open order offered to them. */
export interface ClaimableOffer {
  agentId: string;
  token: string;
  appointmentId: string;
}

export async function claimableOffers(db: Db, want: { raceRounds: number; pairs: number; perOrder?: number }) {
  const race: [ClaimableOffer, ClaimableOffer][] = [];
  const offered: ClaimableOffer[] = [];
  const used = new Set<string>();
  const orders = await db
    .select()
    .from(schema.appointments)
    .where(eq(schema.appointments.status, 'Open'))
    .orderBy(schema.appointments.id)
    .limit(4000);
  for (const order of orders) {
    if (race.length >= want.raceRounds && offered.length >= want.pairs) break;
    const eligible = await eligibleAgentIds(db, order, { radiusMiles: 'own', preferredOnly: false });
    if (eligible.length === 0) continue;
    const { session, offers } = schema;
    const candidates = (
      await db
        .selectDistinctOn([session.userId], { agentId: session.userId, token: session.token })
        .from(session)
        .where(
          and(
            inArray(session.userId, eligible),
            sql`not exists (select 1 from ${offers} where ${offers.appointmentId} = ${order.id} and ${offers.agentId} = ${session.userId})`,
          ),
        )
        .orderBy(session.userId, session.token)
    ).filter((row) => !used.has(row.agentId));
    const takeForRace = race.length < want.raceRounds && candidates.length >= 2;
    const taken = takeForRace ? candidates.slice(0, 2) : candidates.slice(0, Math.min(want.perOrder ?? 4, want.pairs - offered.length));
    if (taken.length === 0) continue;
    await db
      .insert(schema.offers)
      .values(taken.map((row) => ({ appointmentId: order.id, agentId: row.agentId, status: 'offered' as const })));
    for (const row of taken) used.add(row.agentId);
    const made = taken.map((row) => ({ ...row, appointmentId: order.id }));
    if (takeForRace) race.push([made[0]!, made[1]!]);
    else offered.push(...made);
  }
  return { race, offered };
}

/** A session cookie as better-auth writes it: `<token>.<base64 HMAC-SHA256>` with the server's secret, URL-encoded. */
export function sessionCookie(secret: string, token: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `signingdesk.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}
