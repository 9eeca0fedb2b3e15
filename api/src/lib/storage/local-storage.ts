/**
 * Objects as files under one root folder. A write goes to a temporary file first and is
 * renamed into place, so a reader sees the old object or the new one, never half of one.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey } from './keys';
import type { FileStorage, StoredObject } from './storage';

export class LocalStorage implements FileStorage {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file of a key, checked to lie inside the root (keys are validated as well). */
  pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(this.root, ...key.split('/'));
    const rel = relative(this.root, path);
    if (rel === '' || rel.startsWith('..') || rel.includes(`..${sep}`) || resolve(this.root, rel) !== path) {
      throw new Error(`storage key ${key} leaves the storage root`);
    }
    return path;
  }

  async put(key: string, body: Readable | Uint8Array, _contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = join(dirname(path), `.${randomUUID()}.part`);
    try {
      await pipeline(body instanceof Uint8Array ? Readable.from([body]) : body, createWriteStream(temp, { flags: 'wx' }));
      await rename(temp, path);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    const info = await stat(path).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return null;
      throw err;
    });
    if (!info || !info.isFile()) return null;
    return { body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>, size: info.size };
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  async exists(key: string): Promise<boolean> {
    const info = await stat(this.pathOf(key)).catch(() => null);
    return Boolean(info?.isFile());
  }
}
