/**
 * The agent's documents notice (issue 33, item 7): documents the escrow side or an operator
 * uploads to an assigned order make one push and text for the lot, not one per file. The upload
 * marks the order (documents_notice_due_at, in the upload's own transaction); the signing-day
 * sweep sends what is due, once across processes (the order's row is locked and the mark
 * cleared in the notice's transaction). A document uploaded after the agent first downloaded
 * the order's documents is a redraw: the notice says the documents were updated.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { DOCUMENTS_NOTICE_DELAY_MINUTES } from '@signingdesk/domain/reminders';
import { and, asc, eq, inArray, isNotNull, lte, min, sql } from 'drizzle-orm';
import { notify } from '../../delivery/notify';
import type { Appointment } from './files.access';

const { appointments, files, fileEvents } = schema;

/** Called in the upload's transaction: the agent's notice is due DOCUMENTS_NOTICE_DELAY_MINUTES after the first of a lot. */
export async function markDocumentsNotice(tx: Tx, appointment: Appointment, now = new Date()): Promise<void> {
  if (appointment.documentsNoticeDueAt) return;
  await tx
    .update(appointments)
    .set({ documentsNoticeDueAt: new Date(now.getTime() + DOCUMENTS_NOTICE_DELAY_MINUTES * 60_000) })
    .where(eq(appointments.id, appointment.id));
}

/** When the agent first downloaded one of the order's documents: what was uploaded later is a redraw. */
export async function agentFirstDownload(db: Db | Tx, appointment: Pick<Appointment, 'id' | 'assignedAgentId'>): Promise<Date | null> {
  if (!appointment.assignedAgentId) return null;
  const [row] = await db
    .select({ at: min(fileEvents.createdAt) })
    .from(fileEvents)
    .innerJoin(files, eq(files.id, fileEvents.fileId))
    .where(
      and(
        eq(files.appointmentId, appointment.id),
        eq(files.kind, 'document'),
        eq(fileEvents.userId, appointment.assignedAgentId),
        eq(fileEvents.action, 'read'),
        eq(fileEvents.confirmed, true),
      ),
    );
  return row?.at ?? null;
}

/** Sends every documents notice due at `now`; answers how many went out. */
export async function sendDocumentNotices(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(isNotNull(appointments.documentsNoticeDueAt), lte(appointments.documentsNoticeDueAt, now)))
    .orderBy(asc(appointments.documentsNoticeDueAt))
    .limit(500);
  let sent = 0;
  for (const { id } of due) {
    const told = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
      if (!order?.documentsNoticeDueAt || order.documentsNoticeDueAt > now) return false;
      await tx.update(appointments).set({ documentsNoticeDueAt: null }).where(eq(appointments.id, id));
      const agentId = order.assignedAgentId;
      if (!agentId || !['Scheduled', 'Paused'].includes(order.status)) return false;
      const lot = await tx
        .select({ id: files.id, fileName: files.fileName, createdAt: files.createdAt })
        .from(files)
        .where(
          and(
            eq(files.appointmentId, id),
            eq(files.kind, 'document'),
            eq(files.uploadConfirmed, true),
            sql`${files.uploadedBy} <> ${agentId}`,
            // Compared in SQL, to the microsecond (a JavaScript Date holds milliseconds).
            sql`${files.createdAt} > coalesce((select ${appointments.documentsNoticedAt} from ${appointments} where ${appointments.id} = ${id}), '-infinity')`,
          ),
        )
        .orderBy(asc(files.createdAt));
      // Removed again before the notice: nothing to tell.
      if (lot.length === 0) return false;
      // The next notice takes what is uploaded after this lot's last document (its stored time).
      await tx
        .update(appointments)
        .set({
          documentsNoticedAt: sql`(select max(${files.createdAt}) from ${files} where ${inArray(
            files.id,
            lot.map((f) => f.id),
          )})`,
        })
        .where(eq(appointments.id, id));
      const firstDownload = await agentFirstDownload(tx, order);
      await notify(tx, {
        type: 'appointment.updated',
        recipientIds: [agentId],
        appointmentId: id,
        payload: {
          event: 'documents',
          name: order.name,
          kind: 'document',
          fileName: lot[0]!.fileName,
          count: lot.length,
          updated: firstDownload !== null && lot.some((f) => f.createdAt > firstDownload),
        },
      });
      return true;
    });
    if (told) sent++;
  }
  return sent;
}

/** The spec's "Files Uploaded" toggle tells the agent at once: a notice still waiting is then part of it. */
export async function settleDocumentsNotice(tx: Tx, appointmentId: string, now = new Date()): Promise<void> {
  await tx
    .update(appointments)
    .set({ documentsNoticeDueAt: null, documentsNoticedAt: now })
    .where(and(eq(appointments.id, appointmentId), isNotNull(appointments.documentsNoticeDueAt)));
}
