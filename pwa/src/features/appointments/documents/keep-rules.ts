import type { FileList } from '../../../types/api';
import type { AppointmentStatus } from '@signingdesk/domain/codes';
import { daysFromToday } from '../../../lib/calendar-days';

type FileItem = FileList['items'][number];

/**
 * Which documents are kept on the phone, and when a kept copy goes (docs/decisions/017):
 * the documents of the agent's assignments that are Scheduled, not marked completed, and dated
 * today or tomorrow by the phone's calendar. A copy goes once its appointment is completed,
 * leaves the agent's assigned list, or its date has passed, and when its file is no longer
 * listed. Pure rules: the store and the sync step apply them.
 */

/** What the rules need of an appointment: a portal list item and a detail view both fit. */
export interface KeepCandidate {
  id: string;
  status: AppointmentStatus;
  /** YYYY-MM-DD */
  date: string;
  markedCompleted: boolean;
}

/** A kept copy, as the rules see it (no bytes). */
export interface KeptKey {
  appointmentId: string;
  fileId: string;
  date: string;
}

export function qualifiesForKeeping(appointment: KeepCandidate, now: Date): boolean {
  if (appointment.status !== 'Scheduled' || appointment.markedCompleted) return false;
  const days = daysFromToday(appointment.date, now);
  return days === 0 || days === 1;
}

/** Only the escrow side's documents, and only once their upload is complete (not scan-backs, not invoices). */
export function isKeepableFile(file: Pick<FileItem, 'kind' | 'uploadConfirmed'>): boolean {
  return file.kind === 'document' && file.uploadConfirmed;
}

/**
 * Which appointments to keep documents of, and which kept copies to delete, after the agent's
 * assigned list was read. `complete` says the list is the whole assigned list (a copy whose
 * appointment is missing from it is no longer the agent's); with a partial list (one detail
 * view) only the appointments in it are judged.
 */
export function planKeeping(options: { candidates: readonly KeepCandidate[]; complete: boolean; kept: readonly KeptKey[]; now: Date }): {
  keep: KeepCandidate[];
  drop: KeptKey[];
} {
  const { candidates, complete, kept, now } = options;
  const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
  const keep = candidates.filter((candidate) => qualifiesForKeeping(candidate, now));
  const drop = kept.filter((copy) => {
    if (daysFromToday(copy.date, now) < 0) return true;
    const appointment = byId.get(copy.appointmentId);
    if (!appointment) return complete;
    return !qualifiesForKeeping(appointment, now);
  });
  return { keep, drop };
}

/** For one kept appointment: the listed documents still to download, and the copies whose file is gone. */
export function planFiles(options: {
  files: readonly Pick<FileItem, 'fileId' | 'kind' | 'uploadConfirmed'>[];
  keptFileIds: readonly string[];
}): { fetch: string[]; drop: string[] } {
  const listed = options.files.filter(isKeepableFile).map((file) => file.fileId);
  const kept = new Set(options.keptFileIds);
  return {
    fetch: listed.filter((fileId) => !kept.has(fileId)),
    drop: options.keptFileIds.filter((fileId) => !listed.includes(fileId)),
  };
}
