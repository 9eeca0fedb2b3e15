/**
 * Audit rows: every state change, assignment and operator read of personal data. A change to an
 * order is also announced to the live consoles (lib/live-events.ts) and recorded as the firm's
 * webhook event (modules/webhooks/webhook-events.ts), in the same transaction.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { announceAppointmentChange } from './live-events';
import { currentApiKeyId } from './request-context';
import { recordWebhookEvent } from '../modules/webhooks/webhook-events';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entityType:
    'appointment' | 'offer' | 'note' | 'user' | 'firm' | 'file' | 'invoice' | 'contact_request' | 'agent' | 'credential' | 'api_key';
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
    // A change made through a firm API key names it (issue 34).
    apiKeyId: currentApiKeyId(),
    details: entry.details ?? {},
  });
  if (entry.appointmentId) {
    await announceAppointmentChange(db, entry.appointmentId, entry.action, entry.details);
    // The firm's webhook event of this change, in its transaction (issue 34).
    await recordWebhookEvent(db, entry);
  }
}
