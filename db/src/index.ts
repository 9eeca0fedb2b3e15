/**
 * createDb(): drizzle over PGlite (embedded PostgreSQL persisted in a data folder) when no
 * connection string is given, over postgres.js when one is. Same schema and migrations on
 * both. Owns the database connection and applies the committed migrations.
 */
import { existsSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema/index';

export { schema };
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept `Db | Tx` where they may run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../migrations');

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Applies every committed migration not applied yet; safe to call from several processes. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process runs its own (PostgreSQL: an advisory lock; PGlite: the
   * data folder is one process's already): migrations and the first seed, at start.
   */
  withSetupLock<T>(work: () => Promise<T>): Promise<T>;
  migrationState(): Promise<MigrationState>;
  /**
   * LISTEN on a channel: `onNotify` gets each NOTIFY payload sent after a committed transaction,
   * by any process on the same database (PGlite: this process). Resolves to the unlisten.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface MigrationState {
  applied: number;
  available: number;
  latest: string | null;
  upToDate: boolean;
  /** The database holds migrations this code does not know: a newer build migrated it. */
  ahead: boolean;
}

export interface CreateDbOptions {
  /** A postgres:// connection string; without it the embedded PGlite is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; `memory://` keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** PGlite: start from this dumped data folder (`dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob | undefined;
  /** Connections in the postgres.js pool. */
  maxConnections?: number | undefined;
  /**
   * PostgreSQL: cancel a statement after this long, and end a transaction left idle twice as
   * long (the server's statement_timeout and idle_in_transaction_session_timeout). Unset: none.
   */
  statementTimeoutMs?: number | undefined;
}

// Any constant will do; it only has to be the same for every process setting up this database.
const SETUP_LOCK_ID = 727_364_001;

interface JournalEntry {
  tag: string;
  /** When the migration was generated (ms); drizzle stores it as the applied row's created_at. */
  when: number;
}

function readJournal(): JournalEntry[] {
  const path = join(migrationsFolder, 'meta/_journal.json');
  if (!existsSync(path)) return [];
  return (JSON.parse(readFileSync(path, 'utf8')) as { entries: JournalEntry[] }).entries;
}

async function migrationStateOf(db: Db): Promise<MigrationState> {
  const journal = readJournal();
  const exists = await db.execute<{ present: boolean }>(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  let applied = 0;
  let newest = 0;
  if (rowsOf<{ present: boolean }>(exists)[0]?.present) {
    const rows = await db.execute<{ count: number; newest: string | null }>(
      sql`select count(*)::int as count, max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    );
    const row = rowsOf<{ count: number; newest: string | null }>(rows)[0];
    applied = Number(row?.count ?? 0);
    newest = Number(row?.newest ?? 0);
  }
  const newestKnown = journal.at(-1)?.when ?? 0;
  return {
    applied,
    available: journal.length,
    latest: applied > 0 ? (journal[applied - 1]?.tag ?? null) : null,
    upToDate: applied >= journal.length,
    ahead: applied > journal.length || newest > newestKnown,
  };
}

/**
 * postgres 3.4.9 can throw from a queued write after its socket closed, outside any promise,
 * which kills the process (patches/postgres+3.4.9.patch, applied by `npm install`'s
 * postinstall). Refuse to run on an unpatched copy rather than die at the first failover.
 */
/** A line of the newest driver patch (decision 060): a copy patched by an older one is refused too. */
const DRIVER_PATCH_MARK = 'SigningDesk patch (decision 060)';

function assertDriverPatched(): void {
  const require = createRequire(import.meta.url);
  const driver = dirname(require.resolve('postgres'));
  for (const file of [join(driver, 'connection.js'), join(driver, '../../src/connection.js')]) {
    if (existsSync(file) && !readFileSync(file, 'utf8').includes(DRIVER_PATCH_MARK)) {
      throw new Error(`the postgres driver at ${file} is not patched: run npm install (its postinstall applies patches/)`);
    }
  }
}

/** postgres.js returns an array of rows, PGlite an object with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export async function createDb(options: CreateDbOptions = {}): Promise<Database> {
  if (options.url) return createPostgres(options.url, options.maxConnections ?? 10, options.statementTimeoutMs);
  return createPglite(options.dataDir ?? './data', options.loadDataDir);
}

async function createPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const location = inMemory ? dataDir : resolve(dataDir, 'pglite');
  let unlock = () => {};
  if (!inMemory) {
    await mkdir(location, { recursive: true });
    // A folder opened by two processes loses one side's writes: the second one is refused.
    unlock = lockDataDir(dataDir);
  }
  try {
    // pg_trgm: the escrow search's trigram index on signer names (migration 0007).
    const client = await PGlite.create(location, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      // One PGlite instance has one connection, and its data folder is locked to this process.
      migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
      withSetupLock: (work) => work(),
      migrationState: () => migrationStateOf(db),
      listen: (channel, onNotify) => client.listen(channel, onNotify),
      close: () => client.close().finally(unlock),
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** Raised when another live process holds the data folder. */
export class DataDirLockedError extends Error {}

/**
 * Takes `dataDir/.signingdesk.lock` for this process (created exclusively, holding the pid and
 * host). A lock left by a process that is gone (a crash, kill -9) is taken over; one of a live
 * process, or of another machine (a shared folder, where its pid cannot be checked), refuses.
 * Answers the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(resolve(dataDir), LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, host: hostname() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readLockHolder(file);
    if (holder && (holder.host !== hostname() || isAlive(holder.pid))) {
      const who = holder.host === hostname() ? `process ${holder.pid}` : `process ${holder.pid} on ${holder.host}`;
      throw new DataDirLockedError(
        `${resolve(dataDir)} is in use by another SigningDesk ${who}; stop it first (or remove ${file} if it is gone)`,
      );
    }
    // Left by a process that is gone.
    rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`${resolve(dataDir)} is being opened by another process at the same moment`);
}

const LOCK_FILE = '.signingdesk.lock';

function readLockHolder(file: string): { pid: number; host: string } | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown; host?: unknown };
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string' ? { pid: parsed.pid, host: parsed.host } : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, owned by another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Seconds before a reconnection is tried after the `retries`-th failed one in a row. The
 * driver's default grows as 3^n / 100 up to 20 s, so the first request after a database came
 * back waited 6–9 s; here it is at most half a second.
 */
export function reconnectDelaySeconds(retries: number): number {
  return Math.min(0.05 * 2 ** retries, 0.5);
}

async function createPostgres(url: string, max: number, statementTimeoutMs?: number): Promise<Database> {
  assertDriverPatched();
  const client = postgres(url, {
    max,
    onnotice: () => {},
    // An unreachable server is known within 5 s instead of 30; the request answers 503.
    connect_timeout: 5,
    backoff: reconnectDelaySeconds,
    // A peer gone without a word (a failover, a dropped route) is found by TCP keepalive.
    keep_alive: 10,
    // Idle connections are closed before a pooler or firewall drops them silently.
    idle_timeout: 120,
    connection: {
      // The API's hot reads are named statements (api/src/lib/prepared.ts): parsed once per
      // connection, but planned for each call's values, never with a generic plan that fits none.
      plan_cache_mode: 'force_custom_plan',
      ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs, idle_in_transaction_session_timeout: statementTimeoutMs * 2 } : {}),
    },
  });
  // Fail at start, with the driver's reason, rather than on the first request.
  await client`select 1`;
  const db = drizzlePostgres(client, { schema }) as unknown as Db;
  // The lock is a session's: held on a connection of its own while the work uses the pool.
  // Re-entrant within this process, so migrate() inside a setup does not wait for itself.
  let held = false;
  const withSetupLock = async <T>(work: () => Promise<T>): Promise<T> => {
    if (held) return work();
    const lockClient = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await lockClient`select pg_advisory_lock(${SETUP_LOCK_ID})`;
      held = true;
      return await work();
    } finally {
      held = false;
      await lockClient.end();
    }
  };
  return {
    db,
    kind: 'postgres',
    migrate: () => withSetupLock(() => migratePostgres(drizzlePostgres(client), { migrationsFolder })),
    withSetupLock,
    migrationState: () => migrationStateOf(db),
    async listen(channel, onNotify) {
      // postgres.js keeps one connection for all its listeners and re-listens after a reconnect.
      const { unlisten } = await client.listen(channel, onNotify);
      return unlisten;
    },
    close: () => client.end({ timeout: 5 }),
  };
}
