/**
 * The delivery worker: runs in every API process (RUN_WORKER) and shares the work with the
 * others through pg-boss.
 *
 * - Relay (every ~2 s): pending notification_jobs and queued outbound_messages that pg-boss
 *   does not hold yet become pg-boss jobs with the same id, so relaying twice, from two
 *   processes or after a restart, adds nothing. On PostgreSQL the rows are claimed with
 *   FOR UPDATE SKIP LOCKED so processes relay different rows.
 *   A digest of held texts (text-digest.ts) is handed over at once too, to start when its
 *   window ends, and a text held for quiet hours (quiet-hours.ts) to start at 7 am: pg-boss
 *   keeps them until then, across restarts.
 * - Work: batches fetched from pg-boss (SKIP LOCKED there too) go through stage one
 *   (notification-jobs.ts: push, then email/SMS into the outbox) or stage two (outbound.ts:
 *   SMTP / SMS provider). A failed job is retried by pg-boss with exponential backoff; when
 *   its retries run out pg-boss moves it to a dead-letter queue whose handler marks the row
 *   failed with the last error.
 * - Never lost: a row stays pending/queued until its work commits. A job in work is leased:
 *   the worker renews its jobs' start time every leaseRenewMs while it holds them, and every
 *   worker's sweep hands a job whose lease (leaseSeconds) ran out back to the queue at once —
 *   a process that died is found within seconds, not at pg-boss's expiry (expireInSeconds, a
 *   backstop), and a live process's slow batch is never taken from it. On PGlite, where one
 *   process owns the data folder, they are retried at the next start at once.
 * - Housekeeping (decision 041): the sweep of abandoned uploads is a job in its own lane. Each
 *   worker offers the job of the current slot (uploadSweepSeconds) at start and every minute;
 *   pg-boss keeps one job per slot (its singleton key), so however many processes offer it,
 *   and across restarts, the sweep runs once per slot. The credential expiry reminders
 *   (modules/agent-compliance) are offered the same way, once per credentialReminderSeconds,
 *   and the refresh of stale stored scores (lib/stored-scores.ts) once per scoresRefreshSeconds.
 * - Dispatch waves (decision 067): the wave timer an order's dispatch row names is relayed like
 *   a notification job, to start at the wave's time; its lane sends the wave (modules/dispatch
 *   `runWave`), which does nothing for a job the row no longer names.
 */
import { Agent as HttpsAgent, type Agent } from 'node:https';
import { rowsOf, schema, type Database, type Db, type Tx } from '@signingdesk/db';
import { and, eq, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Env } from '../env';
import { createStorage, type FileStorage } from '../lib/storage/storage';
import { createFilesContext, type FilesContext } from '../modules/files/files.context';
import { sweepExpiredUploads } from '../modules/files/files.lifecycle';
import { sendCredentialReminders } from '../modules/agent-compliance/credential-reminders';
import { sendSigningDayReminders } from '../modules/signing-day/reminders';
import { sendDocumentNotices } from '../modules/files/documents-notice';
import { restartLapsedAssignments } from '../modules/dispatch/lapse-sweep';
import { refreshStaleScores } from '../lib/stored-scores';
import { runWave } from '../modules/dispatch/dispatcher';
import { deliverWebhookAttempt } from '../modules/webhooks/webhook-delivery';
import { NOTIFICATIONS_CHANNEL } from './notify';
import { errorText, concurrencyLimit, type DeliveryContext, type DeliveryEvent } from './context';
import { createMailer } from './email';
import { deliverNotifications, failNotification, recordAttempt, type BatchOutcome } from './notification-jobs';
import { failOutbound, sendOutbound } from './outbound';
import { getVapidKeys } from './push';
import { createBoss, PGBOSS_SCHEMA, QUEUES } from './queue';
import { createSmsWebhook } from './sms';
import { TEXT_DIGEST_TYPE } from './text-digest';
import { QUIET_HOURS_TYPE } from './quiet-hours';
import { deliveryPriority } from '@signingdesk/domain/notification-rules';

