/**
 * `npm run restore -- <archive> [--force]`: puts a backup made by `npm run backup` back into
 * DATA_DIR (the database) and FILES_DIR (the documents), the same variables the server reads.
 * Refused while the server runs, and when a database or documents are there already unless
 * --force, which moves them aside to dated folders next to them (nothing is deleted). The copy
 * is opened and checked against the backup's manifest before it is put in place.
 * Exit 0 when restored, 1 with one line when refused. See docs/backup-and-restore.md.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { EnvError, parseEnv } from '../src/env';
import { BackupRefusal, formatBytes, restoreEmbedded } from '../src/lib/backup';
import { filesRoot } from '../src/lib/storage/storage';

function refuse(line: string): never {
  console.error(line);
  process.exit(1);
}

/** A path as the person would type it: relative when under the current folder. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}

function usage(): string {
  const newest = (() => {
    try {
      return readdirSync('backups')
        .filter((name) => /^signingdesk-\d{8}-\d{6}\.tar\.gz$/.test(name))
        .sort()
        .at(-1);
    } catch {
      return undefined;
    }
  })();
  return `Usage: npm run restore -- <archive.tar.gz> [--force]${newest ? ` (the newest in backups/ is ${join('backups', newest)})` : ''}`;
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const positional = args.filter((arg) => arg !== '--force');
if (positional.length !== 1 || positional[0]!.startsWith('-')) refuse(usage());
const archive = positional[0]!;

try {
  const env = parseEnv();
  if (env.DATABASE_URL) {
    refuse(
      'DATABASE_URL is set: npm run restore restores only the embedded database. Restore PostgreSQL with its own tools ' +
        '(pg_restore into a new database, or point-in-time recovery) — see docs/backup-and-restore.md.',
    );
  }
  const result = await restoreEmbedded({ archive, dataDir: env.DATA_DIR, filesDir: filesRoot(env), force });
  const { manifest, restored, checked } = result;
  console.log(
    `Restored ${shown(archive)} (made ${manifest.createdAt}): the database (${restored.database.files.toLocaleString('en-US')} files, ` +
      `${formatBytes(restored.database.bytes)}) into ${result.databaseDir}` +
      (result.filesDir
        ? ` and ${restored.documents.files.toLocaleString('en-US')} stored documents (${formatBytes(restored.documents.bytes)}) into ${result.filesDir}.`
        : '.'),
  );
  const pending = checked.migrations.available - checked.migrations.applied;
  console.log(
    `Checked: it opens and holds ${checked.appointments.toLocaleString('en-US')} appointments and ` +
      `${checked.documentRecords.toLocaleString('en-US')} document records, as when it was backed up; ` +
      `${checked.migrations.applied} of ${checked.migrations.available} migrations applied` +
      (pending > 0 ? ` (the server applies the ${pending} newer one${pending > 1 ? 's' : ''} when it starts).` : '.'),
  );
  if (result.movedAside.length) console.log(`What was there before was moved aside, not deleted: ${result.movedAside.join(', ')}.`);
  if (manifest.documents.kind === 's3') {
    console.log(
      `The backup holds no documents: they were in the bucket "${manifest.documents.bucket}" when it was made. ` +
        "Restore them from the bucket's versions (docs/backup-and-restore.md).",
    );
  } else if (env.S3_BUCKET) {
    console.log(
      `S3_BUCKET is set, so the server reads documents from the bucket "${env.S3_BUCKET}", not from ${result.filesDir}: ` +
        'copy them into the bucket, or unset S3_BUCKET.',
    );
  }
  console.log('Start the server as before (npm start) with the same DATA_DIR and FILES_DIR.');
} catch (err) {
  if (err instanceof BackupRefusal || err instanceof EnvError) refuse(err.message);
  refuse(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
}
