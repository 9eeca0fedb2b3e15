/**
 * `npm run backup [-- <archive file or folder>]`: the embedded database (DATA_DIR/pglite) and the
 * documents (FILES_DIR) in one .tar.gz, by default ./backups/signingdesk-YYYYMMDD-HHMMSS.tar.gz
 * (UTC). Made while the server is stopped (lib/backup.ts holds the data folder's lock meanwhile).
 * With DATABASE_URL set it refuses: PostgreSQL is backed up with its own tools. Reads the same
 * variables as the server (api/src/env.ts). Exit 0 when written, 1 with one line when refused.
 * See docs/backup-and-restore.md.
 */
import { statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { EnvError, parseEnv } from '../src/env';
import { BackupRefusal, backupEmbedded, backupFileName, formatBytes } from '../src/lib/backup';
import { filesRoot } from '../src/lib/storage/storage';

const USAGE = 'Usage: npm run backup [-- <archive.tar.gz or folder>] (default: backups/signingdesk-YYYYMMDD-HHMMSS.tar.gz)';

function refuse(line: string): never {
  console.error(line);
  process.exit(1);
}

/** A path as the person would type it: relative when under the current folder. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}

const args = process.argv.slice(2);
if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) refuse(USAGE);

try {
  const env = parseEnv();
  if (env.DATABASE_URL) {
    refuse(
      'DATABASE_URL is set: npm run backup copies only the embedded database. Back up PostgreSQL with its own tools ' +
        '(pg_dump -Fc, or point-in-time recovery) — see docs/backup-and-restore.md.',
    );
  }
  const now = new Date();
  const target = args[0];
  const isFolder = target !== undefined && (/[/\\]$/.test(target) || Boolean(statSync(target, { throwIfNoEntry: false })?.isDirectory()));
  const archive = resolve(
    target === undefined ? join('backups', backupFileName(now)) : isFolder ? join(target, backupFileName(now)) : target,
  );
  const documents = env.S3_BUCKET ? ({ kind: 's3', bucket: env.S3_BUCKET } as const) : ({ kind: 'local', dir: filesRoot(env) } as const);

  const { archiveBytes, manifest } = await backupEmbedded({ dataDir: env.DATA_DIR, documents, archive, now });
  const { database } = manifest;
  console.log(`Backup written: ${shown(archive)} (${formatBytes(archiveBytes)}).`);
  console.log(
    `It holds the database of ${resolve(env.DATA_DIR)}: ${database.appointments.toLocaleString('en-US')} appointments, ` +
      `${database.documentRecords.toLocaleString('en-US')} document records, ${database.migrationsApplied} migrations ` +
      `(${database.files.toLocaleString('en-US')} files, ${formatBytes(database.bytes)})` +
      (manifest.documents.kind === 'local'
        ? `, and ${manifest.documents.files.toLocaleString('en-US')} stored documents (${formatBytes(manifest.documents.bytes)}) from ${documents.kind === 'local' ? documents.dir : ''}.`
        : '.'),
  );
  if (manifest.documents.kind === 's3') {
    console.log(
      `The documents are not in it: they are in the bucket "${manifest.documents.bucket}" (S3_BUCKET). Back them up with the ` +
        "bucket's own versioning and replication (docs/backup-and-restore.md).",
    );
  }
  console.log(`Keep it private (it holds password hashes and the server's keys). Restore with: npm run restore -- ${shown(archive)}`);
} catch (err) {
  if (err instanceof BackupRefusal || err instanceof EnvError) refuse(err.message);
  refuse(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
}
