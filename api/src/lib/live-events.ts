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

export async function announceAppointmentChange(db: Db | Tx, appointmentId: string, action: string): Promise<void> {
  if (READS.has(action)) return;
  await db.execute(sql`select pg_notify(${APPOINTMENT_CHANNEL}, ${appointmentId})`);
}
