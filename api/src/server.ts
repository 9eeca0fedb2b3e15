/**
 * The Node entry: parse the configuration, open the database (PGlite in DATA_DIR, or
 * PostgreSQL at DATABASE_URL), apply migrations, seed demo data where asked, then serve the
 * API, the console and the agent PWA on one port. Stops cleanly on SIGTERM/SIGINT.
 *
 * WEB_CONCURRENCY=N (PostgreSQL only) runs N API processes with node:cluster: this process
 * prepares the database once (migrations, demo data, the auth secret), then starts N workers
 * that share the port and the database. Everything they must agree on lives in PostgreSQL
 * (sessions, limits, idempotency keys, the delivery queue, live events), so any process can
 * answer any request. A worker that dies is replaced; SIGTERM stops them all.
 */
import { serve } from '@hono/node-server';
import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:net';
import { createDb, DataDirLockedError, type Database } from '@signingdesk/db';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty } from '@signingdesk/db/seed';
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import { EnvError, parseEnv, type Env } from './env';
import { seedDemoData } from './seed';
import { refreshEveryStaleScore } from './lib/stored-scores';
import { DeliveryWorker } from './delivery/worker';
import { Readiness } from './lib/readiness';
import { getAuthSecret } from './lib/settings';
import { liveHubOf } from './modules/events/live-hub';
import { trustedOrigins } from './lib/origins';
import { createStorage } from './lib/storage/storage';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** How long a stopping process waits for its open requests before it exits anyway. */
const STOP_TIMEOUT_MS = 10_000;

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

function listenFailure(env: Env, err: NodeJS.ErrnoException): string {
  return err.code === 'EADDRINUSE'
    ? `Invalid PORT (${env.PORT}): the port is already in use`
    : `Cannot listen on ${env.HOST}:${env.PORT}: ${err.message}`;
}

/**
 * A port another program holds is named before the database is opened, migrated and seeded
 * (about 20 s on a new data folder), not after. Listening later still reports a port taken
 * in between.
 */
function assertPortFree(env: Env): Promise<void> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => fail(listenFailure(env, err)));
    probe.listen(env.PORT, env.HOST, () => probe.close(() => resolve()));
  });
}

function loadEnv(): Env {
  try {
    return parseEnv();
  } catch (err) {
    if (err instanceof EnvError) fail(err.message);
    throw err;
  }
}

