/**
 * The `test` and `expect` of every journey. Owns one server of the built product per Playwright
 * worker (support/serve.mjs as a child process): its port (E2E_PORT, default 3100, plus the
 * worker's parallel index), its data folder under the temp folder (PGlite and uploaded files),
 * its PostgreSQL database sd_e2e_<port> when DATABASE_URL is set, and its log, written to
 * test-results/ (what it logged during a failed test is attached to that test). Workers run their files one at a time, so a
 * server only ever sees one journey at once, as the single server of earlier runs did.
 *
 * The server stops at worker teardown: after a failed test Playwright replaces the worker, and
 * the new one starts a fresh server on the same port once the old one has stopped.
 */
import { test as base, expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, createWriteStream, mkdirSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

export { expect };

export interface E2EServer {
  /** http://localhost:<port>, the origin the server was told it is served at. */
  baseURL: string;
  port: number;
  /** Where the server keeps uploaded files (`appointments/<appointment>/<file>` under it). */
  filesDir: string;
  logFile: string;
}

const SERVE = fileURLToPath(new URL('./serve.mjs', import.meta.url));
const E2E_DIR = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;
/** How much of the server's log a failed test carries. */
const LOG_ATTACHMENT_BYTES = 64 * 1024;

/**
 * The server of this worker. Helpers that open their own API sessions (signedInApi, apiSignIn)
 * read it here: each worker is one process with one server, and they also run where a test's
 * fixtures are not at hand (beforeAll).
 */
let current: { server: E2EServer; child: ChildProcess } | undefined;

export function workerServer(): E2EServer {
  if (!current) throw new Error('No e2e server in this process: import test from support/fixtures.ts, not @playwright/test');
  return current.server;
}

function readFrom(file: string, from: number, max: number): string {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const size = statSync(file).size;
    const start = Math.max(from, size - max);
    const buffer = Buffer.alloc(Math.max(0, size - start));
    readSync(fd, buffer, 0, buffer.length, start);
    return buffer.toString('utf8');
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const sizeOf = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

/** A server left running by an earlier run would answer the health check in this one's place. */
function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} is in use (another e2e run, or a server it left behind?): stop it, or set E2E_PORT to another base port`
            : `Cannot use port ${port}: ${error.message}`,
        ),
      ),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

async function waitForHealth(port: number, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The e2e server on port ${port} stopped while starting (${child.exitCode ?? child.signalCode}):\n${readFrom(logFile, 0, 8_000)}`,
      );
    }
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) })
      .then((res) => res.status === 200)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The e2e server on port ${port} did not answer /api/health within ${START_TIMEOUT_MS / 1000} s:\n${readFrom(logFile, 0, 8_000)}`,
  );
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

export const test = base.extend<{ serverLog: void }, { server: E2EServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use, workerInfo) => {
      const port = Number(process.env.E2E_PORT ?? 3100) + workerInfo.parallelIndex;
      const baseURL = `http://localhost:${port}`;
      const database = `sd_e2e_${port}`;
      const dataDir = mkdtempSync(join(tmpdir(), `sd-e2e-${port}-`));
      mkdirSync(workerInfo.project.outputDir, { recursive: true });
      const logFile = join(workerInfo.project.outputDir, `server-${port}-worker-${workerInfo.workerIndex}.log`);
      const log = createWriteStream(logFile);

      await assertPortFree(port);
      const child = spawn(process.execPath, [SERVE], {
        cwd: E2E_DIR,
        env: { ...process.env, PORT: String(port), PUBLIC_ORIGIN: baseURL, E2E_DATA_DIR: dataDir, E2E_DATABASE: database },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.pipe(log, { end: false });
      child.stderr!.pipe(log, { end: false });
      // Should this worker end without its teardown (killed), its server goes with it.
      const orphanGuard = () => child.kill('SIGKILL');
      process.once('exit', orphanGuard);
      try {
        await waitForHealth(port, child, logFile);
        const server: E2EServer = { baseURL, port, filesDir: join(dataDir, 'files'), logFile };
        current = { server, child };
        await use(server);
      } finally {
        current = undefined;
        await stop(child);
        process.off('exit', orphanGuard);
        log.end();
        if (process.env.DATABASE_URL) await dropDatabase(process.env.DATABASE_URL, database);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: START_TIMEOUT_MS + 30_000 },
  ],

  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },

  /** Says so when the server died under the journey; attaches what it logged to a failed one. */
  serverLog: [
    async ({ server }, use, testInfo) => {
      const from = sizeOf(server.logFile);
      const child = current?.child;
      if (child && (child.exitCode !== null || child.signalCode !== null)) {
        throw new Error(
          `The e2e server on port ${server.port} has stopped (${child.exitCode ?? child.signalCode}):\n${readFrom(server.logFile, 0, 8_000)}`,
        );
      }
      await use();
      const logged = testInfo.status !== testInfo.expectedStatus ? readFrom(server.logFile, from, LOG_ATTACHMENT_BYTES) : '';
      if (logged) await testInfo.attach(`server log (port ${server.port})`, { body: logged, contentType: 'text/plain' });
    },
    { auto: true },
  ],
});
