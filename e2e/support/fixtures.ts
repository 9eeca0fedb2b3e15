/**
 * The `test` and `expect` of every journey. Owns one server of the built product per Playwright
 * worker (support/serve.mjs as a child process): its port (E2E_PORT, default 3100, plus the
 * worker's parallel index), its data folder under the temp folder (PGlite and uploaded files),
 * its PostgreSQL database sd_e2e_<port> when DATABASE_URL is set, and its log, written to
 * test-results/ (what it logged during a failed test is attached to that test). Each starts as a
 * copy of the demo data the global setup seeded once (support/global-setup.ts). Workers run
 * their files one at a time, so a server only ever sees one journey at once.
 *
 * The server stops at worker teardown: after a failed test Playwright replaces the worker, and
 * the new one starts a fresh server on the same port once the old one has stopped.
 */
import { test as base, expect } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertPortFree, dropDatabase, readFrom, START_TIMEOUT_MS, startServer, stopServer, waitForHealth } from './server-process';

export { expect };

export interface E2EServer {
  /** http://localhost:<port>, the origin the server was told it is served at. */
  baseURL: string;
  port: number;
  /** Where the server keeps uploaded files (`appointments/<appointment>/<file>` under it). */
  filesDir: string;
  logFile: string;
}

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

const sizeOf = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

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

      await assertPortFree(port);
      const { child, closeLog } = startServer(
        { PORT: String(port), PUBLIC_ORIGIN: baseURL, E2E_DATA_DIR: dataDir, E2E_DATABASE: database },
        logFile,
      );
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
        await stopServer(child);
        process.off('exit', orphanGuard);
        closeLog();
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
