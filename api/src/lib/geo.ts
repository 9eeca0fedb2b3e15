/**
 * Zip codes → coordinates and distances (the `zipcodes` data set, loaded once on first use),
 * and the bounding box that prefilters radius searches in SQL before the exact distance.
 *
 * Distance is one rule in two languages: `distanceMiles` in JavaScript (domain's `milesBetween`,
 * which the seed also uses) and `greatCircleMilesSql` in SQL — the same haversine formula, the same
 * Earth radius (3958.8 mi), both clamped. Every distance the API computes is one of these two;
 * geo.db.test.ts checks that they agree.
 */
import zipcodes from 'zipcodes';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { EARTH_RADIUS_MILES, milesBetween } from '@signingdesk/domain/eligibility';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export function coordinatesOfZip(zip: string): Coordinates | null {
  const place = zipcodes.lookup(zip);
  if (!place || !Number.isFinite(place.latitude) || !Number.isFinite(place.longitude)) return null;
  return { latitude: place.latitude, longitude: place.longitude };
}

const MILES_PER_DEGREE_LATITUDE = 69.0;

export function boundingBox(center: Coordinates, miles: number) {
  const dLat = miles / MILES_PER_DEGREE_LATITUDE;
  const cos = Math.max(Math.cos((center.latitude * Math.PI) / 180), 0.01);
  const dLng = miles / (MILES_PER_DEGREE_LATITUDE * cos);
  return {
    minLat: center.latitude - dLat,
    maxLat: center.latitude + dLat,
    minLng: center.longitude - dLng,
    maxLng: center.longitude + dLng,
  };
}

/** Great-circle distance in miles (the domain's one definition; `greatCircleMilesSql` is its SQL twin). */
export const distanceMiles = milesBetween;

/** A point in SQL: columns or expressions, or numbers sent as double precision parameters. */
export interface SqlPoint {
  latitude: SQLWrapper | number;
  longitude: SQLWrapper | number;
}

const degrees = (value: SQLWrapper | number) => (typeof value === 'number' ? sql`${value}::double precision` : value);

/**
 * Great-circle miles between two points in SQL: `distanceMiles` written for the database
 * (null when a coordinate is null). Callers prefilter with `boundingBox` so an index narrows
 * the rows before this runs.
 */
export function greatCircleMilesSql(from: SqlPoint, to: SqlPoint): SQL<number | null> {
  const [lat1, lng1, lat2, lng2] = [from.latitude, from.longitude, to.latitude, to.longitude].map(degrees);
  return sql<number | null>`(${sql.raw(String(EARTH_RADIUS_MILES))} * 2 * asin(least(1, sqrt(
    power(sin(radians(${lat2} - ${lat1}) / 2), 2)
    + cos(radians(${lat1})) * cos(radians(${lat2}))
      * power(sin(radians(${lng2} - ${lng1}) / 2), 2)))))`;
}
