/**
 * Resumable uploads over a real socket: the API served by @hono/node-server on an ephemeral
 * port, the tus-js-client the agent app uses, 1 MB chunks.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { Upload, type DetailedError } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, scheduledForAgent, signInAll, type Sessions } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { elfBytes, grant, pdfBytes, sha256, testFiles, TUS } from './files.testing';

const MB = 1024 * 1024;

describe('tus uploads over HTTP', () => {
  let t: TestApp;
  let s: Sessions;
  let server: ServerType;
  let base: string;
  const { storage, staged } = testFiles(() => t);
  const stored: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (const key of stored) await storage.delete(key);
    await t.close();
  });

  const options = (cookie: string) => ({
    chunkSize: MB,
    headers: { cookie },
    retryDelays: null,
    storeFingerprintForResuming: false,
    removeFingerprintOnSuccess: false,
  });

  /** Runs an upload to its end: resolves on success, rejects with the tus error. */
  const run = (upload: Upload) =>
    new Promise<void>((resolve, reject) => {
      upload.options.onSuccess = () => resolve();
      upload.options.onError = (err) => reject(err);
      upload.start();
    });

  it('resumes a 3 MB scan-back interrupted halfway and stores exactly the bytes sent', async () => {
    const { id } = await scheduledForAgent(t, s);
    const bytes = pdfBytes(3 * MB);
    const granted = await grant(t, s.agent, id, [{ fileName: 'Scan-backs.pdf', size: bytes.length, contentType: 'application/pdf' }]);
    expect(granted.status).toBe(201);
    const { fileId, uploadUrl } = granted.body.items[0];
    stored.push(`appointments/${id}/${fileId}`);

    // First attempt: the connection is dropped once about 1.5 MB have gone out.
    let sentBeforeAbort = 0;
    await new Promise<void>((resolve, reject) => {
      const upload: Upload = new Upload(bytes, {
        ...options(s.agent),
        uploadUrl: `${base}${uploadUrl}`,
        onProgress: (sent) => {
          if (sent >= 1.5 * MB && sentBeforeAbort === 0) {
            sentBeforeAbort = sent;
            void upload.abort().then(resolve, reject);
          }
        },
        onSuccess: () => reject(new Error('the first attempt should not finish')),
        onError: reject,
      });
      upload.start();
    });
    expect(sentBeforeAbort).toBeGreaterThanOrEqual(1.5 * MB);

    const head = await fetch(`${base}${uploadUrl}`, { method: 'HEAD', headers: { ...TUS, cookie: s.agent } });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(MB);
    expect(offset).toBeLessThan(3 * MB);
    const [midway] = await t.database.db.select().from(schema.files).where(eq(schema.files.id, fileId));
    expect(midway!.uploadConfirmed).toBe(false);
    expect(await storage.exists(`appointments/${id}/${fileId}`)).toBe(false);

    // Then a connection that dies in the middle of a chunk: 512 KB of a 1 MB PATCH, then gone.
    await new Promise<void>((resolve) => {
      const req = request(`${base}${uploadUrl}`, {
        method: 'PATCH',
        headers: {
          ...TUS,
          cookie: s.agent,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(MB),
        },
      });
      req.on('error', () => resolve());
      req.write(bytes.subarray(offset, offset + MB / 2), () => {
        req.destroy();
        resolve();
      });
    });

    // Second attempt with the same upload URL: continues from the offset the server answers
    // to its HEAD. The server may still be storing the dropped PATCH's bytes for a moment, so
    // only offsets this client was given count; a PATCH that lands at a stale offset is
    // answered 409, and the client asks again (as the agent app's retries do).
    const chunks: number[] = [];
    const headOffsets: number[] = [];
    const resumed = new Upload(bytes, {
      ...options(s.agent),
      retryDelays: [0, 200, 1000],
      uploadUrl: `${base}${uploadUrl}`,
      onAfterResponse: (req, res) => {
        if (req.getMethod() === 'HEAD') headOffsets.push(Number(res.getHeader('Upload-Offset')));
      },
      onChunkComplete: (chunk, accepted) => chunks.push(accepted - chunk),
    });
    await run(resumed);
    expect(headOffsets.length).toBeGreaterThanOrEqual(1);
    const resumedFrom = headOffsets.at(-1)!;
    expect(resumedFrom).toBeGreaterThanOrEqual(offset);
    expect(resumedFrom).toBeLessThanOrEqual(offset + MB / 2);
    expect(chunks[0]).toBe(resumedFrom);

    const [row] = await t.database.db.select().from(schema.files).where(eq(schema.files.id, fileId));
    expect(row).toMatchObject({ uploadConfirmed: true, sizeBytes: 3 * MB, kind: 'scan_back', contentType: 'application/pdf' });
    const object = await storage.get(row!.storageKey);
    expect(object!.size).toBe(3 * MB);
    expect(sha256(Buffer.from(await new Response(object!.body).arrayBuffer()))).toBe(sha256(bytes));
    expect(staged(fileId)).toBe(false);

    // And what the escrow officer downloads through a signed link is the same file.
    const link = await post(t, `/api/appointments/${id}/files/${fileId}/download`, s.escrowA);
    const download = await fetch(`${base}${link.body.url}`, { headers: { cookie: s.escrowA } });
    expect(download.status).toBe(200);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(bytes));
    const list = (await (await fetch(`${base}/api/appointments/${id}/files`, { headers: { cookie: s.escrowA } })).json()) as {
      items: { log: { text: string }[] }[];
    };
    expect(list.items[0]!.log.map((l) => l.text)).toEqual(['File upload successful', 'File download successful']);
  });

  it('creates the upload itself at the tus endpoint when a client prefers that (POST with the grant’s metadata)', async () => {
    const { id } = await scheduledForAgent(t, s);
    const bytes = pdfBytes(MB + 12_345);
    const granted = await grant(t, s.escrowA, id, [
      { fileName: 'Lender instructions.pdf', size: bytes.length, contentType: 'application/pdf' },
    ]);
    const item = granted.body.items[0];
    stored.push(`appointments/${id}/${item.fileId}`);
    const upload = new Upload(bytes, { ...options(s.escrowA), endpoint: `${base}${item.endpoint}`, metadata: item.metadata });
    await run(upload);
    expect(upload.url).toBe(`${base}/api/uploads/${item.fileId}`);
    expect(await storage.exists(`appointments/${id}/${item.fileId}`)).toBe(true);
  });

  it('refuses an executable declared as a PDF with 415 when its last chunk is in, and keeps nothing', async () => {
    const { id } = await scheduledForAgent(t, s);
    const bytes = elfBytes(2 * MB);
    const granted = await grant(t, s.agent, id, [{ fileName: 'scan.pdf', size: bytes.length, contentType: 'application/pdf' }]);
    const { fileId, uploadUrl } = granted.body.items[0];
    const error = await run(new Upload(bytes, { ...options(s.agent), uploadUrl: `${base}${uploadUrl}` })).then(
      () => null,
      (err: DetailedError) => err,
    );
    expect(error?.originalResponse?.getStatus()).toBe(415);
    expect(JSON.parse(error!.originalResponse!.getBody())).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await t.database.db.$count(schema.files, eq(schema.files.id, fileId))).toBe(0);
    expect(await storage.exists(`appointments/${id}/${fileId}`)).toBe(false);
    expect(staged(fileId)).toBe(false);
  });
});
