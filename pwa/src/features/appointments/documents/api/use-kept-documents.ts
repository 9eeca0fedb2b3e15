/**
 * React views of the documents kept on the phone, live (Dexie re-runs them when a copy is
 * added or deleted, in any tab), and the one read of a kept copy's bytes.
 */
import { useLiveDb } from '../../../../lib/use-live-db';
import type { KeptDocumentRow } from '../../../../lib/db';
import { keptFileIds, keptSummary, readKept, type KeptSummary } from './kept-documents';

const loadDb = () => import('../../../../lib/db').then((module) => module.db);

/** The ids of this appointment's files kept for this user (undefined while loading). */
export function useKeptFileIds(userId: string, appointmentId: string): ReadonlySet<string> | undefined {
  return useLiveDb(async (db) => new Set(await keptFileIds(db, userId, appointmentId)), [userId, appointmentId]);
}

export function useKeptSummary(userId: string): KeptSummary | undefined {
  return useLiveDb((db) => keptSummary(db, userId), [userId]);
}

export async function loadKeptDocument(userId: string, appointmentId: string, fileId: string): Promise<KeptDocumentRow | undefined> {
  return readKept(await loadDb(), userId, appointmentId, fileId);
}
