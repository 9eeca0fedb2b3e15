import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDb, lockDataDir, type Database } from '@signingdesk/db';
import { createTestDatabase, type TestDatabase } from '@signingdesk/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '../..');
const serverEntry = 'api/src/server.ts';

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Started {
  const { DATABASE_URL: _ignored, ...base } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: { ...base, NODE_ENV: 'production', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

async function waitFor(started: Started, text: string, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!started.output().includes(text)) {
    if (started.child.exitCode !== null) throw new Error(`server exited: ${started.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for "${text}": ${started.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function signInStatus(port: number, email: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ email, password: 'signing-demo-2026' }),
  });
  return res.status;
}

describe('the server process', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('stops with one line naming DATABASE_URL when the database cannot be reached', async () => {
    const run = startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere', PORT: String(await freePort()) });
    expect(await run.exited).toBe(1);
    const lines = run.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid DATABASE_URL: cannot connect to PostgreSQL \(.+\)$/);
  });

  it('stops with one line naming PORT when it is not a port', async () => {
    const run = startServer({ PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe('Invalid PORT ("eighty"): must be a whole number between 1 and 65535');
  });

  it('stops with one line when the port is taken, before it opens, migrates or seeds the database', async () => {
    const port = await freePort();
    const blocker = createServer().listen(port, '127.0.0.1');
    const dataDir = mkdtempSync(join(tmpdir(), 'sd-port-'));
    const run = startServer({ PORT: String(port), DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    blocker.close();
    expect(run.output().trim()).toBe(`Invalid PORT (${port}): the port is already in use`);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('stops with one line naming DATA_DIR when another process has the folder open', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sd-locked-'));
    const release = lockDataDir(dataDir);
    try {
      const run = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(await run.exited).toBe(1);
      expect(run.output().trim()).toBe(
        `Invalid DATA_DIR (${dataDir}): ${dataDir} is in use by another SigningDesk process ${process.pid}; stop it first (or remove ${dataDir}/.signingdesk.lock if it is gone)`,
      );
    } finally {
      release();
    }
  });

  it('refuses to start, in one line, on a database migrated by a newer build', async () => {
    let env: Record<string, string>;
    let database: Database;
    if (process.env.DATABASE_URL) {
      const made = await createTestDatabase();
      cleanups.push(() => made.close());
      database = made;
      env = { DATABASE_URL: made.url! };
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), 'sd-ahead-'));
      database = await createDb({ dataDir });
      await database.migrate();
      env = { DATA_DIR: dataDir };
    }
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-build', ${Date.now() + 86_400_000})`,
    );
    const { applied, available } = await database.migrationState();
    if (!process.env.DATABASE_URL) await database.close();
    const run = startServer({ ...env, PORT: String(await freePort()) });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe(
      `The database is newer than this build: it has ${applied} migrations applied, this build knows ${available}. Start the build that migrated it, or restore a backup made for this one.`,
    );
  });

  it('seeds once (PostgreSQL: only with SEED_DEMO=1), serves, stops on SIGTERM and keeps its data across restarts', async () => {
    const port = await freePort();
    let env: Record<string, string>;
    let database: TestDatabase | undefined;
    if (process.env.DATABASE_URL) {
      database = await createTestDatabase();
      cleanups.push(() => database!.close());
      // PostgreSQL is seeded only when asked.
      const unasked = startServer({ DATABASE_URL: database.url!, PORT: String(port) });
      await waitFor(unasked, 'is serving');
      expect(unasked.output()).not.toContain('Seeded demo data');
      expect(await signInStatus(port, 'admin@demo.test')).toBe(401);
      unasked.child.kill('SIGTERM');
      expect(await unasked.exited).toBe(0);
      env = { DATABASE_URL: database.url!, SEED_DEMO: '1' };
    } else {
      env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'sd-data-')) };
    }
    const first = startServer({ ...env, PORT: String(port) });
    // PostgreSQL: a second process starting on the same empty database at the same moment.
    const twinPort = database ? await freePort() : 0;
    const twin = database ? startServer({ ...env, PORT: String(twinPort) }) : undefined;
    await waitFor(first, 'password signing-demo-2026');
    if (twin) {
      await waitFor(twin, 'is serving');
      // One of the two seeded; the other found the data there.
      const outputs = [first.output(), twin.output()];
      expect(outputs.filter((o) => o.includes('Seeded demo data'))).toHaveLength(1);
      expect(outputs.filter((o) => o.includes('SEED_DEMO: the database already has users'))).toHaveLength(1);
      expect(await signInStatus(twinPort, 'admin@demo.test')).toBe(200);
      twin.child.kill('SIGTERM');
      expect(await twin.exited).toBe(0);
    }
    const seeded = first.output().includes('Seeded demo data') ? first.output() : twin!.output();
    expect(seeded).toMatch(/Seeded demo data in [\d.]+ s: 8 firms, \d+ users \((8\d{3}) signing agents, \1 scores counted\)/);
    expect(first.output()).toContain('password signing-demo-2026');
    const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
    expect(health).toMatchObject({ status: 'ok', database: database ? 'postgres' : 'pglite' });
    expect(await signInStatus(port, 'admin@demo.test')).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('SIGTERM received');

    const second = startServer({ ...env, PORT: String(port) });
    await waitFor(second, 'is serving');
    expect(second.output()).not.toContain('Seeded demo data');
    expect(await signInStatus(port, 'agent@demo.test')).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);
});
