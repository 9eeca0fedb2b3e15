/**
 * The server when PostgreSQL hiccups (issue 26, items 15–16): backends terminated under a write
 * load, and the database unreachable for a while (a TCP proxy between the server and PostgreSQL
 * drops every connection and refuses new ones). The real server process, as `npm start` runs it.
 *
 * PostgreSQL only (`*.postgres.test.ts`): pg_terminate_backend and a network path to cut.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema } from '@signingdesk/db';
import { DEMO_PASSWORD } from '@signingdesk/db/seed';
import { createTestDatabase, type TestDatabase } from '@signingdesk/db/testing';
import { like } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from './seed';
import { VALID_ORDER } from './testing/fixtures';
import { startServerProcess, stopServerProcess, type ServerProcess } from './testing/server-process';
import { startTcpProxy, type TcpProxy } from './testing/tcp-proxy';

const ORIGIN = 'http://localhost:3000';

interface Answer {
  status: number;
  retryAfter: string | null;
  ms: number;
  /** Why no answer came (status 0): the client's error, for the failure's message. */
  error?: string;
}

describe('the server when PostgreSQL drops its connections', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: ServerProcess | undefined;
  let killer: postgres.Sql;
  let filesDir: string;
  let cookie: string;
  let exited: number | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, { agentCount: 4 });
    const upstream = new URL(database.url!);
    proxy = await startTcpProxy(upstream.hostname, Number(upstream.port || 5432));
    filesDir = mkdtempSync(join(tmpdir(), 'sd-faults-files-'));
    server = await startServerProcess({
      NODE_ENV: 'production',
      DATABASE_URL: proxy.urlFor(database.url!),
      PUBLIC_ORIGIN: ORIGIN,
      BETTER_AUTH_SECRET: 'fault-test-secret-that-is-long-enough-0123456',
      FILES_DIR: filesDir,
      RUN_WORKER: '0',
      SESSION_CACHE_SECONDS: '0',
    });
    server.child.once('exit', (code) => (exited = code));
    killer = postgres(database.url!, { max: 1, onnotice: () => {} });
    const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'escrow@firm-a.demo.test', password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }, 120_000);

  afterAll(async () => {
    await stopServerProcess(server);
    await killer?.end();
    await proxy?.close();
    await database?.close();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  async function createOrder(fileNumber: string): Promise<Answer> {
    const started = Date.now();
    try {
      const res = await fetch(`${server!.url}/api/appointments`, {
        method: 'POST',
        headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ ...VALID_ORDER, fileNumber }),
        signal: AbortSignal.timeout(20_000),
      });
      await res.arrayBuffer();
      return { status: res.status, retryAfter: res.headers.get('retry-after'), ms: Date.now() - started };
    } catch (err) {
      // The connection to the server itself failed: the process is gone or hung.
      const cause = (err as Error & { cause?: unknown }).cause;
      return { status: 0, retryAfter: null, ms: Date.now() - started, error: `${String(err)}${cause ? ` (${String(cause)})` : ''}` };
    }
  }

  /** A failed expectation's message: the answer, and what the server logged last. */
  function explain(answer: Answer | Answer[]): string {
    return `${JSON.stringify(answer)}; the server logged:\n${server!.output.join('').slice(-8_000)}`;
  }

  /** Clients writing one order after another until `until()`: each file number with its answer. */
  function writeLoad(prefix: string, clients: number, until: () => boolean) {
    const answers = new Map<string, Answer & { at: number }>();
    let n = 0;
    const client = async () => {
      while (!until()) {
        const fileNumber = `${prefix}-${++n}`;
        const answer = await createOrder(fileNumber);
        answers.set(fileNumber, { ...answer, at: Date.now() });
      }
    };
    return Promise.all(Array.from({ length: clients }, client)).then(() => answers);
  }

  async function storedFileNumbers(prefix: string): Promise<string[]> {
    const rows = await database.db
      .select({ fileNumber: schema.appointments.fileNumber })
      .from(schema.appointments)
      .where(like(schema.appointments.fileNumber, `${prefix}-%`));
    return rows.map((row) => row.fileNumber!);
  }

  it('lives through 14 rounds of pg_terminate_backend during writes; every acknowledged write is stored once', async () => {
    let done = false;
    const load = writeLoad('KILL', 8, () => done);
    let lastKill = 0;
    for (let round = 0; round < 14; round++) {
      await new Promise((r) => setTimeout(r, 250));
      await killer`select pg_terminate_backend(pid) from pg_stat_activity
                   where datname = ${new URL(database.url!).pathname.slice(1)} and pid <> pg_backend_pid()`;
      lastKill = Date.now();
    }
    // Writes go on after the last round until one succeeds again.
    const firstSuccessAfter = await (async () => {
      for (;;) {
        const answer = await createOrder(`KILL-after-${Date.now()}`);
        if (answer.status === 201) return Date.now() - lastKill;
        if (Date.now() - lastKill > 15_000) return Infinity;
      }
    })();
    done = true;
    const answers = await load;

    expect(exited, server!.output.join('')).toBeNull();
    const statuses = [...answers.values()].map((a) => a.status);
    // Only a success or a 503 with Retry-After; never a 500, never a dropped connection.
    const others = [...answers.values()].filter((a) => a.status !== 201 && a.status !== 503);
    expect(others, `answers other than 201 and 503: ${explain(others)}`).toEqual([]);
    for (const answer of answers.values()) if (answer.status === 503) expect(answer.retryAfter).toMatch(/^\d+$/);
    // Writes are acknowledged between the rounds (how many depends on the machine's speed).
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);

    const acknowledged = [...answers].filter(([, a]) => a.status === 201).map(([fileNumber]) => fileNumber);
    const stored = await storedFileNumbers('KILL');
    for (const fileNumber of acknowledged)
      expect(
        stored.filter((s) => s === fileNumber),
        fileNumber,
      ).toHaveLength(1);
    expect(firstSuccessAfter).toBeLessThanOrEqual(2_000);
    console.log(
      `terminate rounds: ${statuses.filter((s) => s === 201).length} writes acknowledged, ${statuses.filter((s) => s === 503).length} answered 503; ` +
        `first success ${firstSuccessAfter} ms after the last round`,
    );
  }, 90_000);

  it('answers 503 with Retry-After while the database is unreachable (health within 2 s), and writes again within 2 s of its return', async () => {
    await proxy.cut();
    try {
      const write = await createOrder(`CUT-${Date.now()}`);
      expect(write.status, explain(write)).toBe(503);
      expect(write.retryAfter).toMatch(/^\d+$/);
      expect(write.ms).toBeLessThan(5_000);

      const started = Date.now();
      const health = await fetch(`${server!.url}/api/health`, { signal: AbortSignal.timeout(10_000) });
      expect(health.status).toBe(503);
      expect(Date.now() - started).toBeLessThanOrEqual(2_000);
      expect(health.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await health.json()) as { status: string }).status).toBe('database_unreachable');
      const signIn = await fetch(`${server!.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }),
      });
      expect(signIn.status).toBe(503);
      expect(signIn.headers.get('retry-after')).toMatch(/^\d+$/);
      // Requests keep coming during the outage; the server keeps answering them.
      for (let i = 0; i < 3; i++) {
        const answer = await createOrder(`CUT-${Date.now()}-${i}`);
        expect(answer.status, explain(answer)).toBe(503);
      }
    } finally {
      await proxy.restore();
    }
    const back = Date.now();
    let firstSuccess = Infinity;
    while (Date.now() - back < 15_000) {
      const answer = await createOrder(`BACK-${Date.now()}`);
      if (answer.status === 201) {
        firstSuccess = Date.now() - back;
        break;
      }
      expect(answer.status, explain(answer)).toBe(503);
    }
    expect(firstSuccess).toBeLessThanOrEqual(2_000);
    expect((await fetch(`${server!.url}/api/health`)).status).toBe(200);
    expect(exited).toBeNull();
    console.log(`outage: first write ${firstSuccess} ms after the database came back`);
    // The orders answered 503 while the database was unreachable were not stored.
    expect(await storedFileNumbers('CUT')).toEqual([]);
  }, 90_000);
});
