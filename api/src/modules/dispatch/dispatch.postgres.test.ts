/**
 * Automatic dispatch across processes (issue 32, decision 067), tried from outside: two real
 * servers (`api/src/server.ts`, each with its delivery worker) on one PostgreSQL database send
 * an order's waves one at a time, never offering an agent twice; and a wave due while every
 * process is killed (-9) goes out from the next process to start.
 *
 * PostgreSQL only (vitest.config.ts leaves `*.postgres.test.ts` out of the PGlite run).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rowsOf, schema } from '@signingdesk/db';
import { DEMO_PASSWORD } from '@signingdesk/db/seed';
import { createTestDatabase, type TestDatabase } from '@signingdesk/db/testing';
import { EARTH_RADIUS_MILES } from '@signingdesk/domain/eligibility';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../seed';
import { insertAgent, VALID_ORDER } from '../../testing/fixtures';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../../testing/server-process';
import { dispatchOf } from './dispatcher';

const ORIGIN = 'http://localhost:3000';
const DEGREES_PER_MILE = 180 / (Math.PI * EARTH_RADIUS_MILES);
const { appointments, agentScores, dispatchEvents, offers } = schema;

describe('dispatch across API processes on one PostgreSQL database', () => {
  let database: TestDatabase;
  let filesDir: string;
  const servers: ServerProcess[] = [];
  let places = 0;

  const start = () =>
    startServerProcess({
      NODE_ENV: 'production',
      DATABASE_URL: database.url!,
      PUBLIC_ORIGIN: ORIGIN,
      BETTER_AUTH_SECRET: 'dispatch-cluster-secret-that-is-long-enough-01',
      FILES_DIR: filesDir,
      RUN_WORKER: '1',
    }).then((server) => {
      servers.push(server);
      return server;
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, { agentCount: 4 });
    filesDir = mkdtempSync(join(tmpdir(), 'sd-dispatch-files-'));
  }, 120_000);

  afterAll(async () => {
    // The killed one has exited already (by a signal, so without an exit code).
    for (const server of servers) if (server.child.signalCode === null) await stopServerProcess(server);
    await database?.close();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  async function signIn(server: ServerProcess, email: string) {
    const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  async function post(server: ServerProcess, path: string, cookie: string, body: unknown) {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  /** An order of firm A alone in the ocean with `agents` eligible agents of distinct scores around it, dispatched on `server`. */
  async function dispatchedOrder(server: ServerProcess, agents: number) {
    places += 1;
    const cookie = await signIn(server, 'admin@demo.test');
    const [firm] = await database.db.select().from(schema.firms).where(eq(schema.firms.name, 'Firm A Title & Escrow'));
    const [officer] = await database.db.select().from(schema.user).where(eq(schema.user.email, 'escrow@firm-a.demo.test'));
    const created = await post(server, '/api/appointments', cookie, {
      ...VALID_ORDER,
      firmId: firm!.id,
      escrowOfficerId: officer!.id,
      fileNumber: `DC-${places}`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.appointment.id as string;
    const place = { latitude: -40 + places * 5, longitude: -160 };
    await database.db
      .update(appointments)
      .set({ state: 'HI', ...place })
      .where(eq(appointments.id, id));
    for (let i = 0; i < agents; i++) {
      const agentId = await insertAgent({ database }, firm!.id, `dc-${places}-${i}`, {
        latitude: place.latitude + (i + 1) * DEGREES_PER_MILE,
        longitude: place.longitude,
        certifiedStates: ['HI'],
      });
      await database.db
        .update(agentScores)
        .set({ score: 90 - i, computedVersion: sql`${agentScores.version}`, refreshedAt: new Date() })
        .where(eq(agentScores.agentId, agentId));
    }
    const started = await post(server, `/api/appointments/${id}/dispatch`, cookie, { action: 'start' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return id;
  }

  /** The dispatch's next wave job, once a worker has relayed it to pg-boss. */
  async function relayedJob(id: string) {
    const dispatch = (await dispatchOf(database.db, id))!;
    await expect
      .poll(async () => rowsOf(await database.db.execute(sql`select 1 from pgboss.job where id = ${dispatch.nextJobId}`)).length, {
        timeout: 15_000,
      })
      .toBe(1);
    return dispatch;
  }

  /** The window ends now: the wave job the dispatch names becomes due (what waiting W minutes would do). */
  async function windowEnds(id: string) {
    const dispatch = await relayedJob(id);
    await database.db.execute(sql`update pgboss.job set start_after = now() where id = ${dispatch.nextJobId}`);
    return dispatch.wave;
  }

  const waveOf = async (id: string) => (await dispatchOf(database.db, id))!.wave;

  it('sends the waves one at a time from either process and offers no agent twice', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    try {
      const id = await dispatchedOrder(a, 12);
      for (let wave = 1; wave < 4; wave++) {
        expect(await windowEnds(id)).toBe(wave);
        await expect.poll(() => waveOf(id), { timeout: 20_000 }).toBe(wave + 1);
      }
      const rows = await database.db.select().from(offers).where(eq(offers.appointmentId, id));
      expect(rows).toHaveLength(12);
      expect(new Set(rows.map((o) => o.agentId)).size).toBe(12);
      const perWave = rows.reduce<Record<number, number>>((n, o) => ({ ...n, [o.wave!]: (n[o.wave!] ?? 0) + 1 }), {});
      expect(perWave).toEqual({ 1: 3, 2: 3, 3: 3, 4: 3 });
      const waves = await database.db.select().from(dispatchEvents).where(eq(dispatchEvents.appointmentId, id));
      expect(waves.filter((e) => e.kind === 'wave').map((e) => e.wave)).toEqual([1, 2, 3, 4]);
    } finally {
      await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    }
  }, 120_000);

  it('sends the wave a process was killed (-9) in the middle of, once another process runs', async () => {
    const first = await start();
    const id = await dispatchedOrder(first, 6);
    const { nextJobId } = await relayedJob(id);
    const exited = new Promise((done) => first.child.once('exit', done));
    first.child.kill('SIGKILL');
    await exited;
    // As the dead process left it: the wave's job taken (active) a minute ago, never finished.
    await database.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() - interval '1 minute', start_after = now() - interval '1 minute' where id = ${nextJobId}`,
    );
    expect(await waveOf(id)).toBe(1);
    const next = await start();
    try {
      await expect.poll(() => waveOf(id), { timeout: 40_000 }).toBe(2);
      const rows = await database.db.select().from(offers).where(eq(offers.appointmentId, id));
      expect(rows.filter((o) => o.wave === 2)).toHaveLength(3);
      expect(new Set(rows.map((o) => o.agentId)).size).toBe(rows.length);
    } finally {
      await stopServerProcess(next);
    }
  }, 120_000);
});
