/**
 * Backup and restore of the embedded default: the PGlite folder (DATA_DIR/pglite) and the
 * documents folder (FILES_DIR) in one .tar.gz with a manifest first, for `npm run backup` and
 * `npm run restore` (api/scripts/). A PGlite folder is consistent only when no process has it
 * open, so both hold the data folder's lock (lockDataDir) for the whole copy: stop-and-copy, and
 * a server cannot start meanwhile. A restore unpacks beside the target, opens the copy to check
 * it, and only then puts it in place; what was there is moved aside, never deleted.
 * PostgreSQL is backed up with its own tools (docs/backup-and-restore.md).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm, rmdir, stat, utimes } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pipeline as pipe, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { createDb, DataDirLockedError, lockDataDir, schema, type MigrationState } from '@signingdesk/db';
import { count } from 'drizzle-orm';
import { readTar, TarFormatError, writeTar, type TarSource } from './tar';

/** Why a backup or restore was not made: one line for the person who asked. Nothing was changed. */
export class BackupRefusal extends Error {}

export const MANIFEST_NAME = 'manifest.json';
const DATABASE_FOLDER = 'pglite';
const DOCUMENTS_FOLDER = 'files';

/** Where the documents are: a local folder (in the archive) or a bucket (backed up on its own). */
export type DocumentsPlace = { kind: 'local'; dir: string } | { kind: 's3'; bucket: string };

export interface FolderCount {
  files: number;
  bytes: number;
}

export interface BackupManifest {
  format: 'signingdesk-backup';
  version: 1;
  createdAt: string;
  database: FolderCount & {
    kind: 'pglite';
    migrationsApplied: number;
    latestMigration: string | null;
    appointments: number;
    documentRecords: number;
  };
  documents: ({ kind: 'local' } & FolderCount) | { kind: 's3'; bucket: string };
}

export interface BackupOptions {
  dataDir: string;
  documents: DocumentsPlace;
  /** The archive to write; refused when it exists. */
  archive: string;
  now?: Date;
}

export interface BackupResult {
  archive: string;
  archiveBytes: number;
  manifest: BackupManifest;
}

/** `signingdesk-YYYYMMDD-HHMMSS.tar.gz` (UTC): the name `npm run backup` gives an archive. */
export function backupFileName(now: Date): string {
  return `signingdesk-${stamp(now)}.tar.gz`;
}

/**
 * Writes the embedded database and the local documents to one .tar.gz. Refused when there is
 * no database, when a process has the folder open, or when `archive` exists. The archive is
 * written under a temporary name and renamed when complete, so a file of that name is whole.
 */
