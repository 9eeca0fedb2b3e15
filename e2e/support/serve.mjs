// Starts the built product for the browser tests on a fresh database: a new PGlite data folder
// by default, or a new PostgreSQL database (seeded with SEED_DEMO=1) when DATABASE_URL is set.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  // Databases of earlier runs that were stopped before they could clean up.
  const stale = await admin`select datname from pg_database where datname like 'sd_e2e_%'`;
  for (const { datname } of stale) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
  const name = `sd_e2e_${Date.now().toString(36)}`;
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  process.env.SEED_DEMO = '1';
} else {
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'sd-e2e-'));
}
process.env.NODE_ENV = 'production';
// Every journey signs in from 127.0.0.1, more than the 30 a minute a real address is allowed;
// the limit itself is tested in api/src/modules/session/session.test.ts.
process.env.SIGN_IN_ATTEMPTS_PER_MINUTE ??= '1000';
const { register } = await import('tsx/esm/api');
register();
process.chdir(root);
await import(join(root, 'api/src/server.ts'));
