/**
 * Audit rows: every state change, assignment and operator read of personal data. A change to an
 * order is also announced to the live consoles (lib/live-events.ts), in the same transaction.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { announceAppointmentChange } from './live-events';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entityType: 'appointment' | 'offer' | 'note' | 'user' | 'firm' | 'file' | 'invoice' | 'contact_request' | 'agent' | 'credential';
  entityId: string;
  appointmentId?: string | null;
  details?: Record<string, unknown>;
}

export async function audit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(schema.auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    appointmentId: entry.appointmentId ?? null,
    details: entry.details ?? {},
  });
  if (entry.appointmentId) await announceAppointmentChange(db, entry.appointmentId, entry.action, entry.details);
}
