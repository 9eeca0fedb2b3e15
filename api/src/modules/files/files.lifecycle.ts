/**
 * The upload lifecycle of documents, scan-backs and drop-off receipts: upload grants, the check and move of
 * uploaded bytes into storage (the files row and its 'write' event confirmed, the people
 * concerned told), canceling, the sweep of expired uploads, and deletion. Owns the files and
 * file_events rows of documents and scan-backs (invoices.service.ts owns the invoice files).
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Upload } from '@tus/server';
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, desc, eq, lt } from 'drizzle-orm';
import {
  FILE_KEPT_MESSAGE,
  RECEIPT_KEPT_MESSAGE,
  fileDeletable,
  panelsClosedMessage,
  panelsEnabled,
  receiptDeletable,
} from '@signingdesk/domain/appointment-rules';
import { isUuid } from '@signingdesk/domain/uuid';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { notify, operatorIds } from '../../delivery/notify';
import { markDocumentsNotice } from './documents-notice';
import { RECEIPT } from '@signingdesk/domain/signing-day';
import { assertShipmentRecordable, keepReceipt } from '../signing-day/signing-day.service';
import { appointmentFileKey } from '../../lib/storage/keys';
import { filesAppointment, fileOf, reachFile, refuseCanceled, type Appointment, type FileRow } from './files.access';
import type { FilesContext } from './files.context';
import { UPLOAD_EXPIRY_MS } from './files.context';
import { ALLOWED_TYPES_TEXT, detectAllowedType, resolveDeclaredType } from './files.content';
import { checkUploadLimits } from './files.limits';
import { INACTIVE_REGISTRATION_MESSAGE } from '../../middleware/guard';
import { fileItem } from './files.list';
import {
  MAX_FILES_PER_UPLOAD,
  TOO_MANY_FILES_MESSAGE,
  UPLOAD_CHUNK_BYTES,
  type FileItem,
  type GrantUploadsInput,
  type UploadGrant,
} from './files.schemas';

const { appointments, files, fileEvents } = schema;

export const UPLOADS_PATH = '/api/uploads';

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
  const planned = planUploads(ctx, input);
  const expiresAt = new Date(Date.now() + UPLOAD_EXPIRY_MS).toISOString();
  const created: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const { appointment, access } = await filesAppointment(tx, actor, appointmentId, { forUpdate: true });
      refuseCanceled(appointment, 'upload files to');
      const receipt = input.kind === 'receipt';
      if (receipt) {
        assertShipmentRecordable(actor, appointment, new Date());
        if (planned.length !== 1 || !receiptType(planned[0]!.contentType)) {
          throw new AppError('VALIDATION_FAILED', RECEIPT.oneFileMessage, [{ field: 'files', message: RECEIPT.oneFileMessage }]);
        }
      } else if (access === 'assigned-agent' && !panelsEnabled(appointment.status, appointment.startsAt)) {
        throw new AppError('NOT_ALLOWED_IN_STATUS', panelsClosedMessage('Scan-backs can be uploaded'));
      }
      const kind = receipt ? ('receipt' as const) : access === 'assigned-agent' ? ('scan_back' as const) : ('document' as const);
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
        items.push(await stageUpload(ctx, p, kind, expiresAt));
        created.push(p.fileId);
      }
      return { items };
    });
  } catch (err) {
    for (const fileId of created) await ctx.staging.remove(fileId).catch(() => undefined);
    throw err;
  }
}

/** A drop-off receipt is a photo or a PDF (RECEIPT.oneFileMessage). */
function receiptType(contentType: string): boolean {
  return contentType.startsWith('image/') || contentType === 'application/pdf';
}

