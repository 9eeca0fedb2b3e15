/**
 * What the phone knows of the confirmation with the signer of each assigned signing, for the
 * cards (issue 33): the list does not carry it, the mirrored detail does (mirror-appointments.ts
 * copies every assigned one). Live: read again when a copy changes. An id whose detail the phone
 * does not hold, or holds from before signing day, is left out: its card says nothing rather
 * than "Confirm the signer" for a signing that may be confirmed.
 */
import type { ConfirmationResult } from '@signingdesk/domain/signing-day';
import { useLiveDb } from '../../../lib/use-live-db';

export function useSignerConfirmations(userId: string, ids: readonly string[]): ReadonlyMap<string, ConfirmationResult | null> | undefined {
  const key = [...ids].sort().join(',');
  return useLiveDb(
    async (db) => {
      const known = new Map<string, ConfirmationResult | null>();
      if (ids.length === 0) return known;
      for (const row of await db.appointments.bulkGet([...ids])) {
        if (row?.userId !== userId || row.view.view !== 'agent' || row.view.confirmation === undefined) continue;
        known.set(row.id, row.view.confirmation?.result ?? null);
      }
      return known;
    },
    [userId, key],
  );
}
