/**
 * `npm run bench` [fanout]: Send to Notaries for an order with FANOUT_AGENTS (default 2,000)
 * subscribed agents in range, delivered by the real delivery worker (pg-boss, web-push with
 * aes128gcm and VAPID) to a local push service over HTTPS (delivery/testing/push-service.ts).
 *
 * Reports how long the Send request took (it must return before the fan-out ends), the time
 * until every push was handed to the push service, the time per push, and that per push ÷ a
 * bare `web-push` sendNotification loop to the same service with the same concurrency and
 * keep-alive agent (target ≤ 1.3, issue 35). Every push is decrypted once with its device's key to check
 * it is the offer.
 *
 * BENCH_DATABASE_URL or DATABASE_URL: PostgreSQL (a new database, dropped at the end);
 * otherwise PGlite in a temp folder.
 */
import { Agent } from 'node:https';
import { cpus, loadavg } from 'node:os';
import { schema } from '@signingdesk/db';
import { DEMO_PASSWORD } from '@signingdesk/db/seed';
import { randomUUID } from 'node:crypto';
import webpush from 'web-push';
import { createApp } from '../src/app';
import { createAuth } from '../src/auth/auth';
import { getVapidKeys } from '../src/delivery/push';
import { TestPushService, type TestDevice } from '../src/delivery/testing/push-service';
import { selfSignedCertificate } from '../src/delivery/testing/tls';
import { DeliveryWorker } from '../src/delivery/worker';
import { parseEnv } from '../src/env';
import { independentFirm } from '../src/modules/agents/agents.profile';
import { seedDemoData } from '../src/seed';
import { VALID_ORDER } from '../src/testing/fixtures';
import { openBenchDatabase, type BenchDatabase } from './seed-large';

const ORIGIN = 'http://localhost:3000';
const SECRET = 'fanout-bench-secret-that-is-long-enough-0123456789';
const AGENTS = Number(process.env.FANOUT_AGENTS) > 0 ? Math.floor(Number(process.env.FANOUT_AGENTS)) : 2000;
const TARGET = 1.3;
/** The delivery worker's default (DEFAULT_TUNING.pushConcurrency), used by the bare loop too. */
const CONCURRENCY = 32;
const ROWS_PER_INSERT = 500;

let bench: BenchDatabase | undefined;

async function addSubscribedAgents(bench: BenchDatabase, push: TestPushService): Promise<TestDevice[]> {
  const { db } = bench.database;
  const firm = await independentFirm(db);
  const devices: TestDevice[] = [];
  for (let start = 0; start < AGENTS; start += ROWS_PER_INSERT) {
    const batch = Array.from({ length: Math.min(ROWS_PER_INSERT, AGENTS - start) }, (_, i) => {
      const n = start + i;
      const device = push.device(`fanout-${n}`);
      devices.push(device);
      // Around downtown Los Angeles (the order's zip 90012), well inside the 50-mile radius.
      return { id: randomUUID(), n, device, lat: 34.06 + ((n % 50) - 25) * 0.004, lng: -118.24 + ((Math.floor(n / 50) % 40) - 20) * 0.004 };
    });
    await db.transaction(async (tx) => {
      await tx.insert(schema.user).values(
        batch.map((a) => ({
          id: a.id,
          name: `Fanout Agent${a.n}`,
          email: `fanout${a.n}@agents.bench.test`,
          emailVerified: true,
          role: 'notary',
        })),
      );
      await tx
        .insert(schema.profiles)
        .values(batch.map((a) => ({ userId: a.id, firmId: firm.id, phone: '2135550100', status: 'active' as const })));
      await tx.insert(schema.agentProfiles).values(
        batch.map((a) => ({
          userId: a.id,
          firstName: 'Fanout',
          lastName: `Agent${a.n}`,
          city: 'Los Angeles',
          state: 'CA',
          certifiedStates: ['CA'],
          zip: '90012',
          latitude: a.lat,
          longitude: a.lng,
          registrationStatus: 'approved' as const,
          reviewedAt: new Date(),
        })),
      );
      await tx
        .insert(schema.pushSubscriptions)
        .values(batch.map((a) => ({ userId: a.id, endpoint: a.device.endpoint, p256dh: a.device.p256dh, auth: a.device.auth })));
    });
  }
  return devices;
}

const fanoutPushes = (push: TestPushService) => push.received.filter((p) => p.path.startsWith('/push/fanout-'));

