import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firms } from './schema/firms';
import { rowsOf } from './index';
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
