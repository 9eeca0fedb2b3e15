/** Audit rows: every state change, assignment and operator read of personal data. */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entityType: 'appointment' | 'offer' | 'note' | 'user' | 'firm' | 'file' | 'invoice' | 'contact_request' | 'agent';
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
}
