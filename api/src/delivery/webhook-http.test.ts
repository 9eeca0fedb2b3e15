import { once } from 'node:events';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_RESPONSE_EXCERPT_MAX } from '@signingdesk/domain/webhook-url';
import { selfSignedCertificate } from './testing/tls';
import { newWebhookSecret, resolvePublicAddress, sendWebhook, signWebhook, type ResolveHost } from './webhook-http';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A firm's receiver on 127.0.0.1: what it answers depends on the path. */
let received: Received[] = [];
/** Whether the receiver finished sending its long answer (it should not: the sender stops reading). */
let longAnswerFinished: Promise<boolean>;
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createHttpServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.url === '/hook') res.writeHead(200, { 'content-type': 'text/plain' }).end('queued');
      else if (req.url === '/broken') res.writeHead(500, { 'content-type': 'text/plain' }).end('database is down, try later');
      else if (req.url === '/moved') res.writeHead(302, { location: `${origin}/hook` }).end('moved');
      else if (req.url === '/long') {
        // 64 MB, far more than the sockets between the two ends can hold.
        const chunk = Buffer.alloc(1024 * 1024, 'x');
        longAnswerFinished = new Promise((resolve) => {
          res.on('finish', () => resolve(true));
          res.on('close', () => resolve(res.writableFinished));
        });
        res.writeHead(200, { 'content-type': 'text/plain' });
        Readable.from(Array.from({ length: 64 }, () => chunk)).pipe(res);
      }
      // Any other path: no answer at all.
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

beforeEach(() => {
  received = [];
});

const secret = newWebhookSecret();
const payload = { type: 'appointment.completed', timestamp: '2026-11-27T18:05:00.000Z', data: { appointmentId: 'a1f0c2d4' } };
const attempt = (url: string, overrides: Partial<Parameters<typeof sendWebhook>[0]> = {}) =>
  sendWebhook({
    url,
    secret,
    id: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
    timestamp: Math.floor(Date.now() / 1000),
    body: JSON.stringify(payload),
    allowLocalhostHttp: true,
    timeoutMs: 5_000,
    ...overrides,
  });
const asStrings = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));

describe('signing', () => {
  it('makes secrets of 32 random bytes behind whsec_', () => {
    const made = newWebhookSecret();
    expect(made).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(made.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(made);
  });

  it('signs as the reference implementation does', () => {
    const fixed = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"type":"contact.created","timestamp":"2022-11-03T20:26:10.344522Z","data":{"id":"1f81eb52"}}';
    const ours = signWebhook(fixed, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body);
    expect(ours).toBe(new Webhook(fixed).sign('msg_p5jXN8AQM9LWM0D4loKWxJek', new Date(1614265330 * 1000), body));
    expect(ours).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });

  it('refuses a malformed secret and an id with a full stop', () => {
    expect(() => signWebhook('not-a-secret', 'msg_1', 1, '{}')).toThrow(/whsec_/);
    expect(() => signWebhook('whsec_c2hvcnQ=', 'msg_1', 1, '{}')).toThrow(/24–64 bytes/);
    expect(() => signWebhook(secret, 'msg.1', 1, '{}')).toThrow(/no "\."/);
  });
});

