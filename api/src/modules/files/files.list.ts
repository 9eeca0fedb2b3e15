/**
 * The file list of an appointment: its documents and scan-backs with their per-file event logs,
 * as the viewer may read them, and the file flags beside them.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import { isOperator } from '@signingdesk/domain/roles';
import { withoutInvisibleCharacters } from '@signingdesk/domain/text';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { nameShownTo } from '../../lib/people';
import { filesAppointment, type FileRow } from './files.access';
import { agentFirstDownload } from './documents-notice';
import { fileFlags } from './files.flags';
import { LOG_TEXTS, type FileItem, type FileList, type FileLogEntry } from './files.schemas';

const { files, fileEvents, user } = schema;

function logText(action: 'write' | 'read', confirmed: boolean): FileLogEntry['text'] | null {
  if (action === 'write') return confirmed ? LOG_TEXTS.uploaded : LOG_TEXTS.uploadPending;
  // A download link that was never opened is not a download.
  return confirmed ? LOG_TEXTS.downloaded : null;
}

/** The files with their logs, as `viewer` may read them: operators are "SigningDesk" to others (lib/people.ts). */
async function fileItems(db: Db | Tx, viewer: Actor, fileRows: FileRow[]): Promise<FileItem[]> {
  if (fileRows.length === 0) return [];
  // A document uploaded after the assigned agent first downloaded the order's documents is a
  // redraw, marked Updated (issue 33, item 7).
  const [owner] = fileRows[0]!.appointmentId
    ? await db
        .select({ id: schema.appointments.id, assignedAgentId: schema.appointments.assignedAgentId })
        .from(schema.appointments)
        .where(eq(schema.appointments.id, fileRows[0]!.appointmentId))
    : [];
  const firstDownload = owner ? await agentFirstDownload(db, owner) : null;
  const ids = fileRows.map((f) => f.id);
  const [uploaders, events] = await Promise.all([
    db
      .select({ id: user.id, name: user.name, role: user.role })
      .from(user)
      .where(inArray(user.id, [...new Set(fileRows.map((f) => f.uploadedBy))])),
    db
      .select({
        fileId: fileEvents.fileId,
        action: fileEvents.action,
        confirmed: fileEvents.confirmed,
        createdAt: fileEvents.createdAt,
        name: user.name,
        role: user.role,
      })
      .from(fileEvents)
      .innerJoin(user, eq(user.id, fileEvents.userId))
      .where(inArray(fileEvents.fileId, ids))
      .orderBy(asc(fileEvents.createdAt), asc(fileEvents.id)),
  ]);
  const nameOf = new Map(uploaders.map((u) => [u.id, nameShownTo(viewer.role, u)]));
  return fileRows.map((f) => ({
    fileId: f.id,
    // Names are cleaned when stored; rows written before that are cleaned when shown.
    fileName: withoutInvisibleCharacters(f.fileName),
    kind: f.kind,
    sizeBytes: f.sizeBytes,
    contentType: f.contentType,
    uploadConfirmed: f.uploadConfirmed,
    uploadedBy: { id: f.uploadedBy, name: nameOf.get(f.uploadedBy) ?? '' },
    createdAt: f.createdAt.toISOString(),
    updated: f.kind === 'document' && firstDownload !== null && f.createdAt > firstDownload,
    log: events.flatMap((e) => {
      const text = e.fileId === f.id ? logText(e.action, e.confirmed) : null;
      return text
        ? [
            {
              action: e.action,
              user: nameShownTo(viewer.role, e),
              loggedTime: Math.floor(e.createdAt.getTime() / 1000),
              confirmed: e.confirmed,
              text,
            },
          ]
        : [];
    }),
  }));
}

/**
 * The appointment's documents and scan-backs with their logs, oldest first, and the file flags.
 * An upload still under way is listed to its uploader (to resume or cancel it) and to the
 * operators (who track uploads); everyone else sees a file once its bytes are in.
 */
export async function listFiles(db: Db, actor: Actor, appointmentId: string): Promise<Omit<FileList, 'maxFileMb'>> {
  const { appointment } = await filesAppointment(db, actor, appointmentId);
  const pendingShown = isOperator(actor.role) ? undefined : or(eq(files.uploadConfirmed, true), eq(files.uploadedBy, actor.userId));
  const rows = await db
    .select()
    .from(files)
    .where(and(eq(files.appointmentId, appointment.id), ne(files.kind, 'invoice'), pendingShown))
    .orderBy(asc(files.createdAt), asc(files.id));
  return { items: await fileItems(db, actor, rows), ...(await fileFlags(db, appointment)) };
}

export async function fileItem(db: Db | Tx, viewer: Actor, fileId: string): Promise<FileItem> {
  const rows = await db.select().from(files).where(eq(files.id, fileId));
  const [item] = await fileItems(db, viewer, rows);
  if (!item) throw notFound('This file');
  return item;
}
