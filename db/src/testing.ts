/**
 * A fresh database for one test file: an in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (created here, dropped by close()).
 *
 * Under Vitest's `db` project the database is a copy of a template that the project's global
 * setup (api/src/testing/global-setup.ts) migrated, and for `seeded` also seeded, once per run:
 * PGlite loads a dumped data folder, PostgreSQL runs `CREATE DATABASE … TEMPLATE`. Elsewhere
 * (scripts, a test run without that setup) each database is made and migrated from nothing.
 */
import { openAsBlob } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { createDb, type Database } from './index';

export interface TestDatabase extends Database {
  /** The connection string of the database made for this test (postgres only). */
  url?: string;
}

/** `migrated`: every migration applied, no rows. `seeded`: also the demo data of the test app. */
export type TemplateName = 'migrated' | 'seeded';

/** Where a run's templates are: PGlite data folders dumped to files, or PostgreSQL databases. */
export type TestTemplates =
  | { kind: 'pglite'; files: Record<TemplateName, string>; sessions: Record<string, string> }
  | { kind: 'postgres'; databases: Record<TemplateName, string>; sessions: Record<string, string> };

/** The environment variable through which the global setup hands its templates to test files. */
export const TEST_TEMPLATES_ENV = 'SIGNINGDESK_TEST_TEMPLATES';

/** This run's templates, or null where no global setup made them. */
export function testTemplates(): TestTemplates | null {
  const raw = process.env[TEST_TEMPLATES_ENV];
  if (!raw) return null;
  const templates = JSON.parse(raw) as TestTemplates;
  // A PostgreSQL template is only good for the server the test runs on, and PGlite's only without one.
  return (templates.kind === 'postgres') === Boolean(process.env.DATABASE_URL) ? templates : null;
}

export async function createTestDatabase(template: TemplateName = 'migrated'): Promise<TestDatabase> {
  const templates = testTemplates();
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    if (templates?.kind === 'pglite') {
      return createDb({ dataDir: 'memory://', loadDataDir: await openAsBlob(templates.files[template]) });
    }
    if (template !== 'migrated') throw new Error(`no ${template} template outside the db test project`);
    const database = await createDb({ dataDir: 'memory://' });
    await database.migrate();
    return database;
  }
  const name = uniqueName('sd_test');
  const source = templates?.kind === 'postgres' ? templates.databases[template] : null;
  if (!source && template !== 'migrated') throw new Error(`no ${template} template outside the db test project`);
  await createServerDatabase(serverUrl, name, source);
  const url = withDatabase(serverUrl, name);
  const database = await createDb({ url, maxConnections: 20 });
  if (!source) await database.migrate();
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await dropServerDatabase(serverUrl, name);
    },
  };
}

/** Writes a PGlite database's data folder to `dir/<name>.tar`, for createTestDatabase to load. */
export async function dumpPgliteTemplate(database: Database, dir: string, name: TemplateName): Promise<string> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const file = join(dir, `${name}.tar`);
  await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  return file;
}

/** A database name no other test run will pick. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** Creates a database on the server, empty or as a copy of `template` (which nobody may be connected to). */
export async function createServerDatabase(serverUrl: string, name: string, template: string | null = null): Promise<void> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
}

export async function dropServerDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
