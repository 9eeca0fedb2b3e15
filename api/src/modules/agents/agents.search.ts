/** List Signing Agents (spec 02 §2): the agent search by name, state or radius of a zip. */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ZIP_PATTERN } from '@signingdesk/domain/appointment-rules';
import { ZIP_MESSAGE } from '@signingdesk/domain/fields';
import { pageOffset } from '@signingdesk/domain/pagination';
import { formatPhone } from '@signingdesk/domain/phone';
import { isOperator } from '@signingdesk/domain/roles';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { boundingBox, coordinatesOfZip, greatCircleMilesSql } from '../../lib/geo';
import { escapeLike } from '../../lib/like';
import { agentVerifiedSql } from '../../lib/credential-rules';
import { credentialDay } from '@signingdesk/domain/credentials';
import { agentScore, NO_HISTORY } from '@signingdesk/domain/scorecard';
import { nowSql } from '../../lib/scorecard';
import { currentScores, scoreStaleSql, storedScores, type StoredScoreRow } from '../../lib/stored-scores';
import type { AgentSearchQuery, AgentSearchRow } from './agents.schemas';

const { agentProfiles: ap, agentScores, profiles, user } = schema;

/**
 * List Signing Agents (spec 02 §2): all, by last name (or its beginning), by state (certified
 * in it), or within a radius of a zip — a bounding box on the indexed coordinates first,
 * then the exact distance, nearest first. Active approved agents only, unless an operator
 * asks for another status. Escrow roles see where an agent is and whether they are
 * preferred; operators also get their contact and registration, the Verified mark and the
 * score — worked out for the rows of the page only; sorted by score, the stored scores
 * (decision 067) of the matching agents order the list, the stale ones among them counted
 * again first.
 */
