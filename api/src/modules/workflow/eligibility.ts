/**
 * Who an appointment is offered to (DESIGN.md "Domain"): active agents with an approved
 * registration, certified in the appointment's state or living within the radius of its zip;
 * preferred-only sends keep the preferred agents among them. The radius uses a bounding box
 * on the indexed coordinates first, then the exact great-circle distance.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, eq, sql } from 'drizzle-orm';
import { boundingBox } from '../../lib/geo';

const { agentProfiles: ap, profiles } = schema;

export interface EligibilityOptions {
  state: string;
  latitude: number | null;
  longitude: number | null;
  radiusMiles: number;
  preferredOnly: boolean;
}

export async function eligibleAgentIds(db: Db | Tx, options: EligibilityOptions): Promise<string[]> {
  const inState = sql`${options.state} = any(${ap.certifiedStates})`;
  let nearby = sql`false`;
  if (options.latitude !== null && options.longitude !== null) {
    const box = boundingBox({ latitude: options.latitude, longitude: options.longitude }, options.radiusMiles);
    const lat = options.latitude;
    const lng = options.longitude;
    nearby = sql`(${ap.latitude} between ${box.minLat} and ${box.maxLat}
      and ${ap.longitude} between ${box.minLng} and ${box.maxLng}
      and 3958.8 * 2 * asin(sqrt(power(sin(radians(${ap.latitude} - ${lat}) / 2), 2)
        + cos(radians(${lat})) * cos(radians(${ap.latitude})) * power(sin(radians(${ap.longitude} - ${lng}) / 2), 2))) <= ${options.radiusMiles})`;
  }
  const rows = await db
    .select({ id: ap.userId })
    .from(ap)
    .innerJoin(profiles, eq(profiles.userId, ap.userId))
    .where(
      and(
        eq(profiles.status, 'active'),
        eq(ap.registrationStatus, 'approved'),
        sql`(${inState} or ${nearby})`,
        options.preferredOnly ? eq(ap.preferred, true) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}
