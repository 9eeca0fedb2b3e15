/**
 * The files of an appointment: upload grants, the check and move of uploaded bytes into
 * storage, the per-file event log, signed download links, deletion and the file flags.
 * Owns the files and file_events rows of documents and scan-backs (invoices.service.ts owns
 * the invoice files). Who reaches a file is who may see the appointment's full detail: the
 * firm's escrow users (creator own, creator_admin firm), operators and the assigned agent; an
 * agent only offered the appointment, or anyone else, gets 404.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Upload } from '@tus/server';
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, asc, eq, exists, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { FILE_KEPT_MESSAGE, fileDeletable, panelsClosedMessage, panelsEnabled } from '@signingdesk/domain/appointment-rules';
import { isOperator } from '@signingdesk/domain/roles';
import { withoutInvisibleCharacters } from '@signingdesk/domain/text';
import { findVisibleAppointment, type AppointmentAccess } from '../../lib/access';
import { isUuid } from '@signingdesk/domain/uuid';
import type { Actor } from '../../lib/actor';
import { nameShownTo } from '../../lib/people';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { notify, operatorIds } from '../../lib/notify';
import { appointmentFileKey } from '../../lib/storage/keys';
import type { StoredObject } from '../../lib/storage/storage';
import type { FilesContext } from './files.context';
import { UPLOAD_EXPIRY_MS } from './files.context';
import { ALLOWED_TYPES_TEXT, detectAllowedType, resolveDeclaredType } from './files.content';
import { checkUploadLimits } from './files.limits';
import { DOWNLOAD_LINK_SECONDS } from './files.links';
import {
  LOG_TEXTS,
  MAX_FILES_PER_UPLOAD,
  TOO_MANY_FILES_MESSAGE,
  UPLOAD_CHUNK_BYTES,
  type DownloadLink,
  type FileFlags,
  type FileItem,
  type FileList,
  type FileLogEntry,
  type GrantUploadsInput,
  type UploadGrant,
} from './files.schemas';

const { appointments, files, fileEvents, user } = schema;
type Appointment = typeof appointments.$inferSelect;
type FileRow = typeof files.$inferSelect;

export const UPLOADS_PATH = '/api/uploads';

// ---------------------------------------------------------------------------------------------
// Access

/** The appointment, when the caller may reach its files (full detail); 404 otherwise. */
export async function filesAppointment(db: Db | Tx, actor: Actor, appointmentId: string, options: { forUpdate?: boolean } = {}) {
  const found = await findVisibleAppointment(db, actor, appointmentId, options);
  if (found.access === 'offered-agent') throw notFound('This appointment');
  return found;
}

/** One file of the appointment the caller may reach; invoices are not the agent's business. */
async function fileOf(db: Db | Tx, appointmentId: string, fileId: string, access: AppointmentAccess): Promise<FileRow> {
  if (!isUuid(fileId)) throw notFound('This file');
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.appointmentId, appointmentId)));
  if (!file) throw notFound('This file');
  return visibleFile(file, access);
}

/** The invoice is the escrow side's and the operators': not the assigned agent's. */
function visibleFile(file: FileRow, access: AppointmentAccess): FileRow {
  if (access === 'assigned-agent' && file.kind === 'invoice') throw notFound('This file');
  return file;
}

function refuseCanceled(appointment: Appointment, action: string) {
  if (appointment.status === 'Canceled') {
    throw new AppError('NOT_ALLOWED_IN_STATUS', `You cannot ${action} an appointment that is canceled.`);
  }
}

// ---------------------------------------------------------------------------------------------
// List and flags

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

function logText(action: 'write' | 'read', confirmed: boolean): FileLogEntry['text'] | null {
  if (action === 'write') return confirmed ? LOG_TEXTS.uploaded : LOG_TEXTS.uploadPending;
  // A download link that was never opened is not a download.
  return confirmed ? LOG_TEXTS.downloaded : null;
}