async function openDatabase(env: Env): Promise<Database> {
  try {
    return await createDb({
      url: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(`Invalid DATA_DIR (${env.DATA_DIR}): ${err.message}`);
    const reason = err instanceof Error ? err.message : String(err);
    fail(
      env.DATABASE_URL
        ? `Invalid DATABASE_URL: cannot connect to PostgreSQL (${reason})`
        : `Invalid DATA_DIR (${env.DATA_DIR}): cannot open the embedded database (${reason})`,
    );
  }
}

/** Stored scores counted per statement after seeding. */
const SEED_SCORES_BATCH = 1000;

/**
 * Migrations and demo data, once per start (by the primary when there are several processes),
 * under the setup lock: two processes starting on one empty database seed it once. A database
 * migrated by a newer build is refused: this build would read and write tables it does not know.
 */
async function prepareDatabase(env: Env, database: Database): Promise<void> {
  const state = await database.migrationState();
  if (state.ahead) {
    fail(
      `The database is newer than this build: it has ${state.applied} migrations applied, this build knows ${state.available}. ` +
        'Start the build that migrated it, or restore a backup made for this one.',
    );
  }
  await database.withSetupLock(async () => {
    await database.migrate();
    const { db } = database;
    const empty = await isDatabaseEmpty(db);
    if (empty && (database.kind === 'pglite' || env.SEED_DEMO)) {
      const started = Date.now();
      // The seeded files' bytes go to the configured storage, so demo downloads work.
      const summary = await seedDemoData(db, { storage: createStorage(env) });
      // The seeded agents' scores are counted now, before the first request, not by the worker's
      // first scores slot: on PGlite's one connection that held up the first requests for
      // seconds, past the console's 5-second request limit (journeys right after a start failed).
      const scores = await refreshEveryStaleScore(db, { batch: SEED_SCORES_BATCH });
      console.log(
        `Seeded demo data in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary.firms} firms, ${summary.users} users ` +
          `(${summary.agents} signing agents, ${scores} scores counted), ${summary.appointments} appointments, ${summary.offers} offers, ` +
          `${summary.files} files, ${summary.notes} messages.`,
      );
    } else if (env.SEED_DEMO && !empty) {
      console.log('SEED_DEMO: the database already has users; demo data was not added.');
    }
  });
}

async function serveApi(env: Env, database: Database): Promise<void> {
  const { db } = database;
  const secret = env.BETTER_AUTH_SECRET ?? (await getAuthSecret(db));
  const auth = createAuth({
    db,
    secret,
    origin: env.PUBLIC_ORIGIN,
    extraTrustedOrigins: trustedOrigins(env),
    signInAttemptsPerMinute: env.SIGN_IN_ATTEMPTS_PER_MINUTE,
  });
  const readiness = new Readiness();
  const app = createApp({
    env,
    database,
    auth,
    readiness,
    staticRoots: { console: resolve(repoRoot, 'console/dist'), pwa: resolve(repoRoot, 'pwa/dist') },
  });

  // Notification delivery runs in every API process; pg-boss shares the work between them.
  const worker = env.RUN_WORKER ? await DeliveryWorker.start({ env, database }) : null;
  if (worker) {
    console.log(
      `Delivery: push (VAPID), email ${env.SMTP_URL ? 'over SMTP' : 'held in the outbox (no SMTP_URL)'}, ` +
        `text messages ${env.SMS_WEBHOOK_URL ? 'to the SMS webhook' : 'held in the outbox (no SMS_WEBHOOK_URL)'}.`,
    );
  }

  const server = serve({
    fetch: app.fetch,
    port: env.PORT,
    hostname: env.HOST,
    // Node's defaults hold a slow client for 60 s (headers) and 300 s (request), checked every 30 s.
    serverOptions: {
      headersTimeout: env.HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeout: Math.max(env.REQUEST_TIMEOUT_SECONDS, env.HEADERS_TIMEOUT_SECONDS) * 1000,
      keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      connectionsCheckingInterval: 1_000,
    },
  });
  (server as { maxConnections?: number }).maxConnections = env.MAX_CONNECTIONS;
  server.on('error', (err: NodeJS.ErrnoException) => fail(listenFailure(env, err)));
  server.on('listening', () => {
    if (cluster.isWorker) return; // The primary announces once every worker listens.
    announce(env, database).catch((err: unknown) => console.warn('Could not look for the demo accounts:', err));
  });

  let stopping = false;
  /**
   * A graceful stop: the readiness check answers 503 at once, the live-update streams end with
   * a `closing` event (the consoles reconnect to another process), no new connection is taken,
   * every request in flight is answered, the delivery worker finishes its batch, and only then
   * the database closes; exit 0. What is still open after STOP_TIMEOUT_MS is cut (exit 1).
   */
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing open requests and closing the database.`);
    readiness.stopping = true;
    const force = setTimeout(() => {
      console.error(`Open requests did not finish within ${STOP_TIMEOUT_MS / 1000} s of ${signal}; stopping anyway.`);
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    force.unref();
    liveHubOf(database).endAll('server_stopping');
    // The worker finishes its batch in flight while open requests finish; both before the database closes.
    const workerStopped = worker?.stop();
    server.close(() => {
      void Promise.resolve(workerStopped)
        .then(() => database.close())
        .then(() => process.exit(0));
    });
    // Kept-alive connections with no request in flight would otherwise hold the close back, for
    // KEEP_ALIVE_TIMEOUT_SECONDS: those idle now, and each one as its last request is answered.
    const closeIdle = () => (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    closeIdle();
    setInterval(closeIdle, 100).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function announce(env: Env, database: Database, processes = 1): Promise<void> {
  const where = database.kind === 'pglite' ? `embedded PGlite in ${resolve(env.DATA_DIR)}` : 'PostgreSQL (DATABASE_URL)';
  const many = processes > 1 ? ` with ${processes} API processes` : '';
  console.log(`SigningDesk is serving ${env.PUBLIC_ORIGIN}${many} — database: ${where}`);
  const [demo] = await database.db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, 'admin@demo.test'));
  if (demo) {
    console.log(`Demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}`);
  }
}

/** A worker that dies this soon after starting is not restarted: the cause is its start, not its load. */
const RESTART_AFTER_MS = 5_000;

/** The cluster's primary: prepares the database, forks the workers, replaces one that dies, stops them all on a signal. */
async function runPrimary(env: Env): Promise<void> {
  await assertPortFree(env);
  const database = await openDatabase(env);
  await prepareDatabase(env, database);
  if (!env.BETTER_AUTH_SECRET) await getAuthSecret(database.db); // Created once, before the workers race for it.

  const started = new Map<Worker, number>();
  let listening = 0;
  let stopping = false;
  const fork = () => started.set(cluster.fork(), Date.now());
  const finish = () => void database.close().then(() => process.exit());
  const stopAll = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = exitCode;
    setTimeout(() => process.exit(1), 15_000).unref();
    if (started.size === 0) return finish();
    for (const worker of started.keys()) worker.process.kill('SIGTERM');
  };
  cluster.on('listening', () => {
    if (++listening !== env.WEB_CONCURRENCY) return;
    announce(env, database, env.WEB_CONCURRENCY).catch((err: unknown) => console.warn('Could not look for the demo accounts:', err));
  });
  cluster.on('exit', (worker, code, signal) => {
    const since = started.get(worker) ?? 0;
    started.delete(worker);
    if (stopping) {
      if (started.size === 0) finish();
      return;
    }
    const how = signal ?? `exit code ${code}`;
    if (Date.now() - since < RESTART_AFTER_MS) {
      console.error(`An API process stopped while starting (${how}); stopping SigningDesk.`);
      return stopAll(1);
    }
    console.error(`An API process stopped (${how}); starting another.`);
    fork();
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (!stopping) console.log(`${signal} received: stopping ${started.size} API processes.`);
      stopAll(0);
    });
  }
  for (let i = 0; i < env.WEB_CONCURRENCY; i++) fork();
}

async function main() {
  const env = loadEnv();
  if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) return runPrimary(env);
  if (cluster.isPrimary) await assertPortFree(env);
  const database = await openDatabase(env);
  if (cluster.isPrimary) await prepareDatabase(env, database);
  await serveApi(env, database);
}

main().catch((err: unknown) => {
  fail(`SigningDesk could not start: ${err instanceof Error ? err.message : String(err)}`);
});