/** Checks count, size and declared type of the files asked for, and gives each its file id. */
export function planUploads(ctx: FilesContext, input: GrantUploadsInput): PlannedUpload[] {
  if (input.files.length > MAX_FILES_PER_UPLOAD) {
    throw new AppError('VALIDATION_FAILED', TOO_MANY_FILES_MESSAGE, [{ field: 'files', message: TOO_MANY_FILES_MESSAGE }]);
  }
  return input.files.map((f, i) => {
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
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${fileName} is not a ${ALLOWED_TYPES_TEXT} file.`);
    }
    return { fileId: randomUUID(), fileName, size: f.size, contentType };
  });
}

export interface PlannedUpload {
  fileId: string;
  fileName: string;
  size: number;
  contentType: string;
}

/** Creates the tus upload of a granted file (so its URL resumes from 0 at once) and answers its grant item. */
export async function stageUpload(ctx: FilesContext, p: PlannedUpload, kind: FileRow['kind'], expiresAt: string) {
  const metadata = { fileId: p.fileId, filename: p.fileName, filetype: p.contentType };
  await ctx.staging.create(new Upload({ id: p.fileId, size: p.size, offset: 0, metadata }));
  return {
    fileId: p.fileId,
    fileName: p.fileName,
    kind,
    uploadUrl: `${UPLOADS_PATH}/${p.fileId}`,
    endpoint: UPLOADS_PATH,
    metadata,
    sizeBytes: p.size,
    chunkSizeBytes: UPLOAD_CHUNK_BYTES,
    expiresAt,
  };
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
  const [file] = fileId && isUuid(fileId) ? await db.select().from(files).where(eq(files.id, fileId)) : [];
  // An agent whose registration is pending uploads only their credentials' documents.
  if (actor.role === 'notary' && actor.status !== 'active' && file?.kind !== 'credential') {
    throw new AppError('REGISTRATION_NOT_ACTIVE', INACTIVE_REGISTRATION_MESSAGE);
  }
  if (!file || file.uploadedBy !== actor.userId || file.kind === 'invoice') throw notFound('This upload');
  await reachFile(db, actor, file);
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
  if (!detected || (file.kind === 'receipt' && !receiptType(detected))) {
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
    await audit(tx, {
      actorId: actor.userId,
      action: 'file.uploaded',
      entityType: 'file',
      entityId: fileId,
      appointmentId: locked.appointmentId,
      details: { fileName: locked.fileName, sizeBytes: size, contentType: detected, kind: locked.kind, uploadedBy: locked.uploadedBy },
    });
    // A credential's document belongs to no order: nobody else is told (operators see it in review).
    if (locked.appointmentId === null) return updated!;
    const [appointment] = await tx.select().from(appointments).where(eq(appointments.id, locked.appointmentId)).for('update');
    if (locked.kind === 'scan_back' && !appointment!.agentUploadEnabled) {
      // The agent's scan-backs are in: the escrow side may now approve them (notaryUploadStatus).
      await tx
        .update(appointments)
        .set({ agentUploadEnabled: true, updatedAt: new Date() })
        .where(eq(appointments.id, locked.appointmentId));
    }
    if (locked.kind === 'receipt') await keepReceipt(tx, actor, appointment!, locked.id);
    else await notifyUpload(tx, appointment!, updated!);
    return updated!;
  });
  await ctx.staging.remove(fileId).catch(() => undefined);
  return confirmed;
}

/**
 * A scan-back goes to the escrow officer and the operators at once; a document to the assigned
 * agent, with the other documents of its lot, in one notice a little later (documents-notice.ts).
 */
async function notifyUpload(tx: Tx, appointment: Appointment, file: FileRow) {
  if (file.kind === 'credential') return;
  if (file.kind !== 'scan_back') {
    if (appointment.assignedAgentId && appointment.assignedAgentId !== file.uploadedBy) await markDocumentsNotice(tx, appointment);
    return;
  }
  await notify(tx, {
    type: 'appointment.updated',
    recipientIds: [appointment.createdBy, ...(await operatorIds(tx))].filter((id) => id !== file.uploadedBy),
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
// Delete

export async function deleteFile(ctx: FilesContext, db: Db, actor: Actor, appointmentId: string, fileId: string) {
  const removed = await db.transaction(async (tx) => {
    const { appointment, access } = await filesAppointment(tx, actor, appointmentId, { forUpdate: true });
    const file = await fileOf(tx, appointment.id, fileId, access);
    // Invoices are not in the file list and stay with the firm's records.
    if (file.kind === 'invoice') throw notFound('This file');
    if (!fileDeletable(appointment.status, access === 'operator')) throw new AppError('NOT_ALLOWED_IN_STATUS', FILE_KEPT_MESSAGE);
    if (file.kind === 'receipt' && !receiptDeletable(access === 'operator')) throw new AppError('FORBIDDEN', RECEIPT_KEPT_MESSAGE);
    await tx.delete(files).where(eq(files.id, file.id));
    if (appointment.originalsReceiptFileId === file.id) {
      // The shipment keeps the photo before it, if any; without one, a drop-off with no tracking
      // number is no longer recorded.
      const [earlier] = await tx
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.appointmentId, appointment.id), eq(files.kind, 'receipt'), eq(files.uploadConfirmed, true)))
        .orderBy(desc(files.createdAt), desc(files.id))
        .limit(1);
      await tx
        .update(appointments)
        .set(
          earlier || appointment.originalsTracking !== null
            ? { originalsReceiptFileId: earlier?.id ?? null }
            : { originalsReceiptFileId: null, originalsShippedAt: null, originalsCarrier: null },
        )
        .where(eq(appointments.id, appointment.id));
    }
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
