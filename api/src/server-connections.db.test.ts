/**
 * The server's connections (issue 26, items 17 and 22), tried on the real server process on the
 * test's database (PGlite folder, or PostgreSQL with DATABASE_URL):
 * - clients that go away mid-request are one log line each, and slow ones are let go;
 * - a graceful stop: SIGTERM with 40 requests and a live-update stream in flight. Every request
 *   is answered, the stream ends with a `closing` event, the process exits 0.
 */
import { Agent, request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, schema } from '@signingdesk/db';
import { DEMO_PASSWORD } from '@signingdesk/db/seed';
import { createTestDatabase, type TestDatabase } from '@signingdesk/db/testing';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from './seed';
import { VALID_ORDER } from './testing/fixtures';
import { startServerProcess, stopServerProcess, type ServerProcess } from './testing/server-process';

const ORIGIN = 'http://localhost:3000';

describe('the server’s connections', () => {
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  let server: ServerProcess | undefined;
  const folders: string[] = [];

  beforeAll(async () => {
    const filesDir = mkdtempSync(join(tmpdir(), 'sd-stop-files-'));
    folders.push(filesDir);
    let target: Record<string, string>;
    if (process.env.DATABASE_URL) {
      database = await createTestDatabase();
      await seedDemoData(database.db, { agentCount: 4 });
      target = { DATABASE_URL: database.url! };
    } else {
      // The folder is seeded here, small, so the server does not seed its full demo data.
      dataDir = mkdtempSync(join(tmpdir(), 'sd-stop-data-'));
      folders.push(dataDir);
      const local = await createDb({ dataDir });
      await local.migrate();
      await seedDemoData(local.db, { agentCount: 4 });
      await local.close();
      target = { DATA_DIR: dataDir };
    }
    server = await startServerProcess({
      NODE_ENV: 'production',
      ...target,
      PUBLIC_ORIGIN: ORIGIN,
      BETTER_AUTH_SECRET: 'stop-test-secret-that-is-long-enough-01234567',
      FILES_DIR: filesDir,
      HEADERS_TIMEOUT_SECONDS: '1',
    });
  }, 120_000);

  afterAll(async () => {
    await stopServerProcess(server);
    await database?.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  function send(
    path: string,
    method: string,
    cookie: string,
    body?: string,
    agent: Agent | false = false,
  ): { req: ReturnType<typeof request>; answer: Promise<{ status: number; text: string }> } {
    const url = new URL(path, server!.url);
    const req = request(url, {
      method,
      agent,
      headers: {
        origin: ORIGIN,
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
      },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve) => {
      req.on('response', (res: IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', () => resolve({ status: -1, text }));
      });
      req.on('error', (err) => resolve({ status: 0, text: err.message }));
    });
    return { req, answer };
  }

  async function signInCookie(): Promise<string> {
    const res = await fetch(`${server!.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'escrow@firm-a.demo.test', password: DEMO_PASSWORD }),
    });
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  it('logs a client that leaves mid-request as one line, without a stack', async () => {
    const cookie = await signInCookie();
    const before = server!.output.join('').length;
    await Promise.all(
      Array.from(
        { length: 5 },
        () =>
          new Promise<void>((resolve) => {
            const socket = connect(server!.port, '127.0.0.1', () => {
              socket.write(
                `POST /api/appointments HTTP/1.1\r\nHost: localhost\r\nOrigin: ${ORIGIN}\r\nCookie: ${cookie}\r\n` +
                  'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":',
              );
              setTimeout(() => socket.destroy(), 200);
            });
            socket.on('error', () => undefined);
            socket.on('close', () => resolve());
          }),
      ),
    );
    await expect
      .poll(
        () =>
          server!.output
            .join('')
            .slice(before)
            .split('\n')
            .filter((line) => line.includes('POST /api/appointments')).length,
        { timeout: 5_000 },
      )
      .toBe(5);
    // The server's jobs (scores, signing-day reminders) may log meanwhile: their lines are not
    // this test's. Any other line, a stack's included, still fails it.
    const logged = server!.output
      .join('')
      .slice(before)
      .trim()
      .split('\n')
      .filter((line) => !/^\[(?!api\])[a-z-]+\] /.test(line));
    expect(logged).toEqual(Array(5).fill('[api] POST /api/appointments: the client closed the connection before the request was complete'));
  });

  it('lets go of a client whose request headers do not arrive within HEADERS_TIMEOUT_SECONDS (408)', async () => {
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(server!.port, '127.0.0.1', () => socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => undefined);
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('keeps an idle keep-alive connection open past the 5 s a client or proxy may reuse it after (KEEP_ALIVE_TIMEOUT_SECONDS)', async () => {
    // Node closes an idle connection after 5 s by default: a client (or a load balancer with a
    // 60 s idle timeout) that sends its next request at that moment gets "socket hang up".
    const get = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n';
    const socket = connect(server!.port, '127.0.0.1');
    socket.on('error', () => undefined);
    let text = '';
    let closed = false;
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => (closed = true));
    socket.write(get);
    await expect.poll(() => text.match(/HTTP\/1\.1 \d+/g)?.length ?? 0, { timeout: 5_000 }).toBe(1);
    expect(text).toMatch(/keep-alive: timeout=65/i);
    await new Promise((r) => setTimeout(r, 6_500));
    expect(closed).toBe(false);
    socket.write(get);
    await expect.poll(() => text.match(/HTTP\/1\.1 \d+/g)?.length ?? 0, { timeout: 5_000 }).toBe(2);
    socket.destroy();
  }, 20_000);

  it('answers every request in flight, ends the event stream with a closing event, and exits 0', async () => {
    const cookie = await signInCookie();

    // An open console: its live-update stream.
    const stream = send('/api/events', 'GET', cookie);
    stream.req.end();
    const streamText = new Promise<string>((resolve) => {
      stream.req.on('response', (res: IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(text));
        res.on('error', () => resolve(text));
      });
    });

    // 40 orders whose requests the server has begun to read: the body's first half is sent. Their
    // connections are kept alive, as a browser's are: each is closed once its answer is sent.
    const keepAlive = new Agent({ keepAlive: true });
    const bodies = Array.from({ length: 40 }, (_, i) => JSON.stringify({ ...VALID_ORDER, fileNumber: `STOP-${i}` }));
    const writes = bodies.map((body) => {
      const call = send('/api/appointments', 'POST', cookie, body, keepAlive);
      call.req.write(body.slice(0, 40));
      return { ...call, rest: body.slice(40) };
    });
    await new Promise((r) => setTimeout(r, 500));
    const exited = new Promise<number | null>((resolve) => server!.child.once('exit', (code) => resolve(code)));
    server!.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    for (const write of writes) write.req.end(write.rest);

    const answers = await Promise.all(writes.map((write) => write.answer));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(201));
    expect(await streamText).toMatch(/event: ready[\s\S]*event: closing\ndata: \{"reason":"server_stopping"\}/);
    expect(await exited).toBe(0);
    keepAlive.destroy();
    server = undefined;

    // Every answered order is stored once.
    const reopened = database ?? (await createDb({ dataDir: dataDir! }));
    const stored = await reopened.db
      .select({ fileNumber: schema.appointments.fileNumber })
      .from(schema.appointments)
      .where(like(schema.appointments.fileNumber, 'STOP-%'));
    if (!database) await reopened.close();
    expect(stored.map((row) => row.fileNumber).sort()).toEqual(bodies.map((_, i) => `STOP-${i}`).sort());
  }, 60_000);
});
