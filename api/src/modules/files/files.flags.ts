/**
 * The file flags of an appointment (documents uploaded, uploads approved, agent upload on,
 * agent downloaded): reading them, and setting one with its audit row and notification.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, eq, exists, sql } from 'drizzle-orm';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { notify } from '../../delivery/notify';
import { settleDocumentsNotice } from './documents-notice';
import { filesAppointment, refuseCanceled, type Appointment } from './files.access';
import type { FileFlags } from './files.schemas';

const { appointments, files, fileEvents } = schema;

export async function fileFlags(db: Db | Tx, appointment: Appointment): Promise<FileFlags> {
  const agentDownloaded = appointment.assignedAgentId
    ? await db.$count(
        fileEvents,
        and(
          eq(fileEvents.userId, appointment.assignedAgentId),
          eq(fileEvents.action, 'read'),
          eq(fileEvents.confirmed, true),
          exists(
            db
              .select({ one: sql`1` })
              .from(files)
              .where(and(eq(files.id, fileEvents.fileId), eq(files.appointmentId, appointment.id))),
          ),
        ),
      )
    : 0;
  return {
    filesUploaded: appointment.filesUploaded,
    uploadsApproved: appointment.uploadsApproved,
    agentUploadEnabled: appointment.agentUploadEnabled,
    agentDownloaded: agentDownloaded > 0,
  };
}

type Flag = 'filesUploaded' | 'uploadsApproved' | 'agentUploadEnabled';

const FLAG_AUDIT: Record<Flag, string> = {
  filesUploaded: 'files.uploaded_flag',
  uploadsApproved: 'files.uploads_approved',
  agentUploadEnabled: 'files.agent_upload',
};

/**
 * Sets one file flag. filesUploaded needs at least one uploaded document to be set; setting
 * it tells the assigned agent the documents are ready. uploadsApproved needs the agent upload
 * flag on; approving tells the agent. Turning the agent upload flag off withdraws the approval.
 */
export async function setFileFlag(db: Db, actor: Actor, appointmentId: string, flag: Flag, value: boolean): Promise<FileFlags> {
  return db.transaction(async (tx) => {
    const { appointment } = await filesAppointment(tx, actor, appointmentId, { forUpdate: true });
    refuseCanceled(appointment, 'change the files of');
    if (flag === 'uploadsApproved' && !appointment.agentUploadEnabled) {
      throw new AppError('NOT_ALLOWED_IN_STATUS', 'Uploads can be approved only while the agent upload is on.');
    }
    if (flag === 'filesUploaded' && value) {
      const documents = await tx.$count(
        files,
        and(eq(files.appointmentId, appointment.id), eq(files.kind, 'document'), eq(files.uploadConfirmed, true)),
      );
      if (documents === 0) throw new AppError('NOT_ALLOWED_IN_STATUS', 'Upload the documents before marking them all uploaded.');
    }
    if (appointment[flag] === value) return fileFlags(tx, appointment);

    const changes: Partial<Appointment> = { [flag]: value, updatedAt: new Date() };
    if (flag === 'agentUploadEnabled' && !value) changes.uploadsApproved = false;
    const [updated] = await tx.update(appointments).set(changes).where(eq(appointments.id, appointment.id)).returning();
    await audit(tx, {
      actorId: actor.userId,
      action: FLAG_AUDIT[flag],
      entityType: 'appointment',
      entityId: appointment.id,
      appointmentId: appointment.id,
      details: { value },
    });
    const event = flag === 'filesUploaded' ? 'documents_ready' : flag === 'uploadsApproved' ? 'uploads_approved' : null;
    if (value && event === 'documents_ready') await settleDocumentsNotice(tx, appointment.id);
    if (value && event && appointment.assignedAgentId) {
      await notify(tx, {
        type: 'appointment.updated',
        recipientIds: [appointment.assignedAgentId].filter((id) => id !== actor.userId),
        appointmentId: appointment.id,
        payload: { event, name: appointment.name },
      });
    }
    return fileFlags(tx, updated!);
  });
}