const { notificationJobs, outboundMessages, dispatches, webhookDeliveries } = schema;

/** What a notice is about: its own type, or for a text held overnight the type of the notice it holds. */
const noticeKind = (jobs: typeof notificationJobs) =>
  sql<string | null>`coalesce(case when ${jobs.type} = ${QUIET_HOURS_TYPE} then ${jobs.payload}->>'heldType' end, ${jobs.type})`;

export interface DeliveryTuning {
  /** Idle wait between fetches when a queue is empty. */
  pollIntervalMs: number;
  relayIntervalMs: number;
  /** Jobs fetched and worked at once per queue. */
  batchSize: number;
  /**
   * Notification batches worked at once: while one batch's pushes are out, the next is loaded
   * and the one before is recorded. Their pushes share pushConcurrency.
   */
  notificationBatches: number;
  /** Pushes in flight at once in this process. */
  pushConcurrency: number;
  pushTimeoutMs: number;
  smsTimeoutMs: number;
  /** Retries after the first attempt; delays grow exponentially from retryDelaySeconds. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** pg-boss's own expiry of a job in work: a backstop behind the lease. */
  expireInSeconds: number;
  /** A job in work whose lease was not renewed for this long belongs to a process that died: it is retried at once. */
  leaseSeconds: number;
  /** How often a worker renews the leases of the jobs it holds, and sweeps for abandoned ones. */
  leaseRenewMs: number;
  maintenanceIntervalSeconds: number;
  /** The sweep of abandoned uploads runs once per slot of this length (at most pg-boss's 12-hour archive interval). */
  uploadSweepSeconds: number;
  /** The credential expiry reminders are swept once per slot of this length (at most 12 hours, as above). */
  credentialReminderSeconds: number;
  /** Stale stored scores are counted again once per slot of this length (decision 067). */
  scoresRefreshSeconds: number;
  /** The signing-day reminders are swept once per slot of this length (issue 33). */
  signingDayReminderSeconds: number;
  /** How long stop() waits for the batches in flight. */
  stopTimeoutMs: number;
}

export const DEFAULT_TUNING: DeliveryTuning = {
  pollIntervalMs: 1000,
  relayIntervalMs: 2000,
  batchSize: 100,
  notificationBatches: 3,
  pushConcurrency: 32,
  pushTimeoutMs: 15_000,
  smsTimeoutMs: 15_000,
  retryLimit: 5,
  retryDelaySeconds: 15,
  expireInSeconds: 300,
  // A dead process's jobs are back in the queue within leaseSeconds + leaseRenewMs (≤ 18 s).
  leaseSeconds: 15,
  leaseRenewMs: 3000,
  maintenanceIntervalSeconds: 60,
  uploadSweepSeconds: 3600,
  credentialReminderSeconds: 3600,
  scoresRefreshSeconds: 300,
  signingDayReminderSeconds: 120,
  stopTimeoutMs: 8000,
};

const RELAY_BATCH = 1000;
/** The stored scores' refresh: agents per statement, and statements per slot (50,000 scores at most). */
const SCORES_REFRESH_BATCH = 500;
const SCORES_REFRESH_BATCHES = 100;

export interface DeliveryWorkerOptions {
  env: Env;
  database: Database;
  /** PostgreSQL: the connection string pg-boss connects with (defaults to env.DATABASE_URL). */
  connectionString?: string | undefined;
  /** Email attachments' source; defaults to the configured file storage. */
  storage?: FileStorage | null;
  /** HTTPS agent for push services and the SMS webhook (tests: one trusting a local CA). */
  httpsAgent?: Agent;
  tuning?: Partial<DeliveryTuning>;
  /** false: no background loops; the caller drives the work with drain() (tests, bench). */
  poll?: boolean;
  onEvent?: (event: DeliveryEvent) => void;
  log?: (line: string) => void;
  /** The clock quiet hours are read by (tests: a fixed time of day); the real one when absent. */
  now?: () => Date;
}