export async function backupEmbedded(options: BackupOptions): Promise<BackupResult> {
  const dataDir = resolve(options.dataDir);
  const archive = resolve(options.archive);
  const databaseDir = join(dataDir, DATABASE_FOLDER);
  const now = options.now ?? new Date();
  assertApart(databaseDir, options.documents, 'Backup');
  if (!(await isFile(join(databaseDir, 'PG_VERSION')))) {
    throw new BackupRefusal(`Backup refused: there is no embedded database in ${dataDir} (no ${databaseDir}). Is DATA_DIR right?`);
  }
  if (await exists(archive))
    throw new BackupRefusal(`Backup refused: ${archive} already exists, and a backup never overwrites one; name another file.`);
  for (const dir of [databaseDir, ...(options.documents.kind === 'local' ? [resolve(options.documents.dir)] : [])]) {
    if (within(archive, dir))
      throw new BackupRefusal(`Backup refused: ${archive} is inside ${dir}, which it copies; write the backup somewhere else.`);
  }

  // Opening it checks it is a database this build can read, and says what it holds.
  const contents = await inspectDatabase(dataDir, 'Backup');
  const release = takeLock(dataDir, 'Backup');
  const partial = join(dirname(archive), `.${basename(archive)}.${process.pid}.partial`);
  try {
    const databaseEntries = await listFolder(databaseDir, DATABASE_FOLDER);
    const documentEntries = options.documents.kind === 'local' ? await listFolder(options.documents.dir, DOCUMENTS_FOLDER) : [];
    const manifest: BackupManifest = {
      format: 'signingdesk-backup',
      version: 1,
      createdAt: now.toISOString(),
      database: {
        kind: 'pglite',
        ...countOf(databaseEntries),
        migrationsApplied: contents.migrations.applied,
        latestMigration: contents.migrations.latest,
        appointments: contents.appointments,
        documentRecords: contents.documentRecords,
      },
      documents:
        options.documents.kind === 'local'
          ? { kind: 'local', ...countOf(documentEntries) }
          : { kind: 's3', bucket: options.documents.bucket },
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    const entries: TarSource[] = [
      { name: MANIFEST_NAME, type: 'file', mode: 0o644, mtime: now, size: manifestBytes.length, content: () => manifestBytes },
      ...databaseEntries,
      ...documentEntries,
    ];
    // The archive holds the secrets kept in the database (sessions' key, push keys, password hashes): owner-only.
    await mkdir(dirname(archive), { recursive: true, mode: 0o700 });
    await pipeline(Readable.from(writeTar(entries)), createGzip(), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    await syncFile(partial);
    await rename(partial, archive);
    return { archive, archiveBytes: (await stat(archive)).size, manifest };
  } catch (err) {
    await rm(partial, { force: true });
    if (err instanceof TarFormatError) throw new BackupRefusal(`Backup failed: ${err.message}. Is another program writing in ${dataDir}?`);
    throw err;
  } finally {
    release();
  }
}

export interface RestoreOptions {
  archive: string;
  dataDir: string;
  /** The local documents folder the archive's documents go to (FILES_DIR, also when a bucket is set). */
  filesDir: string;
  /** Restore over a database or documents already there, moving them aside first. */
  force?: boolean;
  now?: Date;
}

export interface RestoreResult {
  manifest: BackupManifest;
  databaseDir: string;
  /** Null when the archive holds no documents (they were in a bucket). */
  filesDir: string | null;
  restored: { database: FolderCount; documents: FolderCount };
  /** What the restored database holds, read by opening it before it was put in place. */
  checked: { migrations: MigrationState; appointments: number; documentRecords: number };
  /** Folders that held data and were moved aside (`--force`). */
  movedAside: string[];
}

/**
 * Restores an archive of backupEmbedded into `dataDir` and `filesDir`. Refused while a process
 * holds the folder, or when a database or documents are there already (unless `force`: they
 * are then moved aside to `<folder>-before-restore-<stamp>`). The archive is unpacked beside
 * the target and the database opened there and compared with the manifest; a damaged archive or
 * a database this build cannot run leaves the target as it was.
 */
export async function restoreEmbedded(options: RestoreOptions): Promise<RestoreResult> {
  const archive = resolve(options.archive);
  const dataDir = resolve(options.dataDir);
  const filesDir = resolve(options.filesDir);
  const databaseDir = join(dataDir, DATABASE_FOLDER);
  const now = options.now ?? new Date();
  assertApart(databaseDir, { kind: 'local', dir: filesDir }, 'Restore');
  if (!(await isFile(archive))) throw new BackupRefusal(`Restore refused: ${archive} does not exist or is not a file.`);
  const manifest = await readManifest(archive);
  const withDocuments = manifest.documents.kind === 'local';

  await mkdir(dataDir, { recursive: true });
  const release = takeLock(dataDir, 'Restore');
  const staging = join(dataDir, `.restore-${stamp(now)}`);
  const stagedDatabase = join(staging, DATABASE_FOLDER);
  const stagedFiles = join(dirname(filesDir), `.${basename(filesDir)}-restore-${stamp(now)}`);
  try {
    const occupied = [databaseDir, ...(withDocuments ? [filesDir] : [])];
    const holding: string[] = [];
    for (const dir of occupied) if (await holdsFiles(dir)) holding.push(dir);
    if (holding.length && !options.force) {
      throw new BackupRefusal(
        holding.length > 1
          ? `Restore refused: ${holding.join(' and ')} already hold data. Pass --force to move them aside (to dated folders next to them; nothing is deleted) and restore over them.`
          : `Restore refused: ${holding[0]} already holds data. Pass --force to move it aside (to a dated folder next to it; nothing is deleted) and restore over it.`,
      );
    }

    const restored = await unpack(archive, manifest, stagedDatabase, withDocuments ? stagedFiles : null);
    const contents = await inspectDatabase(staging, 'Restore');
    if (contents.migrations.ahead) {
      throw new BackupRefusal(
        `Restore refused: the backup was made by a newer build (${contents.migrations.applied} migrations applied; this build knows ` +
          `${contents.migrations.available}) and this build would refuse to start on it: restore it with that build. Nothing was changed.`,
      );
    }
    if (contents.appointments !== manifest.database.appointments || contents.documentRecords !== manifest.database.documentRecords) {
      throw new BackupRefusal(
        `Restore refused: the database in the backup holds ${contents.appointments} appointments and ${contents.documentRecords} document records, its ` +
          `manifest says ${manifest.database.appointments} and ${manifest.database.documentRecords}: the archive is damaged. Nothing was changed.`,
      );
    }

    const targets = withDocuments ? [databaseDir, filesDir] : [databaseDir];
    const moves: Array<[string, string]> = [];
    for (const target of targets) {
      if (holding.includes(target)) moves.push([target, `${target}-before-restore-${stamp(now)}`]);
      else await removeEmptyFolders(target);
    }
    moves.push([stagedDatabase, databaseDir]);
    if (withDocuments) moves.push([stagedFiles, filesDir]);
    const done: Array<[string, string]> = [];
    try {
      for (const [from, to] of moves) {
        await moveFolder(from, to);
        done.push([from, to]);
      }
    } catch (err) {
      // Put back what was moved, so the target is as it was.
      for (const [from, to] of done.reverse()) await rename(to, from);
      throw err;
    }
    const movedAside = moves.filter(([from]) => holding.includes(from)).map(([, to]) => to);
    return { manifest, databaseDir, filesDir: withDocuments ? filesDir : null, restored, checked: contents, movedAside };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(stagedFiles, { recursive: true, force: true });
    release();
  }
}

/** The manifest, which backupEmbedded writes as the archive's first entry; anything else is refused. */
export async function readManifest(archive: string): Promise<BackupManifest> {
  const notOurs = `Restore refused: ${archive} is not a SigningDesk backup (made by npm run backup)`;
  const source = gunzipped(archive);
  try {
    for await (const entry of readTar(source)) {
      if (entry.name !== MANIFEST_NAME || entry.type !== 'file' || entry.size > 1_000_000) break;
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      const manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<BackupManifest>;
      if (manifest.format !== 'signingdesk-backup') break;
      if (manifest.version !== 1)
        throw new BackupRefusal(
          `Restore refused: ${archive} is a backup of a later format (${String(manifest.version)}): restore it with the build that made it.`,
        );
      return manifest as BackupManifest;
    }
  } catch (err) {
    if (err instanceof BackupRefusal) throw err;
    throw new BackupRefusal(`${notOurs}: ${err instanceof Error ? err.message : String(err)}.`);
  } finally {
    source.destroy();
  }
  throw new BackupRefusal(`${notOurs}: it does not start with its ${MANIFEST_NAME}.`);
}

async function unpack(archive: string, manifest: BackupManifest, databaseDir: string, filesDir: string | null) {
  const counts = { database: { files: 0, bytes: 0 }, documents: { files: 0, bytes: 0 } };
  await mkdir(databaseDir, { recursive: true });
  if (filesDir) await mkdir(filesDir, { recursive: true });
  const damaged = (why: string) => new BackupRefusal(`Restore refused: ${archive} is damaged (${why}); nothing was changed.`);
  try {
    for await (const entry of readTar(gunzipped(archive))) {
      if (entry.name === MANIFEST_NAME) continue;
      const [top, ...rest] = entry.name.split('/');
      const root = top === DATABASE_FOLDER ? databaseDir : top === DOCUMENTS_FOLDER && filesDir ? filesDir : null;
      if (!root || rest.some((segment) => segment === '' || segment === '.' || segment === '..'))
        throw damaged(`unexpected entry ${entry.name}`);
      const path = resolve(root, ...rest);
      if (path !== root && !within(path, root)) throw damaged(`unexpected entry ${entry.name}`);
      if (entry.type === 'directory') {
        await mkdir(path, { recursive: true, mode: entry.mode & 0o777 });
        continue;
      }
      await mkdir(dirname(path), { recursive: true });
      const file = await open(path, 'wx', entry.mode & 0o777);
      try {
        for await (const chunk of entry.body) await file.write(chunk);
      } finally {
        await file.close();
      }
      await utimes(path, entry.mtime, entry.mtime);
      const count = top === DATABASE_FOLDER ? counts.database : counts.documents;
      count.files += 1;
      count.bytes += entry.size;
    }
  } catch (err) {
    if (
      err instanceof TarFormatError ||
      (err as { code?: string }).code === 'Z_BUF_ERROR' ||
      (err as { code?: string }).code === 'Z_DATA_ERROR'
    ) {
      throw damaged((err as Error).message);
    }
    throw err;
  }
  const expected = manifest.documents.kind === 'local' ? manifest.documents : { files: 0, bytes: 0 };
  for (const [what, got, want] of [
    ['database', counts.database, manifest.database],
    ['documents', counts.documents, expected],
  ] as const) {
    if (got.files !== want.files || got.bytes !== want.bytes) {
      throw damaged(`${what}: ${got.files} files of ${got.bytes} bytes, the manifest says ${want.files} of ${want.bytes}`);
    }
  }
  return counts;
}

interface DatabaseContents {
  migrations: MigrationState;
  appointments: number;
  documentRecords: number;
}

type Purpose = 'Backup' | 'Restore';

/** Opens the PGlite database in `dataDir` (taking and releasing its lock) and counts what it holds. */
async function inspectDatabase(dataDir: string, purpose: Purpose): Promise<DatabaseContents> {
  let database;
  try {
    database = await createDb({ dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) throw lockedRefusal(purpose, err);
    const reason = err instanceof Error ? err.message : String(err);
    throw new BackupRefusal(
      purpose === 'Backup'
        ? `Backup refused: the embedded database in ${dataDir} does not open (${reason}).`
        : `Restore refused: the database in the backup does not open (${reason}); nothing was changed.`,
    );
  }
  try {
    const [appointments] = await database.db.select({ n: count() }).from(schema.appointments);
    const [files] = await database.db.select({ n: count() }).from(schema.files);
    return { migrations: await database.migrationState(), appointments: appointments?.n ?? 0, documentRecords: files?.n ?? 0 };
  } finally {
    await database.close();
  }
}

function takeLock(dataDir: string, purpose: Purpose): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) throw lockedRefusal(purpose, err);
    throw err;
  }
}

