/**
 * The notification outbox. A change that someone must hear about calls `notify()` inside its
 * own transaction, so the job exists exactly when the change does. The delivery worker picks
 * pending jobs up; until a channel is configured they stay visible to operators.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, eq, inArray } from 'drizzle-orm';

export const NOTIFICATION_TYPES = [
  'appointment.created',
  'offer.new',
  'bid.accepted',
  'bid.declined',
  'assignment.changed',
  'assignment.displaced',
  'appointment.updated',
  'appointment.status_changed',
  'appointment.canceled',
  'appointment.completed',
  'appointment.bid_received',
  'agent.paid',
  'note.created',
  'registration.escrow',
  'user.invited',
  'user.password_reset',
  'user.registration_attempted',
  'registration.approved',
  'registration.declined',
  'documents.ready',
  'invoice.sent',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface Notification {
  type: NotificationType;
  recipientIds: readonly string[];
  appointmentId?: string | null;
  payload: Record<string, unknown>;
}

export async function notify(db: Db | Tx, notification: Notification): Promise<void> {
  const recipients = [...new Set(notification.recipientIds)];
  if (recipients.length === 0) return;
  const rows = recipients.map((recipientId) => ({
    type: notification.type,
    recipientId,
    appointmentId: notification.appointmentId ?? null,
    payload: notification.payload,
  }));
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(schema.notificationJobs).values(rows.slice(i, i + 1000));
  }
}

/** Ids of the active operators (admin, sub_admin), who hear about completions and bids. */
export async function operatorIds(db: Db | Tx): Promise<string[]> {
  const rows = await db
    .select({ id: schema.user.id })
    .from(schema.user)
    .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.user.id))
    .where(and(inArray(schema.user.role, ['admin', 'sub_admin']), eq(schema.profiles.status, 'active')));
  return rows.map((r) => r.id);
}