interface Lane {
  queue: string;
  /** Batches fetched and worked at once (one loop each). */
  loops: number;
  /** Works one fetched batch; returns null per id done, else the error to retry for. */
  work(jobs: PgBoss.Job<unknown>[]): Promise<BatchOutcome>;
  metadata: boolean;
}

/** Workers running per database in this process: PGlite's reclaim is for the first one only. */
const running = new WeakMap<Database, number>();

export class DeliveryWorker {
  private stopping = false;
  /** The jobs this worker is working now, by queue: their leases are renewed. */
  private readonly held = new Map<string, Set<string>>();
  private readonly loops: Promise<void>[] = [];
  private readonly wakers = new Set<() => void>();
  private listening: Promise<(() => Promise<void>) | null> | null = null;
  private readonly ctx: DeliveryContext;
  private readonly lanes: Lane[];
  /** What the upload sweep works with, made at its first run (it makes the staging folder). */
  private files: FilesContext | null = null;

  private constructor(
    private readonly options: DeliveryWorkerOptions,
    private readonly boss: PgBoss,
    private readonly tuning: DeliveryTuning,
    ctx: DeliveryContext,
  ) {
    this.ctx = ctx;
    const ids = (jobs: PgBoss.Job<unknown>[]) => jobs.map((j) => j.id);
    const deadLetter = (jobs: PgBoss.Job<unknown>[], key: string) =>
      jobs.map((j) => ({ id: String((j.data as Record<string, unknown>)[key] ?? ''), error: lastError(j) }));
    this.lanes = [
      {
        queue: QUEUES.notifications,
        loops: tuning.notificationBatches,
        metadata: false,
        work: async (jobs) => {
          try {
            return await deliverNotifications(this.ctx, ids(jobs));
          } catch (err) {
            await recordAttempt(this.ctx, ids(jobs), errorText(err)).catch(() => undefined);
            throw err;
          }
        },
      },
      { queue: QUEUES.outbound, loops: 1, metadata: false, work: (jobs) => sendOutbound(this.ctx, ids(jobs)) },
      {
        queue: QUEUES.notificationsFailed,
        loops: 1,
        metadata: true,
        work: async (jobs) => {
          for (const { id, error } of deadLetter(jobs, 'notificationId')) if (id) await failNotification(this.ctx, id, error);
          return new Map();
        },
      },
      {
        queue: QUEUES.outboundFailed,
        loops: 1,
        metadata: true,
        work: async (jobs) => {
          for (const { id, error } of deadLetter(jobs, 'messageId')) if (id) await failOutbound(this.ctx, id, error);
          return new Map();
        },
      },
      {
        queue: QUEUES.filesSweep,
        loops: 1,
        metadata: false,
        work: async () => {
          this.files ??= createFilesContext(options.env, options.database.db);
          const withdrawn = await sweepExpiredUploads(this.files);
          if (withdrawn > 0) options.log?.(`[housekeeping] ${withdrawn} uploads abandoned for a day were discarded`);
          return new Map();
        },
      },
      {
        queue: QUEUES.credentialReminders,
        loops: 1,
        metadata: false,
        work: async () => {
          const sent = await sendCredentialReminders(options.database.db);
          if (sent > 0) options.log?.(`[reminders] ${sent} credential expiry reminders sent`);
          // The same hourly slot acts on lapses: dispatch finds another agent for what it had filled.
          const restarted = await restartLapsedAssignments(options.database.db, { now: options.now?.() });
          if (restarted > 0) options.log?.(`[dispatch] ${restarted} signings restarted after their agent's credentials lapsed`);
          return new Map();
        },
      },
      {
        queue: QUEUES.signingDayReminders,
        loops: 1,
        metadata: false,
        work: async () => {
          const sent = await sendSigningDayReminders(options.database.db, { now: options.now?.() });
          const total = Object.values(sent).reduce((n, k) => n + k, 0);
          if (total > 0) options.log?.(`[reminders] ${total} signing-day reminders sent`);
          // The same slot sends the agents' documents notices, each for the lot uploaded meanwhile.
          await sendDocumentNotices(options.database.db, options.now?.());
          return new Map();
        },
      },
      {
        queue: QUEUES.dispatchWaves,
        loops: 1,
        metadata: false,
        work: async (jobs) => {
          const outcome: BatchOutcome = new Map();
          for (const job of jobs) {
            const { appointmentId } = job.data as { appointmentId?: string };
            try {
              if (appointmentId) await runWave(options.database.db, appointmentId, job.id, { now: options.now?.() });
              outcome.set(job.id, null);
            } catch (err) {
              outcome.set(job.id, errorText(err));
            }
          }
          return outcome;
        },
      },
      {
        queue: QUEUES.webhooks,
        loops: 1,
        metadata: false,
        work: async (jobs) => {
          const outcome: BatchOutcome = new Map();
          for (const job of jobs) {
            try {
              await deliverWebhookAttempt(options.database.db, job.id, {
                allowLocalhostHttp: options.env.WEBHOOKS_ALLOW_HTTP_LOCALHOST,
                ...(options.now ? { now: options.now } : {}),
              });
              outcome.set(job.id, null);
            } catch (err) {
              outcome.set(job.id, errorText(err));
            }
          }
          return outcome;
        },
      },
      {
        queue: QUEUES.scoresRefresh,
        loops: 1,
        metadata: false,
        work: async () => {
          // In batches, each its own short statement, up to a bound per slot: the next slot goes on.
          let counted = 0;
          for (let batch = 0; batch < SCORES_REFRESH_BATCHES; batch++) {
            const n = await refreshStaleScores(options.database.db, { limit: SCORES_REFRESH_BATCH });
            counted += n;
            if (n < SCORES_REFRESH_BATCH) break;
          }
          if (counted > 0) options.log?.(`[scores] ${counted} stored scores counted again`);
          return new Map();
        },
      },
    ];
  }

