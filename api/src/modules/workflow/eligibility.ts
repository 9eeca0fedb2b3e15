/**
 * Who an appointment may be offered to or assigned (decision 048, domain/src/eligibility.ts):
 * active agents with an approved registration, commissioned in the appointment's state AND
 * whose own travel radius reaches its zip (decision 067); offered, only those available for
 * the signing (not away, offers not paused, no signing within 90 minutes, under their daily
 * maximum: lib/availability-rules.ts). Used by Send to Notaries / Send to Preferred Agents
 * (preferred-only keeps the preferred among the eligible: a commission is law for them too),
 * the reach count shown before sending, the direct-assignment list, and the checks of accepting
 * a bid, direct assignment, reassignment and an agent's claim or counter. The radius uses an index first
 * (a bounding box on the coordinates for one radius; for each agent's own radius, the box around
 * it, migration 0018), then the exact great-circle distance.
 *
 * Issue 31 (decision 065): on the signing's date, a commission on file for the order's state
 * must count, and the agent must meet the order's firm's requirements. The lists use the SQL
 * twins of the domain rules (lib/credential-rules.ts); the one-agent check reads the agent's
 * credentials and asks the domain rules themselves, which name what is missing.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { commissionAllows, firmRequirementGaps, type FirmRequirements } from '@signingdesk/domain/credentials';
import { ineligibility, reachMessage, roundMiles, type Ineligibility } from '@signingdesk/domain/eligibility';
import { pageOffset, type PageQuery } from '@signingdesk/domain/pagination';
import { findVisibleAppointment } from '../../lib/access';
import { completedSigningsSql } from '../../lib/completed-signings';
import type { Actor } from '../../lib/actor';
import {
  commissionAllowsSql,
  credentialFacts,
  credentialsOf,
  firmRequirementsOf,
  meetsFirmRequirementsSql,
} from '../../lib/credential-rules';
import { availableForSql, type SigningWhen } from '../../lib/availability-rules';
import { boundingBox, greatCircleMilesSql } from '../../lib/geo';
import { escapeLike } from '../../lib/like';
import { scorecardsOf } from '../../lib/scorecard';
import { verifiedAgentIds } from '../credentials/credentials.verified';
import { agentScore, NO_HISTORY } from '@signingdesk/domain/scorecard';

const { agentProfiles: ap, profiles, user, offers } = schema;

/** Where and when the order is, and whose: its state, the coordinates of its zip (null when the zip is unknown), its date and firm. */
export interface OrderPlace {
  id: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
  /** The signing's date (YYYY-MM-DD): the day credentials must count on. */
  date: string;
  firmId: string;
}

/** Great-circle miles from the agent's stored coordinates to a point, in SQL (null without coordinates). */
export function agentMilesSql(latitude: number, longitude: number): SQL<number | null> {
  return greatCircleMilesSql({ latitude, longitude }, ap);
}

/**
 * The rule as SQL conditions on agent_profiles joined with profiles; `false` when the order
 * cannot be placed. `firm`: the order's firm's requirements (firmRequirementsOf). `radiusMiles`:
 * a radius for every agent, or 'own' for each agent's travel radius (issue 32, decision 067).
 */
export function eligibleWhere(order: OrderPlace, firm: FirmRequirements, radiusMiles: number | 'own', preferredOnly = false): SQL {
  if (order.latitude === null || order.longitude === null) return sql`false`;
  return and(
    eq(profiles.status, 'active'),
    eq(ap.registrationStatus, 'approved'),
    sql`${order.state} = any(${ap.certifiedStates})`,
    radiusMiles === 'own' ? withinOwnReachSql(order.latitude, order.longitude) : withinBoxSql(order.latitude, order.longitude, radiusMiles),
    sql`${agentMilesSql(order.latitude, order.longitude)} <= ${radiusMiles === 'own' ? ap.travelRadiusMiles : radiusMiles}`,
    preferredOnly ? eq(ap.preferred, true) : undefined,
    commissionAllowsSql(ap.userId, order.state, order.date),
    meetsFirmRequirementsSql(ap.userId, firm, order.date),
  )!;
}