function lockedRefusal(purpose: Purpose, err: DataDirLockedError): BackupRefusal {
  return new BackupRefusal(`${purpose} refused, the server is running: ${err.message}.`);
}

/** Every folder and file under `dir`, named under `prefix`, folders before their contents. */
async function listFolder(dir: string, prefix: string): Promise<TarSource[]> {
  const entries: TarSource[] = [];
  const walk = async (path: string, name: string) => {
    const info = await lstat(path);
    if (info.isDirectory()) {
      entries.push({ name, type: 'directory', mode: info.mode & 0o777, mtime: info.mtime });
      const children = await readdir(path);
      children.sort();
      for (const child of children) await walk(join(path, child), `${name}/${child}`);
    } else if (info.isFile()) {
      entries.push({
        name,
        type: 'file',
        mode: info.mode & 0o777,
        mtime: info.mtime,
        size: info.size,
        content: () => createReadStream(path),
      });
    } else {
      throw new BackupRefusal(
        `Backup refused: ${path} is not a file or a folder (a link?); a backup holds only files and folders, move it away and try again.`,
      );
    }
  };
  const info = await stat(dir).catch(() => null);
  if (!info) return [{ name: prefix, type: 'directory', mode: 0o755, mtime: new Date() }];
  if (!info.isDirectory()) throw new BackupRefusal(`Backup refused: ${dir} is not a folder.`);
  // The folder itself may be a link (to another disk); what is inside is taken as it is.
  entries.push({ name: prefix, type: 'directory', mode: info.mode & 0o777, mtime: info.mtime });
  for (const child of (await readdir(dir)).sort()) await walk(join(dir, child), `${prefix}/${child}`);
  return entries;
}

