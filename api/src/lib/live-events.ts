/**
 * Live updates (issue 12, decision 029): a committed change to an order is announced on one
 * PostgreSQL channel, so every API process — each LISTENing — can tell its connected consoles.
 * NOTIFY inside a transaction is delivered only when it commits, never for a rollback.
 */
import type { Db, Tx } from '@signingdesk/db';
import { sql } from 'drizzle-orm';

export const APPOINTMENT_CHANNEL = 'appointment_changed';

/** Audit actions that read and change nothing: no one needs to refetch for them. */
const READS: ReadonlySet<string> = new Set(['appointment.pii_read', 'agent.pii_read']);

/** Who a change is announced to: every console that may follow the order, or operators only. */
export type LiveAudience = 'all' | 'operators';

/**
 * Changes the escrow side is not shown (the timeline's rule, appointments/timeline.service.ts):
 * an agent's decline, a withdrawal that leaves the order as it was, a download link (the
 * confirmed download is the fact), an upload grant, the agent's payment. Announcing them would
 * tell the escrow side they happened.
 */
export function liveAudienceOf(action: string, details: Record<string, unknown> = {}): LiveAudience {
  switch (action) {
    case 'offer.declined':
    case 'file.download_link':
    case 'file.upload_granted':
    case 'appointment.agent_paid':
      return 'operators';
    case 'offer.withdrawn':
      // A withdrawn last bid reopens the order: a status the escrow side sees.
      return details.reopened === true ? 'all' : 'operators';
    default:
      return 'all';
  }
}

/** The NOTIFY payload: the order's id, and ` operators` when only operators are to hear of it. */
export function parseAnnouncement(payload: string): { appointmentId: string; audience: LiveAudience } {
  const [appointmentId = '', audience] = payload.split(' ');
  return { appointmentId, audience: audience === 'operators' ? 'operators' : 'all' };
}

export async function announceAppointmentChange(
  db: Db | Tx,
  appointmentId: string,
  action: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  if (READS.has(action)) return;
  const audience = liveAudienceOf(action, details);
  const payload = audience === 'all' ? appointmentId : `${appointmentId} ${audience}`;
  await db.execute(sql`select pg_notify(${APPOINTMENT_CHANNEL}, ${payload})`);
}
