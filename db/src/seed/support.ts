/** What the seed's parts share: US places by state, weighted picks, bulk inserts, dates in a zone. */
import zipcodes from 'zipcodes';
import type { Tx } from '../index';
import { STATE_WEIGHTS } from './data';
import type { SeedOptions, TimeZone } from './options';
import type { Random } from './random';

export interface Place {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** Both at once; when one fails, the other is waited for before the error goes on (to the rollback). */
export async function together<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

export function placesByState(): Map<string, Place[]> {
  const byState = new Map<string, Place[]>();
  for (const state of Object.keys(STATE_WEIGHTS)) {
    const list = zipcodes
      .lookupByState(state)
      .filter((z) => Number.isFinite(z.latitude) && Number.isFinite(z.longitude) && /^\d{5}$/.test(String(z.zip)))
      .map((z) => ({ zip: String(z.zip), city: z.city, state, latitude: z.latitude, longitude: z.longitude }));
    byState.set(state, list);
  }
  return byState;
}

export function weightedPick(random: Random, weights: Record<string, number>): string {
  const entries = Object.entries(weights);
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let roll = random.next() * total;
  for (const [key, weight] of entries) {
    roll -= weight;
    if (roll <= 0) return key;
  }
  return entries[entries.length - 1]![0];
}

export async function insertChunked<T extends Record<string, unknown>>(tx: Tx, table: Parameters<Tx['insert']>[0], rows: T[], size = 1000) {
  for (let i = 0; i < rows.length; i += size) {
    await tx.insert(table).values(rows.slice(i, i + size) as never);
  }
}

export function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    map.set(k, [...(map.get(k) ?? []), item]);
  }
  return map;
}

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return isoDate(new Date(Date.UTC(y, m - 1, d + days)));
}

/**
 * The calendar date in `zone` at an instant, found with the domain's `instantOf` alone (the
 * zone table stays in one place): the latest neighbouring date whose local midnight has begun.
 */
export function localDate(instantOf: SeedOptions['instantOf'], seconds: number, zone: TimeZone): string {
  const utcDay = isoDate(new Date(seconds * 1000));
  let date = addDays(utcDay, -1);
  for (const candidate of [utcDay, addDays(utcDay, 1)]) {
    if (instantOf(candidate, '00:00', zone) <= seconds) date = candidate;
  }
  return date;
}

/** Today's date in each zone at `now`, worked out once per zone. */
export function todayIn(instantOf: SeedOptions['instantOf'], now: Date): (zone: TimeZone) => string {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const dates = new Map<TimeZone, string>();
  return (zone) => {
    if (!dates.has(zone)) dates.set(zone, localDate(instantOf, nowSeconds, zone));
    return dates.get(zone)!;
  };
}
