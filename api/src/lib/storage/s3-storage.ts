/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, R2, …), path-style URLs signed with
 * AWS Signature V4 (aws4fetch). The payload is sent unsigned (UNSIGNED-PAYLOAD) so a large
 * object streams through without being hashed first; TLS protects it in transit.
 */
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import { assertStorageKey } from './keys';
import type { FileStorage, StoredObject } from './storage';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(options: S3Options) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
      retries: 2,
    });
    this.base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
  }

  private url(key: string): string {
    assertStorageKey(key);
    return `${this.base}/${key}`;
  }

  async put(key: string, body: Readable | Uint8Array, contentType: string, size?: number): Promise<void> {
    const bytes = body instanceof Uint8Array;
    if (!bytes && size === undefined) throw new Error('S3 put of a stream needs its size');
    const res = await this.client.fetch(this.url(key), {
      method: 'PUT',
      headers: { 'Content-Type': contentType, 'Content-Length': String(bytes ? body.byteLength : size) },
      body: bytes ? body : (Readable.toWeb(body) as ReadableStream<Uint8Array>),
    });
    await expectOk(res, 'PUT', key);
  }

  async get(key: string): Promise<StoredObject | null> {
    const res = await this.client.fetch(this.url(key), { method: 'GET' });
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    await expectOk(res, 'GET', key, false);
    return { body: res.body!, size: Number(res.headers.get('content-length') ?? 0) };
  }

  async delete(key: string): Promise<void> {
    const res = await this.client.fetch(this.url(key), { method: 'DELETE' });
    if (res.status === 404) return void (await res.body?.cancel());
    await expectOk(res, 'DELETE', key);
  }

  async exists(key: string): Promise<boolean> {
    const res = await this.client.fetch(this.url(key), { method: 'HEAD' });
    await res.body?.cancel();
    if (res.status === 404) return false;
    await expectOk(res, 'HEAD', key);
    return true;
  }
}

async function expectOk(res: Response, method: string, key: string, drain = true): Promise<void> {
  if (res.ok) {
    if (drain) await res.body?.cancel();
    return;
  }
  const detail = (await res.text().catch(() => '')).slice(0, 300);
  throw new Error(`S3 ${method} ${key} answered ${res.status}${detail ? `: ${detail}` : ''}`);
}
