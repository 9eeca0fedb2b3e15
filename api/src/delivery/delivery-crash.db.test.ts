/**
 * "Never lost, never twice": a fan-out of 200 notifications worked by a worker in its own
 * process that is killed (SIGKILL) in the middle, then by a fresh worker — and by two workers
 * at once. Each notification reaches the push service once and the SMTP server once.
 *
 * The kill is placed where it proves something: the push service and the SMTP server stop
 * answering after a number of deliveries, so the killed worker dies with requests in flight
 * and unanswered (they never count as delivered), after everything answered was recorded.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, rowsOf, schema, type Database } from '@signingdesk/db';
import { createTestDatabase } from '@signingdesk/db/testing';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { notify } from './notify';
import { seedDemoData } from '../seed';
import { TEST_ORIGIN } from '../testing/test-app';
import type { DeliveryEvent } from './context';
import { TestPushService, type TestDevice } from './testing/push-service';
import { TestSmtpServer } from './testing/smtp';
import { selfSignedCertificate } from './testing/tls';
import { DeliveryWorker, type DeliveryTuning } from './worker';

const { notificationJobs, notificationDeliveries, outboundMessages, pushSubscriptions, user, profiles, agentProfiles, appointments } =
  schema;

const FAN_OUT = 200;
const TUNING: Partial<DeliveryTuning> = {
  pollIntervalMs: 100,
  relayIntervalMs: 200,
  batchSize: 25,
  pushConcurrency: 8,
  retryDelaySeconds: 1,
  // A job whose lease is not renewed for this long is retried (PostgreSQL; PGlite retries at
  // start). pg-boss's own expiry stays far off: the lease alone must bring the jobs back.
  leaseSeconds: 2,
  leaseRenewMs: 300,
  expireInSeconds: 300,
  maintenanceIntervalSeconds: 1,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, condition: () => Promise<boolean> | boolean, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
}

describe('a fan-out worked by a worker that dies in the middle', () => {
  const certificate = selfSignedCertificate();
  let push: TestPushService;
  let smtp: TestSmtpServer;
  let database: Database | undefined;
  let url: string | undefined;
  let dataDir: string | undefined;
  let close: () => Promise<void> = async () => undefined;
  const devices = new Map<string, TestDevice>();
  let recipients: string[] = [];
  let appointmentId: string;
  const env = () =>
    parseEnv({
      NODE_ENV: 'test',
      PUBLIC_ORIGIN: TEST_ORIGIN,
      SMTP_URL: `${smtp.url}`,
      SMTP_FROM: 'SigningDesk <notices@signingdesk.test>',
    });

  beforeAll(async () => {
    push = await TestPushService.start(certificate);
    smtp = await TestSmtpServer.start();
    if (process.env.DATABASE_URL) {
      const created = await createTestDatabase();
      database = created;
      url = created.url;
      close = () => created.close();
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'sd-crash-'));
      database = await createDb({ dataDir });
      await database.migrate();
    }
    await seedDemoData(database.db, { agentCount: 60 });
    // Only the fan-out is delivered here: no expiry reminders from the demo credentials.
    await database.db.delete(schema.agentCredentials);
    const agents = await database.db
      .select({ id: user.id })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .innerJoin(agentProfiles, eq(agentProfiles.userId, user.id))
      .where(and(eq(profiles.status, 'active'), eq(agentProfiles.registrationStatus, 'approved')))
      .orderBy(user.email)
      .limit(40);
    recipients = agents.map((a) => a.id);
    for (const [i, id] of recipients.entries()) {
      const device = push.device(`agent-${i}`);
      devices.set(`/push/agent-${i}`, device);
      await database.db
        .insert(pushSubscriptions)
        .values({ userId: id, endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth });
    }
    const [appointment] = await database.db.select({ id: appointments.id }).from(appointments).limit(1);
    appointmentId = appointment!.id;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([push.close(), smtp.close()]);
    await database?.close();
    await close();
  });

  /** FAN_OUT notification jobs, five per agent, each one with push and email. */
  async function fanOut(db: Database['db'], round: string): Promise<string[]> {
    await db.transaction(async (tx) => {
      for (let i = 0; i < FAN_OUT / recipients.length; i++) {
        await notify(tx, {
          type: 'bid.declined',
          recipientIds: recipients,
          appointmentId,
          payload: { name: round, url: `/preview/${appointmentId}` },
        });
      }
    });
    const rows = await db.select({ id: notificationJobs.id, payload: notificationJobs.payload }).from(notificationJobs);
    return rows.filter((r) => r.payload.name === round).map((r) => r.id);
  }

  /** No notification of `jobIds` pending, and no email or text waiting in the outbox. */
  async function allDelivered(jobIds: string[]): Promise<boolean> {
    const [pending] = await database!.db
      .select({ n: count() })
      .from(notificationJobs)
      .where(and(inArray(notificationJobs.id, jobIds), eq(notificationJobs.state, 'pending')));
    const [queued] = await database!.db.select({ n: count() }).from(outboundMessages).where(eq(outboundMessages.state, 'queued'));
    return pending!.n === 0 && queued!.n === 0;
  }

  /** Every job sent once on each channel: the database, the push service and the SMTP server agree. */
  async function expectEachOnce(db: Database['db'], jobIds: string[], pushesBefore: number, emailsBefore: number) {
    const jobs = await db
      .select({ state: notificationJobs.state, n: count() })
      .from(notificationJobs)
      .where(inArray(notificationJobs.id, jobIds))
      .groupBy(notificationJobs.state);
    expect(jobs).toEqual([{ state: 'sent', n: FAN_OUT }]);
    const deliveries = await db
      .select({ channel: notificationDeliveries.channel, state: notificationDeliveries.state, n: count() })
      .from(notificationDeliveries)
      .where(inArray(notificationDeliveries.jobId, jobIds))
      .groupBy(notificationDeliveries.channel, notificationDeliveries.state);
    expect(new Set(deliveries.map((d) => JSON.stringify(d)))).toEqual(
      new Set([
        JSON.stringify({ channel: 'push', state: 'sent', n: FAN_OUT }),
        JSON.stringify({ channel: 'email', state: 'sent', n: FAN_OUT }),
        JSON.stringify({ channel: 'sms', state: 'skipped', n: FAN_OUT }),
      ]),
    );

    // This fan-out's pushes and emails only: a sweep of the worker (a signing-day reminder of the
    // demo data) may send others meanwhile. A repeat of any of these would make one too many.
    const ours = new Set(jobIds);
    const pushes = push.received
      .slice(pushesBefore)
      .map((p) => (devices.get(p.path)?.decrypt(p.body) as { tag?: string } | undefined)?.tag)
      .filter((tag): tag is string => tag !== undefined && ours.has(tag));
    expect(pushes).toHaveLength(FAN_OUT);
    expect(new Set(pushes)).toEqual(new Set(jobIds));

    const messages = await db
      .select({ id: outboundMessages.id, state: outboundMessages.state })
      .from(outboundMessages)
      .where(and(inArray(outboundMessages.jobId, jobIds), eq(outboundMessages.channel, 'email')));
    expect(messages).toHaveLength(FAN_OUT);
    expect(messages.every((m) => m.state === 'sent')).toBe(true);
    const sentIds = new Set(messages.map((m) => m.id));
    const received = smtp.received
      .slice(emailsBefore)
      .map((m) => /^<([0-9a-f-]{36})@/.exec(m.messageId)?.[1])
      .filter((id): id is string => id !== undefined && sentIds.has(id));
    expect(received).toHaveLength(FAN_OUT);
    expect(new Set(received)).toEqual(new Set(messages.map((m) => m.id)));
  }

  it('is killed with pushes and emails in flight; the next worker delivers every notification exactly once', async () => {
    const jobIds = await fanOut(database!.db, 'crash');
    expect(jobIds).toHaveLength(FAN_OUT);
    if (dataDir) {
      // One process opens a PGlite folder: the worker process takes it over.
      await database!.close();
      database = undefined;
    }

    push.acceptLimit = 80;
    smtp.acceptLimit = 40;
    let recordedPushes = 0;
    let recordedEmails = 0;
    const child: ChildProcess = fork(
      fileURLToPath(new URL('./testing/worker-process.ts', import.meta.url)),
      [
        JSON.stringify({
          url,
          dataDir,
          env: { NODE_ENV: 'test', PUBLIC_ORIGIN: TEST_ORIGIN, SMTP_URL: smtp.url, SMTP_FROM: 'SigningDesk <notices@signingdesk.test>' },
          ca: certificate.cert,
          tuning: TUNING,
        }),
      ],
      { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.on('message', (message: { event?: DeliveryEvent }) => {
      if (message.event?.kind === 'push' && message.event.state === 'sent') recordedPushes++;
      if (message.event?.kind === 'message' && message.event.state === 'sent') recordedEmails++;
    });

    // Both servers now hold further requests; wait until the worker recorded all they answered.
    await until(
      'the worker is stuck with requests in flight',
      () => push.received.length === 80 && smtp.received.length === 40 && recordedPushes === 80 && recordedEmails === 40,
    );
    child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    push.release();
    smtp.acceptLimit = Number.POSITIVE_INFINITY;

    if (dataDir) database = await createDb({ dataDir });
    // The dead worker left jobs claimed in the queue and notifications not yet delivered.
    const [left] = await database!.db
      .select({ n: count() })
      .from(notificationJobs)
      .where(and(inArray(notificationJobs.id, jobIds), eq(notificationJobs.state, 'pending')));
    expect(left!.n).toBeGreaterThan(0);
    const claimedByTheDead = rowsOf<{ n: number }>(
      await database!.db.execute(sql`select count(*)::int as n from pgboss.job where state = 'active'`),
    )[0]!.n;
    expect(claimedByTheDead).toBeGreaterThan(0);
    const worker = await DeliveryWorker.start({
      env: env(),
      database: database!,
      connectionString: url,
      httpsAgent: new Agent({ ca: certificate.cert }),
      storage: null,
      tuning: TUNING,
      log: () => undefined,
    });
    const active = async () =>
      rowsOf<{ n: number }>(await database!.db.execute(sql`select count(*)::int as n from pgboss.job where state = 'active'`))[0]!.n;
    // PGlite: one process owns the folder, so the new worker took back the dead one's jobs at start.
    if (dataDir) expect(await active()).toBe(0);
    try {
      // The killed worker's jobs come back when their lease runs out (PostgreSQL) or at once
      // (PGlite), and the new worker's own loops deliver them.
      await until('every notification is delivered', () => allDelivered(jobIds));
    } finally {
      await worker.stop();
    }
    // Within the lease and a few retries' time, far from pg-boss's 300 s expiry.
    expect(Date.now() - killedAt).toBeLessThan(TUNING.leaseSeconds! * 1000 + 20_000);
    await expectEachOnce(database!.db, jobIds, 0, 0);
  }, 180_000);

  it('leaves a live worker’s slow batch alone: its leases are renewed while the push service holds its requests', async () => {
    const pushesBefore = push.received.length;
    const emailsBefore = smtp.received.length;
    const jobIds = await fanOut(database!.db, 'slow');
    // Held requests time out after pushTimeoutMs and are retried by the worker that sent them.
    const tuning = { ...TUNING, pushTimeoutMs: 6_000 };
    const start = () =>
      DeliveryWorker.start({
        env: env(),
        database: database!,
        connectionString: url,
        httpsAgent: new Agent({ ca: certificate.cert }),
        storage: null,
        tuning,
        log: () => undefined,
      });
    push.acceptLimit = pushesBefore + 10;
    const slow = await start();
    let other: DeliveryWorker | undefined;
    try {
      await until('the first worker holds unanswered pushes', () => push.received.length === pushesBefore + 10);
      other = await start();
      // Longer than a lease: only renewals keep the slow batch with its worker.
      await sleep(TUNING.leaseSeconds! * 1000 + 1_500);
      expect(await other.sweepAbandoned()).toBe(0);
      push.release();
      await until('every notification is delivered', () => allDelivered(jobIds));
    } finally {
      await Promise.all([slow.stop(), other?.stop()]);
    }
    await expectEachOnce(database!.db, jobIds, pushesBefore, emailsBefore);
  }, 120_000);

  it('is shared by two workers polling at once: each notification delivered exactly once', async () => {
    const pushesBefore = push.received.length;
    const emailsBefore = smtp.received.length;
    const jobIds = await fanOut(database!.db, 'shared');
    const start = () =>
      DeliveryWorker.start({
        env: env(),
        database: database!,
        connectionString: url,
        httpsAgent: new Agent({ ca: certificate.cert }),
        storage: null,
        tuning: TUNING,
        log: () => undefined,
      });
    const workers = [await start(), await start()];
    try {
      await until('every notification is delivered', () => allDelivered(jobIds));
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    await expectEachOnce(database!.db, jobIds, pushesBefore, emailsBefore);
  }, 120_000);
});
