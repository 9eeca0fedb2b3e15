/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by DATABASE_URL (created here, dropped by close()).
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { createDb, type Database } from './index';

export interface TestDatabase extends Database {
  /** The connection string of the database made for this test (postgres only). */
  url?: string;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await createDb({ dataDir: 'memory://' });
    await database.migrate();
    return database;
  }
  const name = `sd_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const database = await createDb({ url, maxConnections: 20 });
  await database.migrate();
  return {
    ...database,
    url,
    async close() {
      await database.close();
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
