/**
 * The availability facts automatic dispatch (issue 32) filters and ranks agents by, read in one
 * pass for many agents. Read-only; eligibility does not use it yet.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, gte, inArray, lte } from 'drizzle-orm';
import { offersPaused } from '@signingdesk/domain/availability';

const { agentProfiles: ap, agentTimeOff } = schema;

export interface AgentAvailability {
  agentId: string;
  travelRadiusMiles: number;
  /** null: no limit. */
  maxSigningsPerDay: number | null;
  /** Offers paused at `now`. */
  paused: boolean;
  /** Out of office on `day`. */
  away: boolean;
}

/**
 * Each agent's availability on `day` (YYYY-MM-DD, the signing's date) at `now`. Agents with no
 * profile are left out of the map.
 */
export async function availabilityOf(
  db: Db | Tx,
  agentIds: readonly string[],
  day: string,
  now: Date = new Date(),
): Promise<Map<string, AgentAvailability>> {
  const result = new Map<string, AgentAvailability>();
  if (agentIds.length === 0) return result;
  const ids = [...new Set(agentIds)];
  const rows = await db
    .select({
      agentId: ap.userId,
      travelRadiusMiles: ap.travelRadiusMiles,
      maxSigningsPerDay: ap.maxSigningsPerDay,
      offersPausedUntil: ap.offersPausedUntil,
    })
    .from(ap)
    .where(inArray(ap.userId, ids));
  const away = await db
    .selectDistinct({ agentId: agentTimeOff.agentId })
    .from(agentTimeOff)
    .where(and(inArray(agentTimeOff.agentId, ids), lte(agentTimeOff.startsOn, day), gte(agentTimeOff.endsOn, day)));
  const awayIds = new Set(away.map((r) => r.agentId));
  for (const row of rows) {
    result.set(row.agentId, {
      agentId: row.agentId,
      travelRadiusMiles: row.travelRadiusMiles,
      maxSigningsPerDay: row.maxSigningsPerDay,
      paused: offersPaused(row.offersPausedUntil, now),
      away: awayIds.has(row.agentId),
    });
  }
  return result;
}
