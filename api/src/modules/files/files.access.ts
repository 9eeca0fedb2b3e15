/**
 * Who reaches the files of an appointment: who may see the appointment's full detail — the
 * firm's escrow users (creator own, creator_admin firm), operators and the assigned agent; an
 * agent only offered the appointment, or anyone else, gets 404. Invoices are not the agent's.
 *
 * A credential's document (kind 'credential', no appointment) has its own rule: only the agent
 * whose credential it is and operators reach it; everyone else, escrow included, gets 404.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, eq } from 'drizzle-orm';
import { isOperator } from '@signingdesk/domain/roles';
import { isUuid } from '@signingdesk/domain/uuid';
import { findVisibleAppointment, type AppointmentAccess } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';

const { agentCredentials, files } = schema;
export type CredentialRow = typeof agentCredentials.$inferSelect;
export type Appointment = typeof schema.appointments.$inferSelect;
export type FileRow = typeof files.$inferSelect;

/** The appointment, when the caller may reach its files (full detail); 404 otherwise. */
export async function filesAppointment(db: Db | Tx, actor: Actor, appointmentId: string, options: { forUpdate?: boolean } = {}) {
  const found = await findVisibleAppointment(db, actor, appointmentId, options);
  if (found.access === 'offered-agent') throw notFound('This appointment');
  return found;
}

/** One file of the appointment the caller may reach; invoices are not the agent's business. */
export async function fileOf(db: Db | Tx, appointmentId: string, fileId: string, access: AppointmentAccess): Promise<FileRow> {
  if (!isUuid(fileId)) throw notFound('This file');
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.appointmentId, appointmentId)));
  if (!file) throw notFound('This file');
  return visibleFile(file, access);
}

/** The invoice is the escrow side's and the operators': not the assigned agent's. */
export function visibleFile(file: FileRow, access: AppointmentAccess): FileRow {
  if (access === 'assigned-agent' && file.kind === 'invoice') throw notFound('This file');
  return file;
}

export function refuseCanceled(appointment: Appointment, action: string) {
  if (appointment.status === 'Canceled') {
    throw new AppError('NOT_ALLOWED_IN_STATUS', `You cannot ${action} an appointment that is canceled.`);
  }
}

/** The credential whose document the caller may reach: their own (an agent) or any (operators); 404 otherwise. */
export async function documentCredential(db: Db | Tx, actor: Actor, credentialId: string): Promise<CredentialRow> {
  if (!isUuid(credentialId)) throw notFound('This credential');
  const [credential] = await db.select().from(agentCredentials).where(eq(agentCredentials.id, credentialId));
  if (!credential) throw notFound('This credential');
  if (isOperator(actor.role)) return credential;
  if (actor.role === 'notary' && credential.agentId === actor.userId) return credential;
  throw notFound('This credential');
}

/** Whichever owner the file has, the caller may reach it (appointment files: files.access rules above); 404 otherwise. */
export async function reachFile(db: Db | Tx, actor: Actor, file: FileRow): Promise<void> {
  if (file.credentialId !== null) {
    await documentCredential(db, actor, file.credentialId);
    return;
  }
  const { access } = await filesAppointment(db, actor, file.appointmentId!);
  visibleFile(file, access);
}