/** The agents within a bounding box of `miles` around a point (the indexed coordinates), before the exact distance. */
function withinBoxSql(latitude: number, longitude: number, miles: number): SQL {
  const box = boundingBox({ latitude, longitude }, miles);
  return sql`${ap.latitude} between ${box.minLat} and ${box.maxLat} and ${ap.longitude} between ${box.minLng} and ${box.maxLng}`;
}

/**
 * The agents whose own travel radius may reach a point: the point lies in the box around their
 * radius (migration 0018's `agent_reach_box`, GiST-indexed), before the exact distance.
 */
export function withinOwnReachSql(latitude: number, longitude: number): SQL {
  const point = sql`point(${longitude}::double precision, ${latitude}::double precision)`;
  return sql`agent_reach_box(${ap.latitude}, ${ap.longitude}, ${ap.travelRadiusMiles}) @> box(${point}, ${point})`;
}

/**
 * Availability joins the rule with the agent's own radius (decision 067): a fixed radius is the
 * benchmark's measure of the old rule, which knew no availability.
 */
function availableNow(order: SigningWhen, radiusMiles: number | 'own'): SQL | undefined {
  return radiusMiles === 'own' ? availableForSql(order, new Date()) : undefined;
}

export async function eligibleAgentIds(
  db: Db | Tx,
  order: OrderPlace & SigningWhen,
  options: { radiusMiles: number | 'own'; preferredOnly: boolean },
): Promise<string[]> {
  const firm = await firmRequirementsOf(db, order.firmId);
  const rows = await db
    .select({ id: ap.userId })
    .from(ap)
    .innerJoin(profiles, eq(profiles.userId, ap.userId))
    .where(and(eligibleWhere(order, firm, options.radiusMiles, options.preferredOnly), availableNow(order, options.radiusMiles)));
  return rows.map((r) => r.id);
}

/** How many eligible agents a send would reach now (no offer yet) and how many already have it. */
export async function reachOf(db: Db | Tx, order: OrderPlace & SigningWhen, options: { preferredOnly: boolean }) {
  const firm = await firmRequirementsOf(db, order.firmId);
  const [row] = await db
    .select({
      eligible: count(),
      fresh:
        sql<number>`count(*) filter (where not exists (select 1 from ${offers} where ${offers.appointmentId} = ${order.id} and ${offers.agentId} = ${ap.userId}))`.mapWith(
          Number,
        ),
    })
    .from(ap)
    .innerJoin(profiles, eq(profiles.userId, ap.userId))
    .where(and(eligibleWhere(order, firm, 'own', options.preferredOnly), availableForSql(order, new Date())));
  const eligible = Number(row?.eligible ?? 0);
  const fresh = Number(row?.fresh ?? 0);
  return { count: fresh, alreadyOffered: eligible - fresh, firmRequirements: firmRequirementGaps([], firm, order.date).length > 0 };
}

/**
 * The direct-assignment list: the eligible agents, nearest first, optionally narrowed by a name
 * (first or last name, or the full name, from its beginning), with their distance, certified
 * states and completed signings.
 */
export async function listEligibleAgents(db: Db | Tx, order: OrderPlace & SigningWhen, query: PageQuery & { name?: string | undefined }) {
  const firm = await firmRequirementsOf(db, order.firmId);
  const conditions: SQL[] = [eligibleWhere(order, firm, 'own'), availableForSql(order, new Date())];
  const name = query.name?.trim().toLowerCase();
  if (name) {
    const prefix = `${escapeLike(name)}%`;
    conditions.push(
      sql`(lower(${ap.lastName}) like ${prefix} or lower(${ap.firstName}) like ${prefix} or lower(${ap.firstName} || ' ' || ${ap.lastName}) like ${prefix})`,
    );
  }
  const where = and(...conditions)!;
  const distance = order.latitude === null || order.longitude === null ? sql<null>`null` : agentMilesSql(order.latitude, order.longitude);
  const completed = completedSigningsSql(ap.userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: ap.userId,
        name: user.name,
        city: ap.city,
        state: ap.state,
        zip: ap.zip,
        preferred: ap.preferred,
        certifiedStates: ap.certifiedStates,
        distance,
        completedCount: completed,
      })
      .from(ap)
      .innerJoin(profiles, eq(profiles.userId, ap.userId))
      .innerJoin(user, eq(user.id, ap.userId))
      .where(where)
      .orderBy(asc(distance), asc(sql`lower(${ap.lastName})`), asc(ap.userId))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(ap).innerJoin(profiles, eq(profiles.userId, ap.userId)).where(where),
  ]);
  // The score and the mark for the page's agents only, once the nearest are chosen.
  const ids = rows.map((r) => r.id);
  const [cards, verified] = await Promise.all([scorecardsOf(db, ids), verifiedAgentIds(db, ids)]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      city: r.city,
      state: r.state,
      zip: r.zip,
      preferred: r.preferred,
      certifiedStates: r.certifiedStates,
      distanceMiles: r.distance === null ? null : roundMiles(Number(r.distance)),
      completedCount: r.completedCount,
      score: agentScore(cards.get(r.id) ?? NO_HISTORY),
      verified: verified.has(r.id),
    })),
    total: Number(total?.n ?? 0),
  };
}

