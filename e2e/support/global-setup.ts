/**
 * Seeds the demo data once per run: one server of the built product starts on an empty data
 * folder (and, when DATABASE_URL is set, an empty PostgreSQL database sd_e2e_template_<port>),
 * migrates and seeds them as any first start does, answers its health check and stops. Every
 * worker's server then starts on a copy (support/serve.mjs): the folder copied, the database
 * created from the template. A seed takes about 20 s of a core; the journeys' servers used to
 * pay it each, on cores the browsers need.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, freePort, readFrom, startServer, stopServer, waitForHealth } from './server-process';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = mkdtempSync(join(tmpdir(), 'sd-e2e-template-'));
  const dataDir = join(root, 'data');
  mkdirSync(dataDir);
  const logFile = join(root, 'server.log');
  const database = `sd_e2e_template_${process.env.E2E_PORT ?? 3100}`;
  const port = await freePort();
  const { child, closeLog } = startServer(
    { PORT: String(port), PUBLIC_ORIGIN: `http://localhost:${port}`, E2E_DATA_DIR: dataDir, E2E_DATABASE: database },
    logFile,
  );
  try {
    await waitForHealth(port, child, logFile);
  } finally {
    await stopServer(child);
    closeLog();
  }
  if (child.exitCode !== 0)
    throw new Error(`The seeding server did not stop cleanly (${child.exitCode ?? child.signalCode}):\n${readFrom(logFile, 0, 8_000)}`);

  // Read by serve.mjs in every worker's server (Playwright's workers inherit this environment).
  process.env.E2E_TEMPLATE_DIR = dataDir;
  if (process.env.DATABASE_URL) process.env.E2E_TEMPLATE_DATABASE = database;
  return async () => {
    if (process.env.DATABASE_URL) await dropDatabase(process.env.DATABASE_URL, database);
    rmSync(root, { recursive: true, force: true });
  };
}
