/**
 * A fingerprint of everything a request could leave behind: every table of the public schema
 * (all rows, hashed in the database) and every stored file's bytes. Two fingerprints are
 * compared part by part, so a failure names the table or file that changed.
 */
import { rowsOf } from '@signingdesk/db';
import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { TestApp } from './test-app';

/** Part name (`table offers`, `file <path>`) → rows and hash. */
export type Snapshot = Map<string, string>;

export async function takeSnapshot(t: TestApp, options: { excludeTables?: readonly string[] } = {}): Promise<Snapshot> {
  const db = t.database.db;
  const exclude = new Set(options.excludeTables ?? []);
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  )
    .map((r) => r.name)
    .filter((name) => !exclude.has(name));
  // Rows are ordered by their whole text, a total order that needs no knowledge of each
  // table's key and holds for tables without one. One statement, so a snapshot is one round trip.
  const perTable = tables.map(
    (name) => sql`select ${name}::text as name, count(*)::int as rows,
      md5(coalesce(string_agg(x::text, E'\n' order by x::text), '')) as hash
      from ${sql.identifier(name)} x`,
  );
  const snapshot: Snapshot = new Map();
  for (const row of rowsOf<{ name: string; rows: number; hash: string }>(await db.execute(sql.join(perTable, sql` union all `)))) {
    snapshot.set(`table ${row.name}`, `${row.rows} rows, ${row.hash}`);
  }
  const filesDir = t.env.FILES_DIR;
  if (filesDir && existsSync(filesDir)) {
    for (const path of filesUnder(filesDir)) {
      const bytes = readFileSync(path);
      snapshot.set(`file ${relative(filesDir, path)}`, `${bytes.length} bytes, ${createHash('sha256').update(bytes).digest('hex')}`);
    }
  }
  return snapshot;
}

/** What differs between two snapshots, one line per table or file; empty when nothing does. */
export function snapshotChanges(before: Snapshot, after: Snapshot): string[] {
  const parts = new Set([...before.keys(), ...after.keys()]);
  return [...parts]
    .filter((part) => before.get(part) !== after.get(part))
    .sort()
    .map((part) => `${part}: ${before.get(part) ?? 'absent'} → ${after.get(part) ?? 'absent'}`);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
