/**
 * The confirmation with the signer that the assigned signings' details kept on the phone hold
 * (mirror-appointments.ts copies every assigned one), with when each copy was synced: the list
 * says it too, and the card reads the newer of the two (assignment-on-phone.ts). Live: read again
 * when a copy changes. An id whose detail the phone does not hold, or holds from before signing
 * day, is left out: the list's word then stands.
 */
import { useLiveDb } from '../../../lib/use-live-db';
import type { KeptConfirmation } from '../assignment-on-phone';

export function useSignerConfirmations(userId: string, ids: readonly string[]): ReadonlyMap<string, KeptConfirmation> | undefined {
  const key = [...ids].sort().join(',');
  return useLiveDb(
    async (db) => {
      const known = new Map<string, KeptConfirmation>();
      if (ids.length === 0) return known;
      for (const row of await db.appointments.bulkGet([...ids])) {
        if (row?.userId !== userId || row.view.view !== 'agent' || row.view.confirmation === undefined) continue;
        known.set(row.id, { result: row.view.confirmation?.result ?? null, syncedAt: row.syncedAt });
      }
      return known;
    },
    [userId, key],
  );
}