/** The files with their logs, as `viewer` may read them: operators are "SigningDesk" to others (lib/people.ts). */
async function fileItems(db: Db | Tx, viewer: Actor, fileRows: FileRow[]): Promise<FileItem[]> {
  if (fileRows.length === 0) return [];
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
export async function listFiles(db: Db, actor: Actor, appointmentId: string): Promise<FileList> {
  const { appointment } = await filesAppointment(db, actor, appointmentId);
  const pendingShown = isOperator(actor.role) ? undefined : or(eq(files.uploadConfirmed, true), eq(files.uploadedBy, actor.userId));
  const rows = await db
    .select()
    .from(files)
    .where(and(eq(files.appointmentId, appointment.id), ne(files.kind, 'invoice'), pendingShown))
    .orderBy(asc(files.createdAt), asc(files.id));
  return { items: await fileItems(db, actor, rows), ...(await fileFlags(db, appointment)) };
}

async function fileItem(db: Db | Tx, viewer: Actor, fileId: string): Promise<FileItem> {
  const rows = await db.select().from(files).where(eq(files.id, fileId));
  const [item] = await fileItems(db, viewer, rows);
  if (!item) throw notFound('This file');
  return item;
}

// ---------------------------------------------------------------------------------------------
// Upload grants

/**
 * Admits up to five files to be uploaded: checks count, size and declared type, and the
 * order's and the person's upload limits (files.limits.ts), writes a files row (unconfirmed)
 * and a pending 'write' event per file, and prepares each tus upload so its URL can be resumed
 * from offset 0 at once.
 */
export async function grantUploads(
  ctx: FilesContext,
  db: Db,
  actor: Actor,
  appointmentId: string,
  input: GrantUploadsInput,
): Promise<UploadGrant> {
  if (input.files.length > MAX_FILES_PER_UPLOAD) {
    throw new AppError('VALIDATION_FAILED', TOO_MANY_FILES_MESSAGE, [{ field: 'files', message: TOO_MANY_FILES_MESSAGE }]);
  }
  const planned = input.files.map((f, i) => {
    const fileName = displayName(f.fileName);
    if (!fileName) {
      throw new AppError('VALIDATION_FAILED', `files.${i}.fileName: is required`, [
        { field: `files.${i}.fileName`, message: 'is required' },
      ]);
    }
    if (f.size > ctx.maxUploadBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', `${fileName} is larger than the ${ctx.maxUploadMb} MB upload limit.`, [
        { field: `files.${i}.size`, message: `must be at most ${ctx.maxUploadMb} MB` },
      ]);
    }
    const contentType = resolveDeclaredType(f.contentType, fileName);
    if (!contentType) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${fileName} is not a file type we accept. Upload a ${ALLOWED_TYPES_TEXT} file.`);
    }
    return { fileId: randomUUID(), fileName, size: f.size, contentType };
  });

  const expiresAt = new Date(Date.now() + UPLOAD_EXPIRY_MS).toISOString();
  const created: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const { appointment, access } = await filesAppointment(tx, actor, appointmentId, { forUpdate: true });
      refuseCanceled(appointment, 'upload files to');
      if (access === 'assigned-agent' && !panelsEnabled(appointment.status, appointment.startsAt)) {
        throw new AppError('NOT_ALLOWED_IN_STATUS', panelsClosedMessage('Scan-backs can be uploaded'));
      }
      const kind = access === 'assigned-agent' ? ('scan_back' as const) : ('document' as const);
      await checkUploadLimits(tx, {
        appointmentId: appointment.id,
        userId: actor.userId,
        mayRemoveFiles: access !== 'assigned-agent',
        count: planned.length,
        bytes: planned.reduce((sum, p) => sum + p.size, 0),
      });
      await tx.insert(files).values(
        planned.map((p) => ({
          id: p.fileId,
          appointmentId: appointment.id,
          kind,
          fileName: p.fileName,
          storageKey: appointmentFileKey(appointment.id, p.fileId),
          contentType: p.contentType,
          sizeBytes: p.size,
          uploadedBy: actor.userId,
        })),
      );
      await tx.insert(fileEvents).values(planned.map((p) => ({ fileId: p.fileId, action: 'write' as const, userId: actor.userId })));
      const items = [];
      for (const p of planned) {
        await audit(tx, {
          actorId: actor.userId,
          action: 'file.upload_granted',
          entityType: 'file',
          entityId: p.fileId,
          appointmentId: appointment.id,
          details: { fileName: p.fileName, sizeBytes: p.size, contentType: p.contentType, kind },
        });
        // The tus upload exists before the grant is answered, so its URL resumes from 0 at once.
        const metadata = { fileId: p.fileId, filename: p.fileName, filetype: p.contentType };
        await ctx.staging.create(new Upload({ id: p.fileId, size: p.size, offset: 0, metadata }));
        created.push(p.fileId);
        items.push({
          fileId: p.fileId,
          fileName: p.fileName,
          kind,
          uploadUrl: `${UPLOADS_PATH}/${p.fileId}`,
          endpoint: UPLOADS_PATH,
          metadata,
          sizeBytes: p.size,
          chunkSizeBytes: UPLOAD_CHUNK_BYTES,
          expiresAt,
        });
      }
      return { items };
    });
  } catch (err) {
    for (const fileId of created) await ctx.staging.remove(fileId).catch(() => undefined);
    throw err;
  }
}

/** The name as shown: the last path segment, without control characters. */
function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/\p{Cc}/gu, '').trim();
}

/**
 * The caller's own upload that is still in progress, for the tus routes: any other id (a
 * stranger's grant, a finished upload, an appointment no longer visible) is a 404.
 */
export async function pendingUploadOf(db: Db, actor: Actor, fileId: string | undefined): Promise<FileRow> {
  if (!fileId || !isUuid(fileId)) throw notFound('This upload');
  const [file] = await db.select().from(files).where(eq(files.id, fileId));
  if (!file || file.uploadedBy !== actor.userId || file.kind === 'invoice') throw notFound('This upload');
  await filesAppointment(db, actor, file.appointmentId);
  return file;
}

// ---------------------------------------------------------------------------------------------
// Finishing an upload

/**
 * Checks the staged bytes of a complete upload and moves them into storage: content of an
 * allowed type is stored under the file's key with the detected type, the file and its
 * 'write' event are confirmed, and the people concerned are told. Anything else is refused
 * with 415 and leaves nothing behind: no staged bytes, no files row. Safe to call twice (the
 * tus finish and an explicit confirm may race): the second call finds the file confirmed.
 */
export async function finalizeUpload(ctx: FilesContext, actor: Actor, fileId: string): Promise<FileRow> {
  const { db } = ctx;
  const [file] = await db.select().from(files).where(eq(files.id, fileId));
  if (!file) throw notFound('This file');
  if (file.uploadConfirmed) return file;

  const staged = await ctx.staging.getUpload(fileId).catch(() => null);
  if (!staged) {
    const [again] = await db.select().from(files).where(eq(files.id, fileId));
    if (again?.uploadConfirmed) return again;
    throw new AppError('CONFLICT', 'This file has not been uploaded yet.');
  }
  if (staged.size === undefined || staged.offset !== staged.size) {
    throw new AppError('CONFLICT', `This upload is not complete yet (${staged.offset} of ${staged.size ?? '?'} bytes received).`);
  }

  const path = ctx.stagedPath(fileId);
  const declared = resolveDeclaredType(file.contentType, file.fileName) ?? 'application/pdf';
  const detected = await detectAllowedType(path, declared).catch(() => null);
  if (!detected) {
    await discardUpload(ctx, file, actor, 'file.rejected');
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${file.fileName} is not a ${ALLOWED_TYPES_TEXT} file. It was not stored.`);
  }

  const { size } = await stat(path);
  try {
    await ctx.storage.put(file.storageKey, createReadStream(path), detected, size);
  } catch (err) {
    // Another finish may have moved the bytes and removed the staging file first.
    const [again] = await db.select().from(files).where(eq(files.id, fileId));
    if (again?.uploadConfirmed) return again;
    throw err;
  }

  const confirmed = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(files).where(eq(files.id, fileId)).for('update');
    if (!locked) throw notFound('This file');
    if (locked.uploadConfirmed) return locked;
    const [updated] = await tx
      .update(files)
      .set({ uploadConfirmed: true, contentType: detected, sizeBytes: size })
      .where(eq(files.id, fileId))
      .returning();
    await tx
      .update(fileEvents)
      .set({ confirmed: true })
      .where(and(eq(fileEvents.fileId, fileId), eq(fileEvents.action, 'write')));
    const [appointment] = await tx.select().from(appointments).where(eq(appointments.id, locked.appointmentId)).for('update');
    if (locked.kind === 'scan_back' && !appointment!.agentUploadEnabled) {
      // The agent's scan-backs are in: the escrow side may now approve them (notaryUploadStatus).
      await tx
        .update(appointments)
        .set({ agentUploadEnabled: true, updatedAt: new Date() })
        .where(eq(appointments.id, locked.appointmentId));
    }
    await audit(tx, {
      actorId: actor.userId,
      action: 'file.uploaded',
      entityType: 'file',
      entityId: fileId,
      appointmentId: locked.appointmentId,
      details: { fileName: locked.fileName, sizeBytes: size, contentType: detected, kind: locked.kind, uploadedBy: locked.uploadedBy },
    });
    await notifyUpload(tx, appointment!, updated!);
    return updated!;
  });
  await ctx.staging.remove(fileId).catch(() => undefined);
  return confirmed;
}

