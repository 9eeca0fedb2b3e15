/**
 * Zip codes → coordinates and distances (the `zipcodes` data set, loaded once on first use),
 * and the bounding box that prefilters radius searches in SQL before the exact distance.
 */
import zipcodes from 'zipcodes';
import { milesBetween } from '@signingdesk/domain/eligibility';

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

/** Great-circle distance in miles (the domain's one definition). */
export const distanceMiles = milesBetween;
