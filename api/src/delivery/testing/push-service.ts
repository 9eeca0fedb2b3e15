/**
 * A Web Push service on 127.0.0.1 over HTTPS for the delivery tests: it receives what
 * web-push sends, checks nothing itself, and can decrypt a message (RFC 8291, aes128gcm) for
 * a device whose keys it made, and verify the VAPID signature (RFC 8292).
 *
 * `acceptLimit`: after that many accepted pushes, further requests are held unanswered — the
 * sender is stuck mid-request, as when a process is killed while a push is in flight.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestCertificate } from './tls';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface TestDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The JSON the push carried, decrypted with this device's private key. */
  decrypt(body: Buffer): unknown;
}

export class TestPushService {
  readonly received: ReceivedPush[] = [];
  /** Status answered per request path; 201 when it returns undefined. */
  statusFor: (path: string) => number | undefined = () => undefined;
  acceptLimit = Number.POSITIVE_INFINITY;
  private readonly held: ServerResponse[] = [];
  private accepted = 0;

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(certificate: TestCertificate): Promise<TestPushService> {
    let service: TestPushService | undefined;
    const server = createServer({ key: certificate.key, cert: certificate.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => service!.handle(req.url ?? '/', req.headers, Buffer.concat(chunks), res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    service = new TestPushService(server, `https://127.0.0.1:${port}`);
    return service;
  }

  private handle(path: string, headers: IncomingHttpHeaders, body: Buffer, res: ServerResponse) {
    const status = this.statusFor(path) ?? 201;
    if (status === 201 && this.accepted >= this.acceptLimit) {
      this.held.push(res);
      return;
    }
    if (status === 201) this.accepted++;
    res.statusCode = status;
    res.on('finish', () => {
      if (status === 201) this.received.push({ path, headers, body });
    });
    res.end();
  }

  /** Answers every held request with 201 from now on. */
  release(): void {
    this.acceptLimit = Number.POSITIVE_INFINITY;
  }

  /** A device subscribed at this service: its endpoint and keys, as a browser would make them. */
  device(name: string): TestDevice {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const publicKey = ecdh.getPublicKey();
    return {
      endpoint: `${this.origin}/push/${name}`,
      p256dh: publicKey.toString('base64url'),
      auth: auth.toString('base64url'),
      decrypt: (body) => JSON.parse(decryptAes128gcm(body, ecdh, publicKey, auth)),
    };
  }

  async close(): Promise<void> {
    for (const res of this.held) res.socket?.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** RFC 8291 §3.4 / RFC 8188: one record, the user agent's side. */
function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, uaPublic: Buffer, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks the `Authorization: vapid t=<JWT>, k=<key>` header: the key is `publicKey`, the JWT
 * is signed by it (ES256) for the push service's origin. Returns the JWT claims.
 */
export function verifyVapid(authorization: string | undefined, publicKey: string, audience: string): Record<string, unknown> {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error('the VAPID key is not the server’s');
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') };
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID signature does not verify');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (parsed.aud !== audience) throw new Error(`the VAPID audience is ${String(parsed.aud)}, not ${audience}`);
  return parsed;
}