/** A scan-back goes to the escrow officer and the operators; a document to the assigned agent. */
async function notifyUpload(tx: Tx, appointment: Appointment, file: FileRow) {
  const recipients =
    file.kind === 'scan_back'
      ? [appointment.createdBy, ...(await operatorIds(tx))]
      : appointment.assignedAgentId
        ? [appointment.assignedAgentId]
        : [];
  await notify(tx, {
    type: 'appointment.updated',
    recipientIds: recipients.filter((id) => id !== file.uploadedBy),
    appointmentId: appointment.id,
    payload: { event: 'documents', fileName: file.fileName, kind: file.kind, name: appointment.name },
  });
}

/** Removes an unfinished or refused upload: staged bytes, the files row (and its events). */
async function discardUpload(ctx: FilesContext, file: FileRow, actor: Actor, action: 'file.rejected' | 'file.upload_canceled') {
  await ctx.staging.remove(file.id).catch(() => undefined);
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(files)
      .where(and(eq(files.id, file.id), eq(files.uploadConfirmed, false)))
      .returning({ id: files.id });
    if (!removed) return;
    await audit(tx, {
      actorId: actor.userId,
      action,
      entityType: 'file',
      entityId: file.id,
      appointmentId: file.appointmentId,
      details: { fileName: file.fileName, declaredType: file.contentType, sizeBytes: file.sizeBytes },
    });
  });
}