/** Distances from the order to these agents, for the bid list (null where either place is unknown). */
export async function agentDistances(
  db: Db | Tx,
  order: Pick<OrderPlace, 'latitude' | 'longitude'>,
  agentIds: string[],
): Promise<Map<string, number | null>> {
  if (agentIds.length === 0 || order.latitude === null || order.longitude === null) return new Map(agentIds.map((id) => [id, null]));
  const rows = await db
    .select({ id: ap.userId, distance: agentMilesSql(order.latitude, order.longitude) })
    .from(ap)
    .where(inArray(ap.userId, agentIds));
  return new Map(rows.map((r) => [r.id, r.distance === null ? null : roundMiles(Number(r.distance))]));
}

/**
 * Whether one agent may take this order, as the domain rule says it (null when they may). Read
 * in the transition's transaction, so a commission removed a second ago counts. The agent's
 * credentials go through the domain rules on the signing's date, which name what is missing.
 */
export async function agentIneligibility(
  db: Db | Tx,
  order: OrderPlace,
  agentId: string,
  options: { radiusMiles: number | 'own'; who: 'operator' | 'agent' },
): Promise<Ineligibility | null> {
  const distance = order.latitude === null || order.longitude === null ? sql<null>`null` : agentMilesSql(order.latitude, order.longitude);
  const [agent] = await db
    .select({ name: user.name, certifiedStates: ap.certifiedStates, distance, travelRadiusMiles: ap.travelRadiusMiles })
    .from(ap)
    .innerJoin(user, eq(user.id, ap.userId))
    .where(eq(ap.userId, agentId));
  if (!agent) return null;
  const [firm, held] = [await firmRequirementsOf(db, order.firmId), await credentialsOf(db, [agentId])];
  const credentials = (held.get(agentId) ?? []).map(credentialFacts);
  return ineligibility(
    {
      name: agent.name,
      certifiedStates: agent.certifiedStates,
      distanceMiles: agent.distance === null ? null : Number(agent.distance),
      commissionAllowed: commissionAllows(credentials, order.state, order.date),
      firmGaps: firmRequirementGaps(credentials, firm, order.date),
    },
    {
      state: order.state,
      radiusMiles: options.radiusMiles === 'own' ? agent.travelRadiusMiles : options.radiusMiles,
      firmName: firm.name ?? undefined,
    },
    options.who,
  );
}

/** GET /appointments/{id}/reach: what Send to Notaries (or to Preferred Agents) would do now, in a sentence. */
export async function offerReach(db: Db, actor: Actor, appointmentId: string, options: { preferredOnly: boolean }) {
  const { appointment } = await findVisibleAppointment(db, actor, appointmentId);
  const { firmRequirements, ...reach } = await reachOf(db, appointment, options);
  const located = appointment.latitude !== null && appointment.longitude !== null;
  return {
    ...reach,
    state: appointment.state,
    preferredOnly: options.preferredOnly,
    message: reachMessage({
      ...reach,
      state: appointment.state,
      preferredOnly: options.preferredOnly,
      located,
      firmRequirements,
    }),
  };
}

/** GET /appointments/{id}/eligible-agents: the direct-assignment list. */
export async function eligibleAgentsFor(db: Db, actor: Actor, appointmentId: string, query: PageQuery & { name?: string | undefined }) {
  const { appointment } = await findVisibleAppointment(db, actor, appointmentId);
  const list = await listEligibleAgents(db, appointment, query);
  return { ...list, page: query.page, pageSize: query.pageSize, state: appointment.state };
}
