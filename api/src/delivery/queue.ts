/**
 * pg-boss, the PostgreSQL job queue that carries delivery work between API processes: on
 * PostgreSQL with its own small connection pool, on PGlite through the embedded client (one
 * connection, one process). Its tables live in the `pgboss` schema beside ours.
 */
import type { Database } from '@signingdesk/db';
import PgBoss from 'pg-boss';

export const PGBOSS_SCHEMA = 'pgboss';

export const QUEUES = {
  /** One job per notification job, with the same id. */
  notifications: 'notification-delivery',
  /** Dead letters: notification jobs whose retries ran out. */
  notificationsFailed: 'notification-delivery-failed',
  /** One job per queued outbound message, with the same id. */
  outbound: 'outbound-message',
  outboundFailed: 'outbound-message-failed',
  /**
   * Housekeeping (decision 041): one job per slot of uploadSweepSeconds discards uploads
   * abandoned for a day (modules/files sweepExpiredUploads). Every worker offers the slot's job;
   * its singleton key lets one exist, so the sweep runs once per slot across processes.
   */
  filesSweep: 'files-sweep',
  /**
   * Credential expiry reminders (issue 31, decision 065): one job per slot of
   * credentialReminderSeconds, offered like the upload sweep. Each reminder is sent once by its
   * own key (credential_reminders), so running the sweep every hour instead of once a day only
   * sends the day's reminders early in the day. The same job restarts dispatch for the upcoming
   * signings it filled whose agent's credentials lapsed for them (modules/dispatch/lapse-sweep.ts).
   */
  credentialReminders: 'credential-reminders',
  /**
   * The stored scores (issue 32, decision 067): one job per slot of scoresRefreshSeconds counts
   * again the scores gone stale since (lib/stored-scores.ts), offered like the upload sweep, so
   * that ranking an order rarely has a score to count.
   */
  scoresRefresh: 'scores-refresh',
  /**
   * Automatic dispatch's waves (issue 32, decision 067): one job per scheduled wave, with the id
   * the order's dispatch row names (`next_job_id`), relayed like the notification jobs and
   * started at the wave's time. A job the row no longer names sends nothing.
   */
  dispatchWaves: 'dispatch-wave',
  /**
   * Signing-day reminders (issue 33): one job per slot of signingDayReminderSeconds, offered like
   * the upload sweep; each reminder is sent once by its own key (reminders_sent).
   */
  signingDayReminders: 'signing-day-reminders',
  /**
   * Firm webhooks (issue 34, decision 070): one job per delivery attempt, with the id the
   * delivery row names (`next_job_id`), relayed to start at the attempt's time. A job the row no
   * longer names sends nothing; pg-boss's own retries only cover a process that died mid-attempt.
   */
  webhooks: 'webhook-delivery',
} as const;

export interface BossSettings {
  maintenanceIntervalSeconds: number;
}

interface QueryResult {
  rows: unknown[];
}
/** The part of the PGlite client the queue uses. */
interface PgliteClient {
  exec(text: string): Promise<QueryResult[]>;
  query(text: string, values?: unknown[]): Promise<QueryResult>;
}

/** The PGlite client under drizzle (drizzle keeps it as `$client`). */
function pgliteClientOf(database: Database): PgliteClient {
  const client = (database.db as unknown as { $client?: PgliteClient }).$client;
  if (!client || typeof client.exec !== 'function' || typeof client.query !== 'function') {
    throw new Error('the embedded database client is not reachable for the job queue');
  }
  return client;
}

export function createBoss(database: Database, connectionString: string | undefined, settings: BossSettings): PgBoss {
  const common = {
    schema: PGBOSS_SCHEMA,
    // No cron schedules are used; maintenance (expiring jobs of dead workers, archiving) is.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
  };
  if (database.kind === 'postgres') {
    if (!connectionString) throw new Error('the job queue needs the PostgreSQL connection string');
    return new PgBoss({ ...common, connectionString, max: 4, application_name: 'signingdesk-delivery' });
  }
  const client = pgliteClientOf(database);
  return new PgBoss({
    ...common,
    db: {
      // Statements without parameters may be several at once (pg-boss's locked maintenance
      // commands): PGlite runs those with exec; the rest with query.
      async executeSql(text: string, values?: unknown[]) {
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          return results[results.length - 1] ?? { rows: [] };
        }
        return client.query(text, values);
      },
    },
  });
}
