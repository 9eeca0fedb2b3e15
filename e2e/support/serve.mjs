// Starts the built product for the browser tests on a fresh database of its own: PGlite in a new
// data folder by default, or, when DATABASE_URL is set, a new PostgreSQL database (seeded with
// SEED_DEMO=1) named after the port, so the servers of parallel Playwright workers never touch
// each other's. Uploaded files go to that data folder in both cases.
//
// support/fixtures.ts starts one per worker and passes E2E_DATA_DIR (a folder it made) and
// E2E_DATABASE (sd_e2e_<port>); it drops that database once the server has stopped, because the
// server's own SIGTERM handler ends this process. Run by hand, both have defaults.
//
// With E2E_TEMPLATE_DIR (and E2E_TEMPLATE_DATABASE on PostgreSQL), set by support/global-setup.ts,
// the server starts on a copy of the demo data seeded there once, instead of seeding its own.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'sd-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.FILES_DIR = join(dataDir, 'files');
// The seeded folder: PGlite's data and the seeded files (only the files on PostgreSQL). A server
// that stopped cleanly left no lock in it.
if (process.env.E2E_TEMPLATE_DIR) cpSync(process.env.E2E_TEMPLATE_DIR, dataDir, { recursive: true });

const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  const name = process.env.E2E_DATABASE ?? `sd_e2e_${process.env.PORT ?? 3000}`;
  if (!/^sd_e2e_\w+$/.test(name)) throw new Error(`E2E_DATABASE must look like sd_e2e_<port>, not ${name}`);
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  // Only this server's own name: another worker's database is in use. A run stopped before it
  // could clean up left this one behind; it is replaced.
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  const template = process.env.E2E_TEMPLATE_DATABASE;
  if (template && !/^sd_e2e_\w+$/.test(template)) throw new Error(`E2E_TEMPLATE_DATABASE must look like sd_e2e_<name>, not ${template}`);
  await admin.unsafe(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  if (!template) process.env.SEED_DEMO = '1';
}
process.env.NODE_ENV = 'production';
// Every journey signs in from 127.0.0.1, more than the 30 a minute a real address is allowed;
// the limit itself is tested in api/src/modules/session/session.test.ts.
process.env.SIGN_IN_ATTEMPTS_PER_MINUTE ??= '1000';
// The webhook journeys' receiver listens on 127.0.0.1 over plain HTTP (never allowed in production).
process.env.WEBHOOKS_ALLOW_HTTP_LOCALHOST ??= '1';
const { register } = await import('tsx/esm/api');
register();
process.chdir(root);
await import(join(root, 'api/src/server.ts'));