describe('sendWebhook', () => {
  it('posts the JSON with Standard Webhooks headers that the reference verifier accepts', async () => {
    const result = await attempt(`${origin}/hook`);
    expect(result).toMatchObject({ ok: true, status: 200, excerpt: 'queued', error: null });
    expect(received).toHaveLength(1);
    const [delivery] = received as [Received];
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['user-agent']).toBe('SigningDesk-Webhooks/1');
    expect(delivery.headers['webhook-id']).toBe('msg_2KWPBgLlAfxdpx2AI54pPJ85f4W');
    expect(new Webhook(secret).verify(delivery.body, asStrings(delivery.headers))).toEqual(payload);
    expect(() => new Webhook(newWebhookSecret()).verify(delivery.body, asStrings(delivery.headers))).toThrow('No matching signature found');
  });

  it('reports a 500 with the start of its body', async () => {
    const result = await attempt(`${origin}/broken`);
    expect(result).toMatchObject({
      ok: false,
      status: 500,
      excerpt: 'database is down, try later',
      error: 'The endpoint answered 500; only a 2xx answer counts as delivered',
    });
  });

  it('does not follow a redirect and says so', async () => {
    const result = await attempt(`${origin}/moved`);
    expect(result).toMatchObject({
      ok: false,
      status: 302,
      error: `The endpoint answered 302, a redirect to ${origin}/hook; redirects are not followed: set the Endpoint URL to the final address`,
    });
    expect(received.map((r) => r.path)).toEqual(['/moved']);
  });

  it('gives up on a receiver that never answers', async () => {
    const result = await attempt(`${origin}/silent`, { timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, status: null, excerpt: '', error: 'Timed out after 0.3 s' });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
    expect(result.durationMs).toBeLessThan(3_000);
    expect(received.map((r) => r.path)).toEqual(['/silent']);
  });

  it('keeps the first 500 characters of a long answer and stops reading it', async () => {
    const result = await attempt(`${origin}/long`);
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(result.excerpt).toBe('x'.repeat(WEBHOOK_RESPONSE_EXCERPT_MAX));
    expect(await longAnswerFinished).toBe(false);
  });

  it('without the development setting refuses the local URL before connecting', async () => {
    expect(await attempt(`${origin}/hook`, { allowLocalhostHttp: false })).toMatchObject({
      ok: false,
      status: null,
      error: 'Endpoint URL must start with https://.',
    });
    const https = origin.replace('http:', 'https:');
    expect(await attempt(`${https}/hook`, { allowLocalhostHttp: false })).toMatchObject({
      ok: false,
      status: null,
      error: 'Endpoint URL must not point to a private or local network address.',
    });
    expect(received).toEqual([]);
  });

  it('checks the address it connects to, not the one seen when the endpoint was saved (DNS rebinding)', async () => {
    const port = (server.address() as AddressInfo).port;
    let lookups = 0;
    // Public when the endpoint is saved, this machine a moment later.
    const rebinding: ResolveHost = async () => [{ address: lookups++ === 0 ? '93.184.215.14' : '127.0.0.1', family: 4 }];
    const url = `https://hooks.rebind.example:${port}/hook`;
    expect(await resolvePublicAddress('hooks.rebind.example', { allowLocalhostHttp: false, resolve: rebinding })).toMatchObject({
      ok: true,
    });
    const result = await attempt(url, { allowLocalhostHttp: false, resolve: rebinding });
    expect(result).toMatchObject({
      ok: false,
      status: null,
      error: 'Not sent: hooks.rebind.example resolves to a private or local network address',
    });
    expect(received).toEqual([]);
  });

  it('connects by name through the checked lookup in the development case', async () => {
    const port = (server.address() as AddressInfo).port;
    const looked: string[] = [];
    const resolve: ResolveHost = async (hostname) => {
      looked.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const result = await attempt(`http://localhost:${port}/hook`, { resolve });
    expect(result).toMatchObject({ ok: true, status: 200, excerpt: 'queued' });
    expect(looked).toEqual(['localhost']);
    expect(received.map((r) => r.path)).toEqual(['/hook']);
  });

  it('reports a refused connection and an untrusted certificate as sentences', async () => {
    const closed = createHttpServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const freePort = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    expect(await attempt(`http://127.0.0.1:${freePort}/hook`)).toMatchObject({
      ok: false,
      status: null,
      error: '127.0.0.1 refused the connection',
    });

    const tls = createHttpsServer(selfSignedCertificate(), (_req, res) => res.end('should not be reached'));
    tls.listen(0, '127.0.0.1');
    await once(tls, 'listening');
    try {
      const result = await attempt(`https://127.0.0.1:${(tls.address() as AddressInfo).port}/hook`);
      expect(result).toMatchObject({ ok: false, status: null });
      expect(result.error).toBe('The TLS certificate of 127.0.0.1 was not accepted: it is self-signed');
    } finally {
      tls.close();
    }
  });
});

describe('resolvePublicAddress', () => {
  it('refuses localhost unless in the development case, and then only loopback addresses', async () => {
    expect(await resolvePublicAddress('localhost', { allowLocalhostHttp: false })).toEqual({
      ok: false,
      reason: 'private-address',
      message: 'Endpoint URL must not point to a private or local network address.',
    });
    const development = await resolvePublicAddress('localhost', { allowLocalhostHttp: true });
    expect(development.ok && development.addresses.length > 0).toBe(true);
    const elsewhere: ResolveHost = async () => [{ address: '10.1.2.3', family: 4 }];
    expect(await resolvePublicAddress('localhost', { allowLocalhostHttp: true, resolve: elsewhere })).toMatchObject({ ok: false });
  });

  it('refuses a host when any of its addresses is private', async () => {
    const mixed: ResolveHost = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    expect(await resolvePublicAddress('hooks.example.com', { allowLocalhostHttp: false, resolve: mixed })).toMatchObject({
      ok: false,
      reason: 'private-address',
    });
    const mapped: ResolveHost = async () => [{ address: '::ffff:169.254.169.254', family: 6 }];
    expect(await resolvePublicAddress('hooks.example.com', { allowLocalhostHttp: false, resolve: mapped })).toMatchObject({ ok: false });
    const publicOnly: ResolveHost = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ];
    expect(await resolvePublicAddress('hooks.example.com', { allowLocalhostHttp: false, resolve: publicOnly })).toEqual({
      ok: true,
      addresses: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
      ],
    });
  });

  it('says when a host does not exist', async () => {
    const missing: ResolveHost = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND hooks.nowhere.example'), { code: 'ENOTFOUND' });
    };
    expect(await resolvePublicAddress('hooks.nowhere.example', { allowLocalhostHttp: false, resolve: missing })).toEqual({
      ok: false,
      reason: 'not-found',
      message: 'The host of the Endpoint URL, hooks.nowhere.example, was not found: check the address.',
    });
  });
});
