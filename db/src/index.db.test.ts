import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firms } from './schema/firms';
import { createDb, DataDirLockedError, lockDataDir, rowsOf } from './index';
import { createTestDatabase, type TestDatabase } from './testing';

describe('createDb', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('applies every committed migration and reports it', async () => {
    const state = await database.migrationState();
    expect(state.applied).toBe(state.available);
    expect(state.available).toBeGreaterThan(0);
    expect(state.upToDate).toBe(true);
    expect(state.latest).toMatch(/^\d{4}_/);
  });

  it('is idempotent when migrations run again', async () => {
    await database.migrate();
    expect((await database.migrationState()).applied).toBe((await database.migrationState()).available);
  });

  it('runs on the kind the environment asks for', () => {
    expect(database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('enforces firm names unique regardless of case', async () => {
    await database.db.insert(firms).values({ orgNumber: 1, name: 'Acme Title' });
    await expect(database.db.insert(firms).values({ orgNumber: 2, name: 'ACME TITLE' })).rejects.toThrow();
    const rows = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from firms`));
    expect(rows[0]?.n).toBe(1);
  });
});

describe('the embedded database folder', () => {
  it('is opened by one process: a second opening is refused, naming the folder, until the first closes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sd-lock-'));
    try {
      const first = await createDb({ dataDir });
      await expect(createDb({ dataDir })).rejects.toThrow(DataDirLockedError);
      await expect(createDb({ dataDir })).rejects.toThrow(`${dataDir} is in use by another SigningDesk process ${process.pid}`);
      await first.close();
      const second = await createDb({ dataDir });
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('takes over a lock left by a process that is gone', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sd-lock-'));
    try {
      // No process has pid 2^22 + 1 (above Linux's pid_max).
      writeFileSync(join(dataDir, '.signingdesk.lock'), JSON.stringify({ pid: 4_194_305, host: hostname() }));
      const release = lockDataDir(dataDir);
      expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
      release();
      lockDataDir(dataDir)();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