/** The tus termination (DELETE /uploads/{fileId}) of an unfinished upload also withdraws its grant. */
export async function cancelUpload(ctx: FilesContext, actor: Actor, file: FileRow): Promise<void> {
  await discardUpload(ctx, file, actor, 'file.upload_canceled');
}

/** Explicit confirm: finishes a complete upload the tus finish did not (idempotent); answers the file with its log. */
export async function confirmUpload(ctx: FilesContext, db: Db, actor: Actor, appointmentId: string, fileId: string): Promise<FileItem> {
  const { access } = await filesAppointment(db, actor, appointmentId);
  const file = await fileOf(db, appointmentId, fileId, access);
  if (!file.uploadConfirmed) await finalizeUpload(ctx, actor, file.id);
  return fileItem(db, actor, file.id);
}

/**
 * Housekeeping for a scheduled job: discards uploads not finished within a day (their staged
 * bytes and their grants). Answers how many grants were withdrawn.
 */
export async function sweepExpiredUploads(ctx: FilesContext, now = new Date()): Promise<number> {
  await ctx.staging.deleteExpired().catch(() => 0);
  const stale = await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(files)
      .where(and(eq(files.uploadConfirmed, false), lt(files.createdAt, new Date(now.getTime() - UPLOAD_EXPIRY_MS))))
      .returning();
    for (const file of removed) {
      await audit(tx, {
        actorId: null,
        action: 'file.upload_expired',
        entityType: 'file',
        entityId: file.id,
        appointmentId: file.appointmentId,
        details: { fileName: file.fileName, uploadedBy: file.uploadedBy },
      });
    }
    return removed;
  });
  for (const { id } of stale) await ctx.staging.remove(id).catch(() => undefined);
  return stale.length;
}

// ---------------------------------------------------------------------------------------------
// Downloads

/** A five-minute signed link for one file, and its 'read' event (confirmed once the bytes went out). */
export async function createDownloadLink(
  ctx: FilesContext,
  db: Db,
  actor: Actor,
  appointmentId: string,
  fileId: string,
): Promise<DownloadLink> {
  const { eventId, file } = await db.transaction(async (tx) => {
    const { appointment, access } = await filesAppointment(tx, actor, appointmentId);
    const file = await fileOf(tx, appointment.id, fileId, access);
    if (!file.uploadConfirmed) throw new AppError('CONFLICT', 'This file is still being uploaded.');
    const [event] = await tx
      .insert(fileEvents)
      .values({ fileId: file.id, action: 'read', userId: actor.userId })
      .returning({ id: fileEvents.id });
    await audit(tx, {
      actorId: actor.userId,
      action: 'file.download_link',
      entityType: 'file',
      entityId: file.id,
      appointmentId: appointment.id,
      details: { fileName: file.fileName, kind: file.kind },
    });
    return { eventId: event!.id, file };
  });
  const expiresAt = Math.floor(Date.now() / 1000) + DOWNLOAD_LINK_SECONDS;
  const token = await ctx.links.sign({ fileId: file.id, eventId, expiresAt });
  return { url: `/api/files/download/${token}`, expiresAt: new Date(expiresAt * 1000).toISOString() };
}

export interface Download {
  fileName: string;
  contentType: string;
  size: number;
  body: ReadableStream<Uint8Array>;
}

