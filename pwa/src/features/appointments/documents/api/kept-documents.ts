/**
 * The documents kept on the phone: table `keptDocuments` of the app's IndexedDB (lib/db.ts),
 * one row per appointment and file with the user id, the bytes as ArrayBuffer + MIME type.
 *
 * Lists, counts and sizes are read from index keys only (a key cursor never loads the
 * bytes), so the files panel can follow them live; the bytes are read only to open one
 * document. Every read filters by user: another user's copy on the same device is never
 * shown or opened.
 */
import type { AgentDb, KeptDocumentRow } from '../../../../lib/db';
import type { KeptKey } from '../keep-rules';

export interface KeptSummary {
  count: number;
  bytes: number;
}

/** The user's kept copies (appointment, file, date), without their bytes. */
export async function listKept(db: AgentDb, userId: string): Promise<KeptKey[]> {
  const found: KeptKey[] = [];
  await db.keptDocuments
    .where('[userId+date]')
    .between([userId, ''], [userId, '\uffff'])
    .eachKey((key, cursor) => {
      const [appointmentId, fileId] = cursor.primaryKey as [string, string];
      found.push({ appointmentId, fileId, date: (key as [string, string])[1] });
    });
  return found;
}

/** The file ids of one appointment kept for this user. */
export async function keptFileIds(db: AgentDb, userId: string, appointmentId: string): Promise<string[]> {
  const keys = await db.keptDocuments.where('[userId+appointmentId]').equals([userId, appointmentId]).primaryKeys();
  return keys.map(([, fileId]) => fileId);
}

/** How many documents the user keeps on this phone, and how many bytes they take. */
export async function keptSummary(db: AgentDb, userId: string): Promise<KeptSummary> {
  const summary: KeptSummary = { count: 0, bytes: 0 };
  await db.keptDocuments
    .where('[userId+size]')
    .between([userId, 0], [userId, Infinity], true, true)
    .eachKey((key) => {
      summary.count += 1;
      summary.bytes += (key as [string, number])[1];
    });
  return summary;
}

/** One kept document with its bytes, or undefined when this user has no copy of it. */
export async function readKept(db: AgentDb, userId: string, appointmentId: string, fileId: string): Promise<KeptDocumentRow | undefined> {
  const row = await db.keptDocuments.get([appointmentId, fileId]);
  return row && row.userId === userId ? row : undefined;
}

/** Stores a copy. A full disk rejects with Dexie's QuotaExceededError: the caller shows it. */
export async function putKept(db: AgentDb, row: KeptDocumentRow): Promise<void> {
  await db.keptDocuments.put(row);
}

export async function deleteKept(db: AgentDb, keys: readonly Pick<KeptKey, 'appointmentId' | 'fileId'>[]): Promise<void> {
  if (keys.length > 0)
    await db.keptDocuments.bulkDelete(keys.map(({ appointmentId, fileId }) => [appointmentId, fileId] as [string, string]));
}

/** Deletes every copy of this user (the agent turned keeping off). */
export async function deleteAllKept(db: AgentDb, userId: string): Promise<void> {
  await db.keptDocuments.where('userId').equals(userId).delete();
}
