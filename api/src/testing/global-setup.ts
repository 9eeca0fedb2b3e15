/**
 * Global setup of Vitest's `db` and `postgres` projects: migrates and seeds the run's template
 * databases once, with a session of each demo account, so each test file starts from a copy
 * (db/src/testing.ts) instead of creating, migrating, seeding and signing in on its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Database } from '@signingdesk/db';
import {
  createServerDatabase,
  dropServerDatabase,
  dumpPgliteTemplate,
  TEST_TEMPLATES_ENV,
  uniqueName,
  withDatabase,
  type TestTemplates,
} from '@signingdesk/db/testing';
import { seedDemoData } from '../seed';
import { demoSessionEmails } from './fixtures';
import { TEST_AGENT_COUNT, testAppOver } from './test-app';

/** Seeds `database` as createTestApp() would, signs in every demo account, and answers their sessions. */
async function seedWithSessions(database: Database): Promise<Record<string, string>> {
  await seedDemoData(database.db, { agentCount: TEST_AGENT_COUNT });
  const t = testAppOver(database);
  const sessions: Record<string, string> = {};
  for (const email of await demoSessionEmails(t)) sessions[email] = await t.signIn(email);
  // The app's own files folder; the database stays open for the template (t.close() would close it).
  if (t.env.FILES_DIR) rmSync(t.env.FILES_DIR, { recursive: true, force: true });
  return sessions;
}

async function pgliteTemplates(): Promise<{ templates: TestTemplates; remove: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'sd-test-templates-'));
  const database = await createDb({ dataDir: 'memory://' });
  try {
    await database.migrate();
    const migrated = await dumpPgliteTemplate(database, dir, 'migrated');
    const sessions = await seedWithSessions(database);
    const seeded = await dumpPgliteTemplate(database, dir, 'seeded');
    return {
      templates: { kind: 'pglite', files: { migrated, seeded }, sessions },
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    };
  } finally {
    await database.close();
  }
}

async function postgresTemplates(serverUrl: string): Promise<{ templates: TestTemplates; remove: () => Promise<void> }> {
  const migrated = uniqueName('sd_template_migrated');
  const seeded = uniqueName('sd_template_seeded');
  const remove = async () => {
    await dropServerDatabase(serverUrl, seeded);
    await dropServerDatabase(serverUrl, migrated);
  };
  try {
    await createServerDatabase(serverUrl, migrated);
    const empty = await createDb({ url: withDatabase(serverUrl, migrated), maxConnections: 1 });
    await empty.migrate().finally(() => empty.close());
    await createServerDatabase(serverUrl, seeded, migrated);
    const demo = await createDb({ url: withDatabase(serverUrl, seeded), maxConnections: 4 });
    const sessions = await seedWithSessions(demo).finally(() => demo.close());
    return { templates: { kind: 'postgres', databases: { migrated, seeded }, sessions }, remove };
  } catch (err) {
    await remove();
    throw err;
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  const { templates, remove } = serverUrl ? await postgresTemplates(serverUrl) : await pgliteTemplates();
  // Test files run in worker processes started after this, with this environment.
  process.env[TEST_TEMPLATES_ENV] = JSON.stringify(templates);
  return remove;
}