async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function main() {
  console.log(
    `Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  bench = await openBenchDatabase();
  const { database } = bench;
  console.log(`Database: ${bench.description}`);
  await seedDemoData(database.db, { agentCount: 20 });
  const certificate = selfSignedCertificate();
  const push = await TestPushService.start(certificate);
  const agent = new Agent({ ca: certificate.cert, keepAlive: true, maxSockets: 64 });
  const devices = await addSubscribedAgents(bench, push);
  console.log(`Added ${devices.length} active agents within the radius, each with one push subscription at ${push.origin}.`);

  const env = parseEnv({ NODE_ENV: 'production', PUBLIC_ORIGIN: ORIGIN });
  const auth = createAuth({ db: database.db, secret: SECRET, origin: ORIGIN });
  const app = createApp({ env, database, auth });
  const bindings = { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 40000, remoteFamily: 'IPv4' } } };
  const request = (path: string, cookie: string | undefined, body: unknown) =>
    app.request(
      `${ORIGIN}${path}`,
      {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      },
      bindings,
    );
  const signIn = await request('/api/auth/sign-in/email', undefined, { email: 'admin@demo.test', password: DEMO_PASSWORD });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const firm = (await database.db.select().from(schema.firms)).find((f) => f.name === 'Firm A Title & Escrow')!;
  const officer = (await database.db.select().from(schema.user)).find((u) => u.email === 'escrow@firm-a.demo.test')!;
  const created = await request('/api/appointments', cookie, {
    ...VALID_ORDER,
    firmId: firm.id,
    escrowOfficerId: officer.id,
    fileNumber: 'FANOUT-1',
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
  const orderId = ((await created.json()) as { appointment: { id: string } }).appointment.id;

  const worker = await DeliveryWorker.start({ env, database, connectionString: bench.url, httpsAgent: agent, log: () => undefined });
  try {
    // ---- Send to Notaries → every push at the push service
    const t0 = performance.now();
    const sent = await request(`/api/appointments/${orderId}/send`, cookie, {});
    const answered = performance.now() - t0;
    if (sent.status !== 200) throw new Error(`send answered ${sent.status}: ${await sent.text()}`);
    const offered = ((await sent.json()) as { offered?: number }).offered;
    // Every agent added must be offered the order: otherwise the wait below could never end.
    if (offered !== undefined && offered < devices.length) {
      throw new Error(`Send to Notaries offered the order to ${offered} agents, not the ${devices.length} added: are they eligible?`);
    }
    const pushesAtAnswer = fanoutPushes(push).length;
    await waitFor(() => fanoutPushes(push).length >= devices.length, 600_000, `${devices.length} pushes`);
    const fanoutMs = performance.now() - t0;
    const received = fanoutPushes(push);
    const byPath = new Map(devices.map((d) => [new URL(d.endpoint).pathname, d]));
    const first = received[0]!;
    const payload = byPath.get(first.path)!.decrypt(first.body) as { appointmentId?: string; type?: string };
    if (payload.appointmentId !== orderId) throw new Error(`a push carried ${JSON.stringify(payload)}, not the offer of ${orderId}`);
    const distinct = new Set(received.map((p) => p.path)).size;

    // ---- The same number of bare web-push sends, same service, concurrency and agent
    const vapid = await getVapidKeys(database.db);
    const body = JSON.stringify({
      title: 'New signing offer',
      body: 'Fixture Refinance — Los Angeles, CA',
      url: `/notary/preview/${orderId}`,
      tag: orderId,
    });
    push.received.length = 0;
    const b0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < devices.length) {
          const device = devices[next++]!;
          await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, body, {
            vapidDetails: { subject: env.VAPID_SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
            TTL: 3600,
            urgency: 'high',
            agent,
          });
        }
      }),
    );
    const bareMs = performance.now() - b0;

    const perPush = fanoutMs / devices.length;
    const barePerPush = bareMs / devices.length;
    const ratio = perPush / barePerPush;
    console.log(`\nSend to Notaries, ${devices.length} subscribed agents in range (${offered ?? '?'} offered):`);
    console.log(
      `  the request answered in ${answered.toFixed(1)} ms, with ${pushesAtAnswer} of ${devices.length} pushes delivered by then → ${pushesAtAnswer < devices.length ? 'returns before the fan-out ends' : 'the fan-out was already over'}`,
    );
    console.log(
      `  every push at the push service after ${(fanoutMs / 1000).toFixed(2)} s (${distinct} distinct devices, each once): ${perPush.toFixed(2)} ms per push`,
    );
    console.log(
      `  bare web-push sendNotification, ${devices.length} sends, ${CONCURRENCY} at a time: ${(bareMs / 1000).toFixed(2)} s, ${barePerPush.toFixed(2)} ms per push`,
    );
    console.log(`  per push ÷ bare: ${ratio.toFixed(2)} (target ≤ ${TARGET}) ${ratio <= TARGET ? 'met' : 'OVER'}`);
    console.log(
      `Load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    if (distinct !== devices.length || pushesAtAnswer >= devices.length) process.exitCode = 1;
  } finally {
    await worker.stop();
    await push.close();
    agent.destroy();
  }
}

main()
  .catch((err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  })
  .finally(() => bench?.close());