export async function searchAgents(db: Db, actor: Actor, query: AgentSearchQuery) {
  const operator = isOperator(actor.role);
  if (!operator && query.status !== 'active') {
    throw new AppError('FORBIDDEN', 'Only operators can search agents by registration status.');
  }
  if (!operator && query.verifiedOnly) throw new AppError('FORBIDDEN', 'Only operators can search agents by the Verified mark.');
  if (!operator && query.sort === 'score') throw new AppError('FORBIDDEN', 'Only operators can sort agents by score.');
  const conditions: (SQL | undefined)[] = [];
  // The operators' mark (domain/credentials.ts agentVerified), judged today in SQL.
  const verified = agentVerifiedSql(ap.userId, ap.certifiedStates, credentialDay());
  if (query.verifiedOnly) conditions.push(verified);
  switch (query.status) {
    case 'active':
      conditions.push(eq(profiles.status, 'active'), eq(ap.registrationStatus, 'approved'));
      break;
    case 'pending':
      conditions.push(eq(ap.registrationStatus, 'pending'));
      break;
    case 'disabled':
      conditions.push(eq(profiles.status, 'disabled'));
      break;
    case 'all':
      break;
  }

  let distance: SQL<number | null> | null = null;
  let center: { zip: string; latitude: number; longitude: number; radiusMiles: number } | null = null;
  switch (query.mode) {
    case 'name': {
      const lastName = query.lastName?.trim();
      if (!lastName) {
        throw new AppError('VALIDATION_FAILED', 'Last name is required for a name search.', [
          { field: 'lastName', message: 'is required for a name search' },
        ]);
      }
      conditions.push(sql`lower(${ap.lastName}) like ${`${escapeLike(lastName.toLowerCase())}%`}`);
      break;
    }
    case 'state':
      if (!query.state) {
        throw new AppError('VALIDATION_FAILED', 'State is required for a state search.', [
          { field: 'state', message: 'is required for a state search' },
        ]);
      }
      // Certified in the state: a commission is bound to its state, so a home state alone is not enough.
      conditions.push(sql`${ap.certifiedStates} @> array[${query.state}]::varchar(2)[]`);
      break;
    case 'radius': {
      const zip = query.zip?.trim();
      if (!zip) {
        throw new AppError('VALIDATION_FAILED', 'zip is required for a radius search', [
          { field: 'zip', message: 'is required for a radius search' },
        ]);
      }
      if (!ZIP_PATTERN.test(zip)) {
        throw new AppError('VALIDATION_FAILED', ZIP_MESSAGE, [{ field: 'zip', message: ZIP_MESSAGE }]);
      }
      const coordinates = coordinatesOfZip(zip);
      if (!coordinates) {
        throw new AppError('VALIDATION_FAILED', 'We could not find that zip code.', [
          { field: 'zip', message: 'is not a known US zip code' },
        ]);
      }
      const box = boundingBox(coordinates, query.radius);
      distance = greatCircleMilesSql(coordinates, ap);
      center = { zip, ...coordinates, radiusMiles: query.radius };
      conditions.push(
        sql`${ap.latitude} between ${box.minLat} and ${box.maxLat}`,
        sql`${ap.longitude} between ${box.minLng} and ${box.maxLng}`,
        sql`${distance} <= ${query.radius}`,
      );
      break;
    }
    case 'all':
      break;
  }

  const where = and(...conditions);
  const byScore = operator && query.sort === 'score';
  if (byScore) await countStaleScores(db, where);
  const order = distance
    ? [asc(distance), asc(sql`lower(${ap.lastName})`), asc(ap.userId)]
    : [asc(sql`lower(${ap.lastName})`), asc(sql`lower(${ap.firstName})`), asc(ap.userId)];
  if (byScore) order.unshift(desc(agentScores.score));
  const page = db
    .select({
      id: ap.userId,
      name: user.name,
      firstName: ap.firstName,
      lastName: ap.lastName,
      city: ap.city,
      state: ap.state,
      zip: ap.zip,
      preferred: ap.preferred,
      distance: distance ?? sql<number | null>`null`,
      email: user.email,
      phone: profiles.phone,
      certifiedStates: ap.certifiedStates,
      registrationStatus: ap.registrationStatus,
      status: profiles.status,
    })
    .from(ap)
    .innerJoin(profiles, eq(profiles.userId, ap.userId))
    .innerJoin(user, eq(user.id, ap.userId))
    .$dynamic();
  const [rows, [total]] = await Promise.all([
    (byScore ? page.innerJoin(agentScores, eq(agentScores.agentId, ap.userId)) : page)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(ap).innerJoin(profiles, eq(profiles.userId, ap.userId)).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const [verifiedIds, scores] = operator
    ? await Promise.all([verifiedAmong(db, ids, verified), storedScores(db, ids)])
    : [new Set<string>(), new Map()];

  const items = rows.map((r): AgentSearchRow => {
    const row: AgentSearchRow = {
      id: r.id,
      name: r.name,
      firstName: r.firstName,
      lastName: r.lastName,
      city: r.city,
      state: r.state,
      zip: r.zip,
      preferred: r.preferred,
      distanceMiles: r.distance === null ? null : Math.round(Number(r.distance) * 10) / 10,
    };
    if (!operator) return row;
    return {
      ...row,
      email: r.email,
      phone: r.phone ? formatPhone(r.phone) : null,
      certifiedStates: r.certifiedStates,
      registrationStatus: r.registrationStatus,
      status: r.status,
      verified: verifiedIds.has(r.id),
      score: scores.get(r.id)?.score ?? agentScore(NO_HISTORY),
    };
  });
  return { items, page: query.page, pageSize: query.pageSize, total: Number(total?.n ?? 0), center };
}

/** Which of these agents carry the Verified mark (`verified`, judged in SQL). */
async function verifiedAmong(db: Db, ids: readonly string[], verified: SQL<boolean>): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: ap.userId })
    .from(ap)
    .where(and(inArray(ap.userId, [...ids]), verified));
  return new Set(rows.map((r) => r.id));
}

/** Count again the stale stored scores among the agents the search matches, so the order by score is current. */
async function countStaleScores(db: Db, where: SQL | undefined): Promise<void> {
  const stale = await db
    .select({
      agentId: agentScores.agentId,
      score: agentScores.score,
      completed: agentScores.completed,
      version: agentScores.version,
      stale: sql<boolean>`true`,
    })
    .from(ap)
    .innerJoin(profiles, eq(profiles.userId, ap.userId))
    .innerJoin(agentScores, eq(agentScores.agentId, ap.userId))
    .where(and(where, scoreStaleSql('agent_scores', nowSql(undefined))));
  await currentScores(db, stale satisfies StoredScoreRow[]);
}
