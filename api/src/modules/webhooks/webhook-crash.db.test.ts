/**
 * Webhooks are never lost, and a repeat carries the same webhook-id (issue 34): a worker in its
 * own process is killed (SIGKILL) while a delivery is in flight, with the receiver holding that
 * request unanswered; a fresh worker then delivers every event. The receiver answers each
 * webhook-id once, and sees every event.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, schema, type Database } from '@signingdesk/db';
import { createTestDatabase } from '@signingdesk/db/testing';
import { count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { DeliveryWorker, type DeliveryTuning } from '../../delivery/worker';
import { selfSignedCertificate } from '../../delivery/testing/tls';
import { seedDemoData } from '../../seed';
import { TEST_ORIGIN } from '../../testing/test-app';
import { recordWebhookEvent } from './webhook-events';

const { appointments, webhookDeliveries, webhookEndpoints, webhookEvents, user, profiles } = schema;

const EVENTS = 12;
const ANSWERED_BEFORE_KILL = 5;
const TUNING: Partial<DeliveryTuning> = {
  pollIntervalMs: 100,
  relayIntervalMs: 200,
  retryDelaySeconds: 1,
  leaseSeconds: 2,
  leaseRenewMs: 300,
  expireInSeconds: 300,
  maintenanceIntervalSeconds: 1,
};
const ENV = { NODE_ENV: 'test', PUBLIC_ORIGIN: TEST_ORIGIN, WEBHOOKS_ALLOW_HTTP_LOCALHOST: '1' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what: string, condition: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
}

describe('webhooks worked by a worker that dies mid-delivery', () => {
  const certificate = selfSignedCertificate();
  let database: Database | undefined;
  let url: string | undefined;
  let dataDir: string | undefined;
  let close: () => Promise<void> = async () => undefined;
  /** Each request's webhook-id, and whether the receiver answered it 2xx. */
  const requests: { id: string; answered: boolean }[] = [];
  const held: ServerResponse[] = [];
  let holding = false;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const entry = { id: String(req.headers['webhook-id']), answered: false };
      requests.push(entry);
      if (holding || requests.filter((r) => r.answered).length >= ANSWERED_BEFORE_KILL) {
        holding = true;
        held.push(res);
        return;
      }
      entry.answered = true;
      res.writeHead(204).end();
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    if (process.env.DATABASE_URL) {
      const created = await createTestDatabase();
      database = created;
      url = created.url;
      close = () => created.close();
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'sd-webhook-crash-'));
      database = await createDb({ dataDir });
      await database.migrate();
    }
    await seedDemoData(database.db, { agentCount: 4 });
    // Only the webhooks are delivered here: no reminders or notices of the demo data.
    await database.db.delete(schema.agentCredentials);
    await database.db.delete(schema.notificationJobs);
    const [admin] = await database.db
      .select({ id: user.id, firmId: profiles.firmId })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.email, 'orgadmin@firm-a.demo.test'));
    await database.db.insert(webhookEndpoints).values({
      firmId: admin!.firmId,
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/signingdesk`,
      eventTypes: ['order.created'],
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      createdBy: admin!.id,
    });
    const orders = await database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.firmId, admin!.firmId))
      .limit(EVENTS);
    await database.db.transaction(async (tx) => {
      for (const order of orders)
        await recordWebhookEvent(tx, { action: 'appointment.created', appointmentId: order.id, entityId: order.id });
    });
  }, 120_000);

  afterAll(async () => {
    for (const res of held) res.destroy();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
    await database?.close();
    await close();
  });

  it('is killed with a delivery in flight; the next worker delivers every event, each id answered once', async () => {
    const events = (await database!.db.select({ id: webhookEvents.id }).from(webhookEvents)).map((e) => e.id);
    expect(events).toHaveLength(EVENTS);
    if (dataDir) {
      // One process opens a PGlite folder: the worker process takes it over.
      await database!.close();
      database = undefined;
    }
    const child: ChildProcess = fork(
      fileURLToPath(new URL('../../delivery/testing/worker-process.ts', import.meta.url)),
      [JSON.stringify({ url, dataDir, env: ENV, ca: certificate.cert, tuning: TUNING })],
      { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await until(
      'the worker waits on a held request',
      () => requests.filter((r) => r.answered).length === ANSWERED_BEFORE_KILL && held.length === 1,
    );
    // Let the worker record what was answered before it dies.
    await sleep(500);
    child.kill('SIGKILL');
    await exited;
    for (const res of held.splice(0)) res.destroy();
    holding = false;
    // The receiver answers everything from now on.
    requests.filter((r) => !r.answered).forEach((r) => (r.id = `${r.id} (never answered)`));
    const answerAll = (res: ServerResponse) => res.writeHead(204).end();
    receiver.removeAllListeners('request');
    receiver.on('request', (req, res) => {
      req.resume();
      req.on('end', () => {
        requests.push({ id: String(req.headers['webhook-id']), answered: true });
        answerAll(res);
      });
    });

    if (dataDir) database = await createDb({ dataDir });
    const [left] = await database!.db.select({ n: count() }).from(webhookDeliveries).where(ne(webhookDeliveries.state, 'succeeded'));
    expect(left!.n).toBeGreaterThan(0);
    const worker = await DeliveryWorker.start({
      env: parseEnv(ENV),
      database: database!,
      connectionString: url,
      storage: null,
      tuning: TUNING,
      log: () => undefined,
    });
    try {
      await until('every delivery succeeded', async () => {
        const [pending] = await database!.db.select({ n: count() }).from(webhookDeliveries).where(ne(webhookDeliveries.state, 'succeeded'));
        return pending!.n === 0;
      });
    } finally {
      await worker.stop();
    }
    const answered = requests.filter((r) => r.answered).map((r) => r.id);
    // Every event reached the receiver, each webhook-id answered exactly once.
    expect(answered.sort()).toEqual([...events].sort());
    // The request in flight when the worker died was sent again with its own webhook-id.
    const inFlight = requests.find((r) => r.id.endsWith('(never answered)'))!.id.replace(' (never answered)', '');
    expect(answered).toContain(inFlight);
  }, 180_000);
});