  static async start(options: DeliveryWorkerOptions): Promise<DeliveryWorker> {
    const tuning = { ...DEFAULT_TUNING, ...options.tuning };
    const { env, database } = options;
    const log = options.log ?? ((line: string) => console.error(line));
    const boss = createBoss(database, options.connectionString ?? env.DATABASE_URL, {
      maintenanceIntervalSeconds: tuning.maintenanceIntervalSeconds,
    });
    boss.on('error', (err: unknown) => log(`[delivery] job queue: ${errorText(err)}`));
    // Under the setup lock: two processes starting at once each create the queues (tables of
    // their own in pg-boss), and their DDL deadlocked, ending one process before it served.
    await database.withSetupLock(async () => {
      await boss.start();
      const retry = { retryLimit: 10, retryDelay: 30, retryBackoff: true };
      await boss.createQueue(QUEUES.notificationsFailed, { name: QUEUES.notificationsFailed, ...retry });
      await boss.createQueue(QUEUES.outboundFailed, { name: QUEUES.outboundFailed, ...retry });
      await boss.createQueue(QUEUES.notifications, { name: QUEUES.notifications, deadLetter: QUEUES.notificationsFailed });
      await boss.createQueue(QUEUES.outbound, { name: QUEUES.outbound, deadLetter: QUEUES.outboundFailed });
      await boss.createQueue(QUEUES.filesSweep, { name: QUEUES.filesSweep, retryLimit: 3, retryDelay: 60, expireInSeconds: 900 });
      await boss.createQueue(QUEUES.credentialReminders, {
        name: QUEUES.credentialReminders,
        retryLimit: 3,
        retryDelay: 60,
        expireInSeconds: 900,
      });
      await boss.createQueue(QUEUES.dispatchWaves, { name: QUEUES.dispatchWaves, retryLimit: 10, retryDelay: 15, retryBackoff: true });
      await boss.createQueue(QUEUES.signingDayReminders, {
        name: QUEUES.signingDayReminders,
        retryLimit: 3,
        retryDelay: 30,
        expireInSeconds: 600,
      });
      await boss.createQueue(QUEUES.scoresRefresh, { name: QUEUES.scoresRefresh, retryLimit: 3, retryDelay: 60, expireInSeconds: 900 });
      await boss.createQueue(QUEUES.webhooks, { name: QUEUES.webhooks, retryLimit: 5, retryDelay: 30, retryBackoff: true });
    });

    // Keep-alive: a fan-out sends thousands of pushes to the same few push services.
    const httpsAgent = options.httpsAgent ?? new HttpsAgent({ keepAlive: true, maxSockets: 64 });
    const ctx: DeliveryContext = {
      db: database.db,
      origin: env.PUBLIC_ORIGIN,
      vapid: await getVapidKeys(database.db),
      vapidSubject: env.VAPID_SUBJECT,
      httpsAgent,
      pushTimeoutMs: tuning.pushTimeoutMs,
      pushSlot: concurrencyLimit(tuning.pushConcurrency),
      mailer: env.SMTP_URL ? createMailer(env.SMTP_URL, env.SMTP_FROM) : null,
      sms: env.SMS_WEBHOOK_URL ? createSmsWebhook(env.SMS_WEBHOOK_URL, { agent: httpsAgent, timeoutMs: tuning.smsTimeoutMs }) : null,
      storage: options.storage === undefined ? createStorage(env) : options.storage,
      report: (event) => options.onEvent?.(event),
      ...(options.now ? { now: options.now } : {}),
    };
    const worker = new DeliveryWorker({ ...options, log }, boss, tuning, ctx);
    const others = running.get(database) ?? 0;
    running.set(database, others + 1);
    if (database.kind === 'pglite' && others === 0) await worker.reclaimAbandoned();
    await worker.offerUploadSweep();
    await worker.offerCredentialReminders();
    await worker.offerScoresRefresh();
    await worker.offerSigningDayReminders();
    if (options.poll !== false) worker.startLoops();
    return worker;
  }

