import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { appointmentFileKey, assertStorageKey } from './keys';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import { createStorage, filesRoot, stagingDir, type FileStorage } from './storage';

const APPOINTMENT = '6f1c2a9e-4b1d-4c8e-9f0a-2b3c4d5e6f70';
const FILE = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const text = async (storage: FileStorage, key: string) => {
  const object = await storage.get(key);
  return object ? Buffer.from(await new Response(object.body).arrayBuffer()).toString() : null;
};

/** The same contract, whichever store. */
function behavesAsStorage(make: () => FileStorage) {
  it('puts bytes and streams, reads them back with their size, tells whether they exist and deletes them', async () => {
    const storage = make();
    const key = appointmentFileKey(APPOINTMENT, FILE);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from('first version'), 'text/plain');
    expect(await text(storage, key)).toBe('first version');
    const big = randomBytes(300_000);
    await storage.put(key, Readable.from([big.subarray(0, 100_000), big.subarray(100_000)]), 'application/pdf', big.length);
    const object = await storage.get(key);
    expect(object!.size).toBe(300_000);
    expect(Buffer.from(await new Response(object!.body).arrayBuffer()).equals(big)).toBe(true);
    expect(await storage.exists(key)).toBe(true);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key);
  });

  it('refuses keys that could leave the storage root', async () => {
    const storage = make();
    for (const key of ['../etc/passwd', '/etc/passwd', 'a/../../b', 'a\\b', '.staging/x', 'a//b', 'a/./b', '', 'a/b/', 'C:/x']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/invalid storage key/);
    }
  });
}

describe('local storage', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'signingdesk-files-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  behavesAsStorage(() => new LocalStorage(root));

  it('keeps objects under the root by key and leaves no temporary files behind', async () => {
    const storage = new LocalStorage(root);
    await storage.put(appointmentFileKey(APPOINTMENT, FILE), Buffer.from('x'), 'application/pdf');
    expect(await readdir(join(root, 'appointments', APPOINTMENT))).toEqual([FILE]);
    expect(storage.pathOf('seed/a/b')).toBe(join(root, 'seed', 'a', 'b'));
  });
});

/** Checks an AWS Signature V4 the way S3 does, independently of the client's library. */
function signatureIsValid(req: IncomingMessage, secret: string): boolean {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
  if (!match) return false;
  const [, , date, region, signedHeaders, signature] = match as unknown as string[];
  const url = new URL(req.url!, 'http://s3.test');
  const query = [...url.searchParams]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  const headers = signedHeaders!
    .split(';')
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, req.headers['x-amz-content-sha256']].join('\n');
  const amzDate = String(req.headers['x-amz-date']);
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const signing = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), 's3'), 'aws4_request');
  return amzDate.startsWith(date!) && hmac(signing, toSign).toString('hex') === signature;
}

describe('S3-compatible storage', () => {
  const SECRET = 'test-secret-access-key';
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: { method: string; path: string; payload: string | undefined }[] = [];
  let server: Server;
  let endpoint: string;

  beforeAll(async () => {
    server = createServer((req, res) => void answer(req, res));
    async function answer(req: IncomingMessage, res: ServerResponse) {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const path = decodeURIComponent(new URL(req.url!, 'http://s3.test').pathname);
      seen.push({ method: req.method!, path, payload: req.headers['x-amz-content-sha256'] as string | undefined });
      if (!signatureIsValid(req, SECRET))
        return res.writeHead(403, { 'Content-Type': 'application/xml' }).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      const object = objects.get(path);
      switch (req.method) {
        case 'PUT':
          if (!req.headers['content-length']) return res.writeHead(411).end();
          objects.set(path, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
          return res.writeHead(200).end();
        case 'GET':
        case 'HEAD':
          if (!object)
            return res
              .writeHead(404, { 'Content-Type': 'application/xml' })
              .end(req.method === 'GET' ? '<Error><Code>NoSuchKey</Code></Error>' : undefined);
          res.writeHead(200, { 'Content-Type': object.type, 'Content-Length': object.body.length });
          return res.end(req.method === 'GET' ? object.body : undefined);
        case 'DELETE':
          objects.delete(path);
          return res.writeHead(204).end();
        default:
          return res.writeHead(405).end();
      }
    }
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const s3 = (secret = SECRET) =>
    new S3Storage({ endpoint, bucket: 'signing-files', region: 'us-west-2', accessKeyId: 'AKIDTEST', secretAccessKey: secret });

  behavesAsStorage(() => s3());

  it('signs every request, addresses the bucket path-style and sends the payload unsigned (streamed)', async () => {
    seen.length = 0;
    await s3().put(appointmentFileKey(APPOINTMENT, FILE), Buffer.from('%PDF-1.7'), 'application/pdf');
    expect(seen).toEqual([{ method: 'PUT', path: `/signing-files/appointments/${APPOINTMENT}/${FILE}`, payload: 'UNSIGNED-PAYLOAD' }]);
    expect(objects.get(`/signing-files/appointments/${APPOINTMENT}/${FILE}`)?.type).toBe('application/pdf');
  });

  it('fails loudly when the bucket refuses the credentials', async () => {
    await expect(s3('wrong-secret').put(appointmentFileKey(APPOINTMENT, FILE), Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /answered 403/,
    );
  });
});

describe('choosing the storage', () => {
  it('uses the local files folder by default and the bucket when S3_BUCKET is set', () => {
    const local = parseEnv({ DATA_DIR: '/var/lib/signingdesk' });
    expect(createStorage(local).kind).toBe('local');
    expect(filesRoot(local)).toBe('/var/lib/signingdesk/files');
    expect(stagingDir(parseEnv({ FILES_DIR: '/srv/files' }))).toBe('/srv/files/.staging');
    const bucket = parseEnv({
      S3_BUCKET: 'b',
      S3_ENDPOINT: 'https://minio.internal:9000',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(createStorage(bucket).kind).toBe('s3');
    expect(() => createStorage(parseEnv({ S3_BUCKET: 'b' }))).toThrow(
      'S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too.',
    );
  });

  it('makes keys from ids only', () => {
    expect(appointmentFileKey(APPOINTMENT, FILE)).toBe(`appointments/${APPOINTMENT}/${FILE}`);
    expect(() => appointmentFileKey('../x', FILE)).toThrow();
    expect(() => assertStorageKey('seed/a/b')).not.toThrow();
  });
});
