/**
 * Test builders for files: sample contents, an upload through the real grant + tus flow in
 * one request per chunk, and the storage the test app writes to.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LocalStorage } from '../../lib/storage/local-storage';
import { filesRoot, stagingDir } from '../../lib/storage/storage';
import { readJson, type TestApp } from '../../testing/test-app';

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Bytes that start like a PDF, `size` long. */
export function pdfBytes(size = 2048): Buffer {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');
  const tail = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
  const middle = randomBytes(Math.max(0, size - head.length - tail.length));
  return Buffer.concat([head, middle, tail]).subarray(0, size);
}

/** A Linux executable header followed by noise. */
export function elfBytes(size = 4096): Buffer {
  const header = Buffer.from([
    0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x00, 0x3e, 0x00, 0x01, 0, 0, 0,
  ]);
  return Buffer.concat([header, randomBytes(size - header.length)]);
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The storage and staging folder of createTestApp() (its configuration sets no FILES_DIR). */
/** The test app's file storage and tus staging folder (read once the app exists). */
export function testFiles(app: () => TestApp) {
  const storage = () => new LocalStorage(filesRoot(app().env));
  return {
    storage: {
      get: (key: string) => storage().get(key),
      exists: (key: string) => storage().exists(key),
      delete: (key: string) => storage().delete(key),
    },
    staged: (fileId: string) => {
      const staging = stagingDir(app().env);
      return existsSync(join(staging, fileId)) || existsSync(join(staging, `${fileId}.json`));
    },
  };
}

export const TUS = { 'Tus-Resumable': '1.0.0' };

export async function grant(
  t: TestApp,
  cookie: string,
  appointmentId: string,
  files: { fileName: string; size: number; contentType?: string }[],
) {
  const res = await t.request(`/api/appointments/${appointmentId}/files/uploads`, {
    method: 'POST',
    cookie,
    body: JSON.stringify({ files }),
  });
  return { status: res.status, body: await readJson(res), headers: res.headers };
}

export function patchChunk(t: TestApp, cookie: string | undefined, fileId: string, offset: number, bytes: Uint8Array) {
  return t.request(`/api/uploads/${fileId}`, {
    method: 'PATCH',
    cookie,
    headers: { ...TUS, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    body: bytes,
  });
}

/** Grant + PATCH in chunks of at most 1 MB; answers the file id and the last chunk's response. */
export async function uploadFile(
  t: TestApp,
  cookie: string,
  appointmentId: string,
  bytes: Uint8Array,
  fileName = 'Loan Package.pdf',
  contentType = 'application/pdf',
) {
  const granted = await grant(t, cookie, appointmentId, [{ fileName, size: bytes.byteLength, contentType }]);
  if (granted.status !== 201) throw new Error(`grant answered ${granted.status}: ${JSON.stringify(granted.body)}`);
  const fileId: string = granted.body.items[0].fileId;
  let res: Response | null = null;
  for (let offset = 0; offset < bytes.byteLength; offset += 1024 * 1024) {
    res = await patchChunk(t, cookie, fileId, offset, bytes.subarray(offset, offset + 1024 * 1024));
    if (res.status !== 204) break;
  }
  return { fileId, res: res! };
}