  /**
   * PGlite: the data folder is opened by one process only, so when no other worker of this
   * process runs, jobs still active belong to a process that died. They are failed now, which
   * retries them, instead of after their expiry.
   */
  private async reclaimAbandoned(): Promise<void> {
    const names = Object.values(QUEUES);
    const rows = await this.options.database.db.execute<{ id: string; name: string }>(
      sql`select id, name from ${sql.raw(PGBOSS_SCHEMA)}.job where name in ${names} and state = 'active'`,
    );
    for (const row of rowsOf<{ id: string; name: string }>(rows)) {
      await this.boss.fail(row.name, row.id, { message: 'the process working on it stopped' });
    }
  }

  /**
   * The loops begin one interval after start, so that a process coming up serves first. New
   * jobs committed by any process are announced (delivery/notify.ts): the loops wake at once instead
   * of at their next interval, which stays as the fallback for a missed announcement.
   */
  private startLoops(): void {
    this.listening = this.options.database
      .listen(NOTIFICATIONS_CHANNEL, () => this.wakeAll())
      .catch((err: unknown) => {
        this.options.log?.(`[delivery] cannot LISTEN for new jobs, polling only: ${errorText(err)}`);
        return null;
      });
    this.loops.push(
      this.every('relay', this.tuning.relayIntervalMs, async () => {
        // Relayed jobs are ready for the lanes now.
        if ((await this.relay()) > 0) this.wakeAll();
      }),
    );
    this.loops.push(
      this.every('leases', this.tuning.leaseRenewMs, async () => {
        await this.renewLeases();
        if ((await this.sweepAbandoned()) > 0) this.wakeAll();
      }),
    );
    this.loops.push(
      this.every('upload sweep', Math.min(60, this.tuning.uploadSweepSeconds) * 1000, async () => {
        const offered = [
          await this.offerUploadSweep(),
          await this.offerCredentialReminders(),
          await this.offerScoresRefresh(),
          await this.offerSigningDayReminders(),
        ];
        if (offered.some(Boolean)) this.wakeAll();
      }),
    );
    for (const lane of this.lanes) {
      for (let i = 0; i < lane.loops; i += 1) this.loops.push(this.laneLoop(lane));
    }
  }