/**
 * The bytes behind a signed link. The link's 'read' event is confirmed when the last byte
 * has been handed over, so an interrupted download is not logged as successful.
 *
 * A link works only for the signed-in user who asked for it, while they may still see the
 * file, and only once: a link copied out of a browser's history, a log or a shared screen is
 * worth nothing to anyone else (a 404, as for a file they may not see) and nothing to its
 * owner once used (410; they ask for a new one). "Once" holds under concurrency: the request
 * that delivers the file first claims the link in one conditional UPDATE, so of several
 * opening it at the same moment exactly one streams the bytes. The claim is given back only
 * when no byte went out (the content is missing or storage failed); a download cut off midway
 * has spent its link.
 */
export async function openDownload(ctx: FilesContext, actor: Actor, token: string): Promise<Download> {
  const claims = await ctx.links.verify(token);
  const [row] = await ctx.db
    .select({ file: files, eventId: fileEvents.id, askedBy: fileEvents.userId })
    .from(fileEvents)
    .innerJoin(files, eq(files.id, fileEvents.fileId))
    .where(and(eq(fileEvents.id, claims.eventId), eq(fileEvents.fileId, claims.fileId), eq(fileEvents.action, 'read')));
  if (!row || row.askedBy !== actor.userId) throw notFound('This file');
  const { access } = await filesAppointment(ctx.db, actor, row.file.appointmentId);
  visibleFile(row.file, access);

  // A link confirmed before claims were recorded (claimed_at null) counts as used too.
  const [claimed] = await ctx.db
    .update(fileEvents)
    .set({ claimedAt: new Date() })
    .where(and(eq(fileEvents.id, row.eventId), isNull(fileEvents.claimedAt), eq(fileEvents.confirmed, false)))
    .returning({ id: fileEvents.id });
  if (!claimed) throw new AppError('LINK_EXPIRED', 'This download link has already been used. Please ask for the file again.');
  const giveBack = () => ctx.db.update(fileEvents).set({ claimedAt: null }).where(eq(fileEvents.id, row.eventId));
  let object: StoredObject | null;
  try {
    object = await ctx.storage.get(row.file.storageKey);
  } catch (err) {
    await giveBack();
    throw err;
  }
  if (!object) {
    await giveBack();
    throw new AppError('NOT_FOUND', 'The file content is not available.');
  }
  const reader = object.body.getReader();
  const confirm = () =>
    ctx.db
      .update(fileEvents)
      .set({ confirmed: true })
      .where(eq(fileEvents.id, row.eventId))
      .catch((err: unknown) => console.error('[files] could not confirm a download:', err));
  return {
    fileName: withoutInvisibleCharacters(row.file.fileName),
    contentType: row.file.contentType,
    size: object.size,
    body: new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          await confirm();
          controller.close();
        } else {
          controller.enqueue(value);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    }),
  };
}

/** RFC 6266: an ASCII fallback name and the exact name in UTF-8 (RFC 8187). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_')
    .trim();
  // A name with nothing left but its extension falls back to "download.pdf".
  const fallback = ascii === '' || ascii.startsWith('.') ? `download${ascii}` : ascii;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

// ---------------------------------------------------------------------------------------------
// Delete

export async function deleteFile(ctx: FilesContext, db: Db, actor: Actor, appointmentId: string, fileId: string) {
  const removed = await db.transaction(async (tx) => {
    const { appointment, access } = await filesAppointment(tx, actor, appointmentId, { forUpdate: true });
    const file = await fileOf(tx, appointment.id, fileId, access);
    // Invoices are not in the file list and stay with the firm's records.
    if (file.kind === 'invoice') throw notFound('This file');
    if (!fileDeletable(appointment.status, access === 'operator')) throw new AppError('NOT_ALLOWED_IN_STATUS', FILE_KEPT_MESSAGE);
    await tx.delete(files).where(eq(files.id, file.id));
    await audit(tx, {
      actorId: actor.userId,
      action: 'file.deleted',
      entityType: 'file',
      entityId: file.id,
      appointmentId: appointment.id,
      details: {
        fileName: file.fileName,
        kind: file.kind,
        sizeBytes: file.sizeBytes,
        storageKey: file.storageKey,
        uploadedBy: file.uploadedBy,
      },
    });
    return file;
  });
  // The row is gone first, so nobody can reach the bytes while they are removed.
  await ctx.storage.delete(removed.storageKey);
  await ctx.staging.remove(removed.id).catch(() => undefined);
  return { message: `${removed.fileName} was deleted.` };
}

// ---------------------------------------------------------------------------------------------
// Flags

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