function countOf(entries: TarSource[]): FolderCount {
  let files = 0;
  let bytes = 0;
  for (const entry of entries) {
    if (entry.type !== 'file') continue;
    files += 1;
    bytes += entry.size;
  }
  return { files, bytes };
}

/** The documents folder must not hold the database or lie inside it: a restore moves each as a whole. */
function assertApart(databaseDir: string, documents: DocumentsPlace, purpose: Purpose): void {
  if (documents.kind !== 'local') return;
  const dir = resolve(documents.dir);
  if (dir === databaseDir || within(dir, databaseDir) || within(databaseDir, dir)) {
    throw new BackupRefusal(
      `${purpose} refused: FILES_DIR (${dir}) and the database folder (${databaseDir}) overlap; give the documents a folder of their own.`,
    );
  }
}

/** True when `path` lies inside `dir` (not `dir` itself). */
function within(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/** True when a regular file lies anywhere under `dir` (a tree of empty folders holds nothing). */
async function holdsFiles(dir: string): Promise<boolean> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory()) return true;
    if (await holdsFiles(join(dir, entry.name))) return true;
  }
  return false;
}

/** Removes a tree of empty folders; rmdir fails on anything that is not empty, so no file can go. */
async function removeEmptyFolders(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => null);
  if (!entries) return;
  for (const entry of entries) if (entry.isDirectory()) await removeEmptyFolders(join(dir, entry.name));
  await rmdir(dir);
}

async function moveFolder(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EXDEV' || code === 'EBUSY') {
      throw new BackupRefusal(
        `Restore refused: cannot move ${from} to ${to} (${code}: a mount point, or another disk); move it yourself and restore again. Nothing was changed.`,
      );
    }
    throw err;
  }
}

/** The archive's uncompressed bytes; a read error or a damaged gzip ends the stream with that error. */
function gunzipped(archive: string): Readable {
  return pipe(createReadStream(archive), createGunzip(), () => {});
}

async function syncFile(path: string): Promise<void> {
  const file = await open(path, 'r+');
  try {
    await file.sync();
  } finally {
    await file.close();
  }
}

async function exists(path: string): Promise<boolean> {
  return Boolean(await lstat(path).catch(() => null));
}

async function isFile(path: string): Promise<boolean> {
  return Boolean((await stat(path).catch(() => null))?.isFile());
}

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/-|:/g, '')
    .replace('T', '-');
}

/** A size for a person: 14.9 MB, 812 kB, 96 bytes (powers of 1000, as disks are sold). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${Number(value.toPrecision(3))} ${units[unit]}`;
}