  /**
   * Offers the upload sweep of the current slot. The slot's singleton key (pg-boss's unique
   * index on name, slot and key, on the database clock) keeps a second offer, from this process
   * or any other, from adding a job. Returns whether this offer added it.
   */
  async offerUploadSweep(): Promise<boolean> {
    const slot = this.tuning.uploadSweepSeconds;
    return (await this.boss.sendThrottled(QUEUES.filesSweep, {}, {}, slot, QUEUES.filesSweep)) !== null;
  }

  /** Offers the credential reminder sweep of the current slot, as offerUploadSweep does. */
  async offerCredentialReminders(): Promise<boolean> {
    const slot = this.tuning.credentialReminderSeconds;
    return (await this.boss.sendThrottled(QUEUES.credentialReminders, {}, {}, slot, QUEUES.credentialReminders)) !== null;
  }

  /** Offers the stored scores' refresh of the current slot, as offerUploadSweep does. */
  async offerScoresRefresh(): Promise<boolean> {
    const slot = this.tuning.scoresRefreshSeconds;
    return (await this.boss.sendThrottled(QUEUES.scoresRefresh, {}, {}, slot, QUEUES.scoresRefresh)) !== null;
  }

  /** Offers the signing-day reminders' sweep of the current slot, as offerUploadSweep does. */
  async offerSigningDayReminders(): Promise<boolean> {
    const slot = this.tuning.signingDayReminderSeconds;
    return (await this.boss.sendThrottled(QUEUES.signingDayReminders, {}, {}, slot, QUEUES.signingDayReminders)) !== null;
  }

  private async laneLoop(lane: Lane): Promise<void> {
    await this.sleep(this.tuning.pollIntervalMs);
    while (!this.stopping) {
      const worked = await this.runLane(lane, false).catch((err: unknown) => {
        this.options.log?.(`[delivery] ${lane.queue}: ${errorText(err)}`);
        return 0;
      });
      if (worked === 0 && !this.stopping) await this.sleep(this.tuning.pollIntervalMs);
    }
  }

  private async every(what: string, ms: number, task: () => Promise<void>): Promise<void> {
    await this.sleep(ms);
    while (!this.stopping) {
      await task().catch((err: unknown) => this.options.log?.(`[delivery] ${what}: ${errorText(err)}`));
      if (!this.stopping) await this.sleep(ms);
    }
  }

  private wakeAll(): void {
    for (const wake of [...this.wakers]) wake();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }

  /** Hands pending rows that pg-boss does not hold to it. Returns how many were added. */
  async relay(): Promise<number> {
    const common = {
      retryLimit: this.tuning.retryLimit,
      retryDelay: this.tuning.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: this.tuning.expireInSeconds,
    };
    let added = 0;
    added += await this.relayRows(
      (db, lock) => {
        const query = db
          // A digest of held texts starts when its window ends (text-digest.ts), a text held
          // for quiet hours at 7 am where the agent is (quiet-hours.ts).
          .select({
            id: notificationJobs.id,
            startAfter: sql<
              string | null
            >`case when ${notificationJobs.type} in (${TEXT_DIGEST_TYPE}, ${QUIET_HOURS_TYPE}) then ${notificationJobs.payload}->>'dueAt' end`,
            kind: noticeKind(notificationJobs),
          })
          .from(notificationJobs)
          .where(and(eq(notificationJobs.state, 'pending'), notHeld(QUEUES.notifications, notificationJobs.id)))
          .orderBy(notificationJobs.createdAt)
          .limit(RELAY_BATCH);
        return lock ? query.for('update', { skipLocked: true }) : query;
      },
      ({ id, startAfter, kind }) => ({
        id,
        name: QUEUES.notifications,
        priority: deliveryPriority(kind),
        data: { notificationId: id },
        deadLetter: QUEUES.notificationsFailed,
        ...common,
        ...(startAfter ? { startAfter } : {}),
      }),
    );
    added += await this.relayRows(
      (db, lock) => {
        const query = db
          // An email or text carries the priority of the notice it came from.
          .select({ id: outboundMessages.id, kind: noticeKind(notificationJobs), sendAfter: outboundMessages.sendAfter })
          .from(outboundMessages)
          .leftJoin(notificationJobs, eq(notificationJobs.id, outboundMessages.jobId))
          .where(and(eq(outboundMessages.state, 'queued'), notHeld(QUEUES.outbound, outboundMessages.id)))
          .orderBy(outboundMessages.createdAt)
          .limit(RELAY_BATCH);
        return lock ? query.for('update', { of: outboundMessages, skipLocked: true }) : query;
      },
      ({ id, kind, sendAfter }) => ({
        id,
        name: QUEUES.outbound,
        priority: deliveryPriority(kind),
        data: { messageId: id },
        deadLetter: QUEUES.outboundFailed,
        ...common,
        // An operator's text held for quiet hours starts at 7 am where the agent is.
        ...(sendAfter ? { startAfter: sendAfter } : {}),
      }),
    );
    // Dispatch's wave timers (decision 067): the job the dispatch row names, started at the wave's time.
    added += await this.relayRows(
      (db, lock) => {
        const query = db
          .select({ id: sql<string>`${dispatches.nextJobId}`, appointmentId: dispatches.appointmentId, startAfter: dispatches.nextWaveAt })
          .from(dispatches)
          .where(and(eq(dispatches.state, 'running'), isNotNull(dispatches.nextJobId), notHeld(QUEUES.dispatchWaves, dispatches.nextJobId)))
          .orderBy(dispatches.nextWaveAt)
          .limit(RELAY_BATCH);
        return lock ? query.for('update', { skipLocked: true }) : query;
      },
      ({ id, appointmentId, startAfter }) => ({
        id,
        name: QUEUES.dispatchWaves,
        data: { appointmentId },
        ...common,
        ...(startAfter ? { startAfter } : {}),
      }),
    );
    // Webhook attempts (decision 070): the job each pending delivery names, at the attempt's time.
    added += await this.relayRows(
      (db, lock) => {
        const query = db
          .select({ id: sql<string>`${webhookDeliveries.nextJobId}`, startAfter: webhookDeliveries.nextAttemptAt })
          .from(webhookDeliveries)
          .where(
            and(
              eq(webhookDeliveries.state, 'pending'),
              isNotNull(webhookDeliveries.nextJobId),
              notHeld(QUEUES.webhooks, webhookDeliveries.nextJobId),
            ),
          )
          .orderBy(webhookDeliveries.nextAttemptAt)
          .limit(RELAY_BATCH);
        return lock ? query.for('update', { skipLocked: true }) : query;
      },
      ({ id, startAfter }) => ({ id, name: QUEUES.webhooks, data: {}, ...common, ...(startAfter ? { startAfter } : {}) }),
    );
    return added;
  }

  private async relayRows<Row extends { id: string }>(
    select: (db: Db | Tx, lock: boolean) => Promise<Row[]>,
    toJob: (row: Row) => PgBoss.JobInsert,
  ): Promise<number> {
    let added = 0;
    for (;;) {
      const { database } = this.options;
      let count: number;
      if (database.kind === 'postgres') {
        // The row locks keep another process's relay off these rows until the jobs exist.
        count = await database.db.transaction(async (tx) => {
          const rows = await select(tx, true);
          if (rows.length > 0) await this.boss.insert(rows.map(toJob));
          return rows.length;
        });
      } else {
        // One connection: a transaction here would block pg-boss's own statements.
        const rows = await select(database.db, false);
        if (rows.length > 0) await this.boss.insert(rows.map(toJob));
        count = rows.length;
      }
      added += count;
      if (count < RELAY_BATCH || this.stopping) return added;
    }
  }

