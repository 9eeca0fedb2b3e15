/**
 * The photo or PDF of an agent's credential (issue 31): one file of kind 'credential' that
 * belongs to the credential, not to an order. It goes through the same resumable upload as an
 * order's files (grant, tus, content check on finish); only the agent and operators reach it
 * (files.access.ts documentCredential). Owns credential files' rows and agent_credentials.file_id.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { credentialFileKey } from '../../lib/storage/keys';
import { credentialForDocument } from '../credentials/credentials.service';
import type { FilesContext } from './files.context';
import { UPLOAD_EXPIRY_MS } from './files.context';
import { checkUploadLimits } from './files.limits';
import { planUploads, stageUpload } from './files.lifecycle';
import type { UploadGrant } from './files.schemas';

const { agentCredentials, files, fileEvents } = schema;

/**
 * Admits the document of the agent's own credential that waits for review: a files row
 * (unconfirmed) that the credential now points to, and its tus upload. A new document replaces
 * the one before (the credential keeps pointing to the latest).
 */
export async function grantCredentialDocument(
  ctx: FilesContext,
  db: Db,
  actor: Actor,
  credentialId: string,
  input: { fileName: string; size: number; contentType?: string | undefined },
): Promise<UploadGrant> {
  const [planned] = planUploads(ctx, { files: [{ ...input, contentType: input.contentType ?? '' }] });
  const p = planned!;
  const expiresAt = new Date(Date.now() + UPLOAD_EXPIRY_MS).toISOString();
  let staged = false;
  try {
    return await db.transaction(async (tx) => {
      const credential = await credentialForDocument(tx, actor, credentialId);
      await checkUploadLimits(tx, { appointmentId: null, userId: actor.userId, mayRemoveFiles: false, count: 1, bytes: p.size });
      await tx.insert(files).values({
        id: p.fileId,
        credentialId: credential.id,
        kind: 'credential',
        fileName: p.fileName,
        storageKey: credentialFileKey(credential.id, p.fileId),
        contentType: p.contentType,
        sizeBytes: p.size,
        uploadedBy: actor.userId,
      });
      await tx.insert(fileEvents).values({ fileId: p.fileId, action: 'write', userId: actor.userId });
      await tx.update(agentCredentials).set({ fileId: p.fileId, updatedAt: new Date() }).where(eq(agentCredentials.id, credential.id));
      await audit(tx, {
        actorId: actor.userId,
        action: 'file.upload_granted',
        entityType: 'file',
        entityId: p.fileId,
        details: { fileName: p.fileName, sizeBytes: p.size, contentType: p.contentType, kind: 'credential', credentialId: credential.id },
      });
      const item = await stageUpload(ctx, p, 'credential', expiresAt);
      staged = true;
      return { items: [item] };
    });
  } catch (err) {
    if (staged) await ctx.staging.remove(p.fileId).catch(() => undefined);
    throw err;
  }
}
