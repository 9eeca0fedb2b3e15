import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createDb, lockDataDir, schema } from '@signingdesk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { seedDemoData } from '../seed';
import { backupEmbedded, restoreEmbedded, type BackupResult } from './backup';
import { createStorage, filesRoot } from './storage/storage';

// The embedded database in folders of its own, whatever DATABASE_URL says: this is PGlite's backup.
const envOf = (dataDir: string) => parseEnv({ DATA_DIR: dataDir });

interface Contents {
  appointmentIds: string[];
  /** Every file row: its storage key and the sha256 of the bytes storage holds for it (null: none). */
  files: Map<string, { storageKey: string; sha256: string | null }>;
}

/** What a data folder holds, read the way the server reads it: the database, then storage. */
async function contentsOf(dataDir: string): Promise<Contents> {
  const storage = createStorage(envOf(dataDir));
  const database = await createDb({ dataDir });
  try {
    const appointments = await database.db.select({ id: schema.appointments.id }).from(schema.appointments);
    const rows = await database.db.select({ id: schema.files.id, storageKey: schema.files.storageKey }).from(schema.files);
    const files = new Map<string, { storageKey: string; sha256: string | null }>();
    for (const row of rows) {
      const object = await storage.get(row.storageKey);
      const sha256 = object
        ? createHash('sha256')
            .update(Buffer.from(await new Response(object.body).arrayBuffer()))
            .digest('hex')
        : null;
      files.set(row.id, { storageKey: row.storageKey, sha256 });
    }
    return { appointmentIds: appointments.map((a) => a.id).sort(), files };
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded database', () => {
  let root: string;
  let source: string;
  let before: Contents;
  let backup: BackupResult;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sd-backup-'));
    source = join(root, 'source');
    const database = await createDb({ dataDir: source });
    await database.migrate();
    await seedDemoData(database.db, { agentCount: 4, storage: createStorage(envOf(source)) });
    await database.close();
    before = await contentsOf(source);
    backup = await backupEmbedded({
      dataDir: source,
      documents: { kind: 'local', dir: filesRoot(envOf(source)) },
      archive: join(root, 'backups', 'signingdesk-test.tar.gz'),
    });
    // A new PGlite folder, the demo data and a 70 MB archive: seconds, more on a busy CI machine.
  }, 120_000);

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('restores every appointment and every stored document, byte for byte, into a fresh folder', async () => {
    expect(before.appointmentIds.length).toBeGreaterThan(100);
    expect(before.files.size).toBeGreaterThan(100);
    expect([...before.files.values()].filter((f) => f.sha256 === null)).toEqual([]);
    expect(backup.manifest.database).toMatchObject({ appointments: before.appointmentIds.length, documentRecords: before.files.size });
    expect(backup.manifest.documents).toMatchObject({ kind: 'local', files: before.files.size });
    // Readable by the owner only: it holds the password hashes and the server's keys.
    expect(statSync(backup.archive).mode & 0o777).toBe(0o600);

    const fresh = join(root, 'fresh');
    mkdirSync(fresh);
    const result = await restoreEmbedded({ archive: backup.archive, dataDir: fresh, filesDir: filesRoot(envOf(fresh)) });
    expect(result.restored.documents.files).toBe(before.files.size);
    expect(result.movedAside).toEqual([]);
    expect(readdirSync(fresh).sort()).toEqual(['files', 'pglite']);

    const after = await contentsOf(fresh);
    expect(after.appointmentIds).toEqual(before.appointmentIds);
    expect(after.files).toEqual(before.files);
    // Both folders are free again: a server can start on either.
    lockDataDir(source)();
    lockDataDir(fresh)();
  });

  it('refuses to back up while a server holds the folder, and writes nothing', async () => {
    const release = lockDataDir(source);
    const archive = join(root, 'backups', 'while-running.tar.gz');
    try {
      await expect(
        backupEmbedded({ dataDir: source, documents: { kind: 'local', dir: filesRoot(envOf(source)) }, archive }),
      ).rejects.toThrow(
        `Backup refused, the server is running: ${source} is in use by another SigningDesk process ${process.pid}; stop it first`,
      );
    } finally {
      release();
    }
    expect(readdirSync(join(root, 'backups'))).toEqual(['signingdesk-test.tar.gz']);
  });

  it('refuses to restore over data unless forced, and then moves the data aside instead of deleting it', async () => {
    const target = join(root, 'occupied');
    const filesDir = filesRoot(envOf(target));
    // A database and a document that exist only here: they must survive the forced restore, aside.
    mkdirSync(join(target, 'pglite'), { recursive: true });
    writeFileSync(join(target, 'pglite', 'PG_VERSION'), '17\n');
    mkdirSync(filesDir);
    writeFileSync(join(filesDir, 'only-here'), 'kept');

    await expect(restoreEmbedded({ archive: backup.archive, dataDir: target, filesDir })).rejects.toThrow(
      `Restore refused: ${join(target, 'pglite')} and ${filesDir} already hold data. Pass --force`,
    );
    expect(readdirSync(target).sort()).toEqual(['files', 'pglite']);
    expect(readFileSync(join(filesDir, 'only-here'), 'utf8')).toBe('kept');

    const release = lockDataDir(target);
    try {
      await expect(restoreEmbedded({ archive: backup.archive, dataDir: target, filesDir, force: true })).rejects.toThrow(
        `Restore refused, the server is running: ${target} is in use by another SigningDesk process ${process.pid}; stop it first`,
      );
    } finally {
      release();
    }

    const forced = await restoreEmbedded({ archive: backup.archive, dataDir: target, filesDir, force: true });
    expect(forced.checked.appointments).toBe(before.appointmentIds.length);
    expect(forced.movedAside).toHaveLength(2);
    const [databaseAside, filesAside] = forced.movedAside as [string, string];
    expect(databaseAside).toMatch(/\/occupied\/pglite-before-restore-\d{8}-\d{6}$/);
    expect(filesAside).toMatch(/\/occupied\/files-before-restore-\d{8}-\d{6}$/);
    expect(readFileSync(join(databaseAside, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(join(filesAside, 'only-here'), 'utf8')).toBe('kept');
    expect(existsSync(join(filesDir, 'only-here'))).toBe(false);
    expect(readdirSync(filesDir).length).toBeGreaterThan(0);
  });

  it('refuses a damaged archive or a file that is not a backup, leaving the target as it was', async () => {
    const target = join(root, 'untouched');
    const filesDir = filesRoot(envOf(target));
    const truncated = join(root, 'truncated.tar.gz');
    writeFileSync(truncated, readFileSync(backup.archive).subarray(0, Math.floor(backup.archiveBytes / 2)));
    await expect(restoreEmbedded({ archive: truncated, dataDir: target, filesDir })).rejects.toThrow(
      `Restore refused: ${truncated} is damaged (`,
    );
    expect(readdirSync(target)).toEqual([]);

    const other = join(root, 'other.tar.gz');
    writeFileSync(other, gzipSync('not a tar archive'));
    await expect(restoreEmbedded({ archive: other, dataDir: target, filesDir })).rejects.toThrow(
      `Restore refused: ${other} is not a SigningDesk backup`,
    );
    expect(readdirSync(target)).toEqual([]);
  });
});
