/**
 * What the file routes share for the life of the app: the storage, the tus staging store,
 * the link signer and the upload limits, all derived from the configuration. Nothing here is
 * state another API process would need: uploads are staged on disk, keys live in the database.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import type { Db } from '@signingdesk/db';
import type { Env } from '../../env';
import { createStorage, stagingDir, type FileStorage } from '../../lib/storage/storage';
import { createLinkSigner, type LinkSigner } from './files.links';

/** An upload not finished within a day is discarded (the client asks for a new grant). */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

export interface FilesContext {
  db: Db;
  storage: FileStorage;
  staging: FileStore;
  /** The staged bytes of an upload. */
  stagedPath(fileId: string): string;
  links: LinkSigner;
  maxUploadBytes: number;
  maxUploadMb: number;
  publicOrigin: string;
}

/**
 * tus's FileStore without the folder check its constructor starts and does not wait for: that
 * check throws from a callback, an uncaught exception that ends the process, when the folder
 * above is removed before it runs (a test app closed at once). The folder is made before.
 */
class StagingStore extends FileStore {}
// Private in FileStore's types, so replaced on the prototype the constructor's call finds first.
Object.defineProperty(StagingStore.prototype, 'checkOrCreateDirectory', { value: () => undefined });

export function createFilesContext(env: Env, db: Db, storage: FileStorage = createStorage(env)): FilesContext {
  const directory = stagingDir(env);
  // Made here, synchronously (StagingStore does not).
  mkdirSync(directory, { recursive: true });
  return {
    db,
    storage,
    staging: new StagingStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS }),
    stagedPath: (fileId) => join(directory, fileId),
    links: createLinkSigner(db),
    maxUploadBytes: Math.floor(env.MAX_UPLOAD_MB * 1024 * 1024),
    maxUploadMb: env.MAX_UPLOAD_MB,
    publicOrigin: env.PUBLIC_ORIGIN,
  };
}
