/**
 * The "keep documents on this phone" step: after the agent's assigned list was read (the
 * portal's mirror, or the files panel), deletes the kept copies that no longer qualify and,
 * when the agent turned keeping on and the phone is online, downloads the documents of the
 * qualifying appointments (keep-rules.ts) into IndexedDB (api/kept-documents.ts).
 *
 * Owns the order of the work: persistent storage is asked for first, the free room is checked
 * before each file (navigator.storage.estimate) and a full disk stops the run with a problem
 * the panel shows — never swallowed. A refusal of one file (bytes missing) is reported and the
 * others go on; a lost connection ends the run quietly (the next sync goes on). The core takes
 * its database, network sources, storage and clock as arguments, so its tests use
 * fake-indexeddb and fakes with no browser.
 */
import type { FileList } from '../../../../types/api';
import { ApiError, NetworkError } from '../../../../lib/api-client';
import type { AgentDb } from '../../../../lib/db';
import { formatBytes } from '../format-bytes';
import { planFiles, planKeeping, type KeepCandidate } from '../keep-rules';
import { readKeepPreference } from '../keep-preference';
import { publishKeepStatus, type KeepFailure, type KeepReport } from '../keep-status';
import type { DocumentBytes } from './fetch-document';
import { deleteAllKept, deleteKept, keptFileIds, listKept, putKept } from './kept-documents';

type FileItem = FileList['items'][number];

/** Where the documents come from (the appointments feature's endpoints, passed in). */
export interface KeepSources {
  listFiles(appointmentId: string): Promise<FileList>;
  download(appointmentId: string, file: Pick<FileItem, 'fileId' | 'fileName'>): Promise<DocumentBytes>;
}

export interface StorageRoom {
  /** Bytes the browser still lets the app store, or null when it does not say. */
  free(): Promise<number | null>;
  /** Asks that the browser not evict the app's storage under pressure. */
  persist(): Promise<unknown>;
}

/** Room left for the mirror and the outbox after a document is kept. */
export const HEADROOM_BYTES = 5_000_000;

export function noRoomText(fileName: string, size: number, free: number): string {
  return `There is not enough room on this phone to keep ${fileName} (${formatBytes(size)}, ${formatBytes(free)} free). Free some space on the phone; the documents are kept at the next sync.`;
}

export function quotaText(fileName: string): string {
  return `This phone ran out of room while keeping ${fileName}. Free some space on the phone; the documents are kept at the next sync.`;
}

export const STORAGE_FAILED_TEXT = 'Documents could not be kept on this phone: its storage is not available.';

export async function syncKeptDocuments(options: {
  db: AgentDb;
  userId: string;
  enabled: boolean;
  candidates: readonly KeepCandidate[];
  /** The candidates are the whole assigned list (see planKeeping). */
  complete: boolean;
  sources: KeepSources;
  room: StorageRoom;
  now: Date;
  isOnline: () => boolean;
}): Promise<KeepReport> {
  const { db, userId, enabled, candidates, complete, sources, room, now, isOnline } = options;
  const report: KeepReport = { userId, kept: 0, deleted: 0, failures: [], problem: null };
  const kept = await listKept(db, userId);

  if (!enabled) {
    await deleteAllKept(db, userId);
    report.deleted = kept.length;
    return report;
  }

  const plan = planKeeping({ candidates, complete, kept, now });
  await deleteKept(db, plan.drop);
  report.deleted += plan.drop.length;
  if (plan.keep.length === 0 || !isOnline()) return report;

  await room.persist();
  for (const appointment of plan.keep) {
    if (!isOnline()) break;
    let list: FileList;
    try {
      list = await sources.listFiles(appointment.id);
    } catch (error) {
      if (error instanceof NetworkError) break;
      // 404: the agent may no longer see the appointment (reassigned): its copies go.
      if (error instanceof ApiError && error.status === 404) {
        const gone = await keptFileIds(db, userId, appointment.id);
        await deleteKept(
          db,
          gone.map((fileId) => ({ appointmentId: appointment.id, fileId })),
        );
        report.deleted += gone.length;
      }
      continue;
    }
    const files = planFiles({ files: list.items, keptFileIds: await keptFileIds(db, userId, appointment.id) });
    await deleteKept(
      db,
      files.drop.map((fileId) => ({ appointmentId: appointment.id, fileId })),
    );
    report.deleted += files.drop.length;

    for (const fileId of files.fetch) {
      const file = list.items.find((item) => item.fileId === fileId)!;
      const free = await room.free();
      if (free !== null && free < file.sizeBytes + HEADROOM_BYTES) {
        report.problem = noRoomText(file.fileName, file.sizeBytes, Math.max(0, free));
        return report;
      }
      let bytes: DocumentBytes;
      try {
        bytes = await sources.download(appointment.id, file);
      } catch (error) {
        if (error instanceof NetworkError) return report;
        report.failures.push(failure(appointment.id, file, error instanceof ApiError ? error.message : 'The download failed.'));
        continue;
      }
      try {
        await putKept(db, {
          appointmentId: appointment.id,
          fileId,
          userId,
          date: appointment.date,
          name: file.fileName,
          type: bytes.type,
          size: bytes.size,
          data: bytes.data,
          keptAt: now.getTime(),
        });
      } catch (error) {
        if (isQuotaError(error)) {
          report.problem = quotaText(file.fileName);
          return report;
        }
        throw error;
      }
      report.kept += 1;
    }
  }
  return report;
}

function failure(appointmentId: string, file: Pick<FileItem, 'fileId' | 'fileName'>, message: string): KeepFailure {
  return { appointmentId, fileId: file.fileId, fileName: file.fileName, message };
}

/** Dexie reports a full disk as QuotaExceededError, itself or as the inner DOMException. */
export function isQuotaError(error: unknown): boolean {
  const named = (value: unknown) =>
    typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'QuotaExceededError';
  return named(error) || (typeof error === 'object' && error !== null && named((error as { inner?: unknown }).inner));
}

// ---------------------------------------------------------------------------------------------
// The page's runner: the real database, navigator.storage, the clock; one run at a time.

let queue: Promise<unknown> = Promise.resolve();

const browserRoom: StorageRoom = {
  async free() {
    if (!navigator.storage?.estimate) return null;
    const { quota, usage } = await navigator.storage.estimate();
    return quota === undefined || usage === undefined ? null : quota - usage;
  },
  async persist() {
    const { requestPersistentStorage } = await import('../../../../lib/outbox/agent-outbox');
    return requestPersistentStorage();
  },
};

/** Runs the step for this user after any run still going; publishes its report for the panel. */
export function keepDocumentsNow(options: {
  userId: string;
  candidates: readonly KeepCandidate[];
  complete: boolean;
  sources: KeepSources;
}): Promise<KeepReport> {
  const run = queue.then(async () => {
    publishKeepStatus({ running: true });
    let report: KeepReport;
    try {
      const { db } = await import('../../../../lib/db');
      report = await syncKeptDocuments({
        db,
        ...options,
        enabled: readKeepPreference(options.userId),
        room: browserRoom,
        now: new Date(),
        isOnline: () => navigator.onLine,
      });
    } catch (error) {
      console.warn('Keeping documents failed', error);
      report = {
        userId: options.userId,
        kept: 0,
        deleted: 0,
        failures: [],
        problem: isQuotaError(error) ? quotaText('the documents') : STORAGE_FAILED_TEXT,
      };
    }
    publishKeepStatus({ running: false, report });
    return report;
  });
  queue = run.catch(() => undefined);
  return run;
}