  /** Fetches one batch of a lane and works it. Returns the number of jobs fetched. */
  private async runLane(lane: Lane, ignoreBackoff: boolean): Promise<number> {
    const jobs = await this.boss.fetch<unknown>(lane.queue, {
      batchSize: this.tuning.batchSize,
      includeMetadata: lane.metadata,
      ignoreStartAfter: ignoreBackoff,
    });
    if (!jobs || jobs.length === 0) return 0;
    const held = this.held.get(lane.queue) ?? new Set<string>();
    this.held.set(lane.queue, held);
    for (const job of jobs) held.add(job.id);
    try {
      let outcome: BatchOutcome;
      try {
        outcome = await lane.work(jobs);
      } catch (err) {
        this.options.log?.(`[delivery] ${lane.queue}: ${errorText(err)}`);
        for (const job of jobs) await this.boss.fail(lane.queue, job.id, { message: errorText(err) });
        return jobs.length;
      }
      const done = jobs.filter((j) => !outcome.get(j.id)).map((j) => j.id);
      if (done.length > 0) await this.boss.complete(lane.queue, done);
      for (const job of jobs) {
        const error = outcome.get(job.id);
        if (error) await this.boss.fail(lane.queue, job.id, { message: error });
      }
      return jobs.length;
    } finally {
      for (const job of jobs) held.delete(job.id);
    }
  }

  /** Renews the lease of every job this worker holds: its start time becomes now. */
  private async renewLeases(): Promise<void> {
    for (const [queue, ids] of this.held) {
      if (ids.size === 0) continue;
      await this.options.database.db.execute(
        sql`update ${sql.raw(PGBOSS_SCHEMA)}.job set started_on = now()
            where name = ${queue} and state = 'active' and id in ${[...ids]}`,
      );
    }
  }

  /**
   * Hands back to the queue, ready now, every job in work whose lease ran out: the process that
   * held it stopped renewing it (it died). A job out of retries is left to pg-boss's expiry,
   * which moves it to the dead letters. Returns how many were handed back.
   */
  async sweepAbandoned(): Promise<number> {
    const queues = Object.values(QUEUES);
    const result = await this.options.database.db.execute(
      sql`update ${sql.raw(PGBOSS_SCHEMA)}.job set state = 'retry', start_after = now()
          where name in ${queues} and state = 'active' and retry_count < retry_limit
            and started_on < now() - make_interval(secs => ${this.tuning.leaseSeconds})
          returning id`,
    );
    const swept = rowsOf<{ id: string }>(result).length;
    if (swept > 0) this.options.log?.(`[delivery] ${swept} jobs of a stopped process are back in the queue`);
    return swept;
  }

  /**
   * Works until nothing is ready: relays, then runs every lane until all come back empty.
   * `ignoreBackoff` also takes jobs waiting for their retry time (tests).
   */
  async drain(options: { ignoreBackoff?: boolean } = {}): Promise<void> {
    for (;;) {
      const relayed = await this.relay();
      let total = 0;
      // A lane that came back empty gets new work only from the next relay or a failure.
      let busy = this.lanes;
      while (busy.length > 0) {
        const next: Lane[] = [];
        for (const lane of busy) {
          const worked = await this.runLane(lane, options.ignoreBackoff ?? false);
          total += worked;
          if (worked > 0) next.push(lane);
        }
        busy = next;
      }
      if (relayed === 0 && total === 0) return;
    }
  }

  /** Stops the loops, waits for the batches in flight (up to stopTimeoutMs) and lets go of pg-boss. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.wakeAll();
    const unlisten = await this.listening;
    await unlisten?.().catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(this.loops),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.tuning.stopTimeoutMs);
      }),
    ]);
    clearTimeout(timer);
    await this.boss.stop({ graceful: false, close: true, wait: true });
    this.ctx.mailer?.close();
    if (!this.options.httpsAgent) this.ctx.httpsAgent?.destroy();
    running.set(this.options.database, Math.max(0, (running.get(this.options.database) ?? 1) - 1));
  }
}

/** pg-boss holds no job of this queue with the row's id (its primary key is name + id). */
function notHeld(queue: string, id: SQLWrapper): SQL {
  return sql`not exists (select 1 from ${sql.raw(PGBOSS_SCHEMA)}.job j where j.name = ${queue} and j.id = ${id})`;
}

function lastError(job: PgBoss.Job<unknown>): string {
  const output = (job as unknown as { output?: { message?: unknown; value?: { message?: unknown } } }).output;
  const message = output?.message ?? output?.value?.message;
  return typeof message === 'string' ? message : 'delivery kept failing';
}
