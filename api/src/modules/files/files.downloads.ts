/**
 * Downloads: five-minute signed links bound to the user who asked (files.links.ts signs them),
 * opened once, with the 'read' event confirmed when the last byte went out.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, eq, isNull } from 'drizzle-orm';
import { withoutInvisibleCharacters } from '@signingdesk/domain/text';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { INACTIVE_REGISTRATION_MESSAGE } from '../../middleware/guard';
import { audit } from '../../lib/audit';
import type { StoredObject } from '../../lib/storage/storage';
import { documentCredential, filesAppointment, fileOf, reachFile, type FileRow } from './files.access';
import type { FilesContext } from './files.context';
import { DOWNLOAD_LINK_SECONDS } from './files.links';
import type { DownloadLink } from './files.schemas';
import { recordWebhookEvent } from '../webhooks/webhook-events';

const { files, fileEvents } = schema;

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
    return { file, eventId: await logDownload(tx, actor, file) };
  });
  return signLink(ctx, file, eventId);
}

/**
 * A five-minute link to the document of a credential the caller may reach (its agent,
 * operators; anyone else 404), and its 'read' event. 404 while the credential has no document.
 */
export async function createCredentialDownloadLink(ctx: FilesContext, db: Db, actor: Actor, credentialId: string): Promise<DownloadLink> {
  const { eventId, file } = await db.transaction(async (tx) => {
    const credential = await documentCredential(tx, actor, credentialId);
    const [file] = credential.fileId
      ? await tx
          .select()
          .from(files)
          .where(and(eq(files.id, credential.fileId), eq(files.credentialId, credential.id)))
      : [];
    if (!file) throw notFound('This document');
    return { file, eventId: await logDownload(tx, actor, file) };
  });
  return signLink(ctx, file, eventId);
}

async function logDownload(tx: Tx, actor: Actor, file: FileRow): Promise<string> {
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
    appointmentId: file.appointmentId,
    details: { fileName: file.fileName, kind: file.kind },
  });
  return event!.id;
}

async function signLink(ctx: FilesContext, file: FileRow, eventId: string): Promise<DownloadLink> {
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
  if (row.file.credentialId === null && actor.role === 'notary' && actor.status !== 'active') {
    throw new AppError('REGISTRATION_NOT_ACTIVE', INACTIVE_REGISTRATION_MESSAGE);
  }
  await reachFile(ctx.db, actor, row.file);

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
  let sent = 0;
  let confirmed = false;
  const confirm = () => {
    confirmed = true;
    return ctx.db
      .transaction(async (tx) => {
        await tx.update(fileEvents).set({ confirmed: true }).where(eq(fileEvents.id, row.eventId));
        await announceAgentDownload(tx, actor, row.file);
      })
      .catch((err: unknown) => console.error('[files] could not confirm a download:', err));
  };
  return {
    fileName: withoutInvisibleCharacters(row.file.fileName),
    contentType: row.file.contentType,
    size: object.size,
    // Confirmed before the last bytes are handed on: a client has the whole body once it has
    // Content-Length bytes, and the file list it asks for next must already say so.
    body: new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          if (!confirmed) await confirm();
          controller.close();
          return;
        }
        sent += value.byteLength;
        if (sent >= object.size && !confirmed) await confirm();
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    }),
  };
}

/**
 * The assigned agent has a document of the order: the firm's webhook event
 * order.documents_downloaded, with the download's confirmation (issue 34).
 */
async function announceAgentDownload(tx: Tx, actor: Actor, file: FileRow) {
  if (file.appointmentId === null || file.kind !== 'document' || actor.role !== 'notary') return;
  const [order] = await tx
    .select({ assignedAgentId: schema.appointments.assignedAgentId })
    .from(schema.appointments)
    .where(eq(schema.appointments.id, file.appointmentId));
  if (order?.assignedAgentId !== actor.userId) return;
  await recordWebhookEvent(tx, {
    action: 'file.downloaded',
    appointmentId: file.appointmentId,
    entityId: file.id,
    details: { fileName: file.fileName },
  });
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
