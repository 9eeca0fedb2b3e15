/**
 * Texts held for an agent's quiet hours (domain/src/quiet-hours.ts). Owns the quiet-hours jobs:
 * notification_jobs rows of type `text.quiet_hours`, one per held text, whose payload carries
 * the text and when it may go out (`dueAt`, 7 am in the agent's zone).
 *
 * Stage one (notification-jobs.ts) writes the job in the same transaction that records the
 * original job's text as held. The relay (worker.ts) hands it to pg-boss to start at `dueAt`,
 * as it does a digest, so the wait is a row in PostgreSQL that survives a restart, and pg-boss
 * gives it to one worker; its stage one then queues the text (locking the job pending → sent,
 * so two processes never both send it). A quiet-hours job worked before its time (a clock a
 * few seconds apart between processes) is not done: it is retried.
 */
import type { NotificationType } from './notify';

export const QUIET_HOURS_TYPE = 'text.quiet_hours';

export interface QuietHoursPayload {
  /** 7 am in the agent's zone: the relay starts the pg-boss job then. */
  dueAt: string;
  /** The text, as it would have gone out when held. */
  body: string;
  /** The notification job whose text this is (its sms delivery says where it went). */
  heldJob: string;
  /** The held job's type: the agent's channel choice is read again at 7 am. */
  heldType: NotificationType | string;
}

export function isQuietHoursJob(type: string): boolean {
  return type === QUIET_HOURS_TYPE;
}

export function readQuietHoursPayload(payload: unknown): QuietHoursPayload | null {
  const p = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  if (typeof p.dueAt !== 'string' || typeof p.body !== 'string' || typeof p.heldJob !== 'string') return null;
  return { dueAt: p.dueAt, body: p.body, heldJob: p.heldJob, heldType: typeof p.heldType === 'string' ? p.heldType : '' };
}

/** When a held text goes out, in words an operator reads in the Outbox. */
export const quietDueWords = (dueAt: string) => `${dueAt.slice(0, 16).replace('T', ' ')} UTC`;
