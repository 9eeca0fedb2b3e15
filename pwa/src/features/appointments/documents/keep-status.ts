/**
 * The outcome of the last "keep documents" run of this page (api/keep-documents.ts), for the
 * files panel: whether a run is going, and its report — the files that could not be kept and
 * a problem the agent must see (no room on the phone). Kept in memory: the next run, at the
 * next sync, reports again.
 */
import { useSyncExternalStore } from 'react';

export interface KeepFailure {
  appointmentId: string;
  fileId: string;
  fileName: string;
  message: string;
}

export interface KeepReport {
  userId: string;
  /** Copies stored by this run. */
  kept: number;
  /** Copies deleted by this run (completed, unassigned, date passed, file gone, keeping off). */
  deleted: number;
  failures: KeepFailure[];
  /** Shown to the agent as an alert: no room on the phone, or the phone's storage failed. */
  problem: string | null;
}

interface KeepStatus {
  running: boolean;
  report: KeepReport | null;
}

let status: KeepStatus = { running: false, report: null };
const listeners = new Set<() => void>();

export function publishKeepStatus(next: Partial<KeepStatus>): void {
  status = { ...status, ...next };
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The status for this user (another user's report is never shown). */
export function useKeepStatus(userId: string): { running: boolean; report: KeepReport | null } {
  const current = useSyncExternalStore(
    subscribe,
    () => status,
    () => status,
  );
  return { running: current.running, report: current.report?.userId === userId ? current.report : null };
}
