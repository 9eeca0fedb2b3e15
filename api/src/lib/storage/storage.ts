/**
 * File storage behind one interface: a local folder by default, an S3-compatible bucket when
 * S3_BUCKET is set (DESIGN.md "Real parts"). The database holds only metadata; the bytes live
 * here under keys the server generates (`appointments/<appointmentId>/<fileId>`), never under
 * a name a client chose, so a key can neither collide nor climb out of the storage root.
 */
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import type { Env } from '../../env';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';

export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  size: number;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Writes the object whole; a reader never sees a half-written object. `size` is required for streams on S3. */
  put(key: string, body: Readable | Uint8Array, contentType: string, size?: number): Promise<void>;
  /** The object's bytes and size, or null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

type StorageEnv = Pick<
  Env,
  'FILES_DIR' | 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
>;

/** The local files folder: the objects of the local store and, with either store, the upload staging area. */
export function filesRoot(env: Pick<Env, 'FILES_DIR' | 'DATA_DIR'>): string {
  return resolve(env.FILES_DIR ?? join(env.DATA_DIR, 'files'));
}

/** Where resumable uploads are assembled before they are checked and moved into storage. */
export function stagingDir(env: Pick<Env, 'FILES_DIR' | 'DATA_DIR'>): string {
  // A dot-folder: no storage key can name it.
  return join(filesRoot(env), '.staging');
}

export function createStorage(env: StorageEnv): FileStorage {
  if (!env.S3_BUCKET) return new LocalStorage(filesRoot(env));
  if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too.');
  }
  return new S3Storage({
    endpoint: env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION}.amazonaws.com`,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  });
}
