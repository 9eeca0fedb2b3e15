/**
 * Several API processes on one PostgreSQL database (issue 13), tried from outside: two real
 * servers (`api/src/server.ts`, as `npm start` runs it) on their own ports, and a third start with
 * WEB_CONCURRENCY=2. Everything they must agree on lives in the database: sessions, the sign-in
 * and form limits, idempotency keys, the accept race, live events.
 *
 * PostgreSQL only: the embedded PGlite serves one process, so vitest.config.ts leaves
 * `*.postgres.test.ts` out of the PGlite run (`.ci/run` runs them in its PostgreSQL run).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema } from '@signingdesk/db';
import { DEMO_PASSWORD } from '@signingdesk/db/seed';
import { createTestDatabase, type TestDatabase } from '@signingdesk/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes, sha256, TUS } from './modules/files/files.testing';
import { seedDemoData } from './seed';
import { offerTo, VALID_ORDER } from './testing/fixtures';
import { startServerProcess, stopServerProcess, type ServerProcess } from './testing/server-process';

const ORIGIN = 'http://localhost:3000';
const SIGN_IN_LIMIT = 5;
const FORM_LIMIT = 3;
const MB = 1024 * 1024;

type Server = ServerProcess;

/** One API process on the test database, behind one (pretended) reverse proxy. */
function startServer(databaseUrl: string, filesDir: string, extra: Record<string, string> = {}): Promise<Server> {
  return startServerProcess({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PUBLIC_ORIGIN: ORIGIN,
    BETTER_AUTH_SECRET: 'cluster-test-secret-that-is-long-enough-0123',
    FILES_DIR: filesDir,
    RUN_WORKER: '0',
    TRUST_PROXY: '1',
    SIGN_IN_ATTEMPTS_PER_MINUTE: String(SIGN_IN_LIMIT),
    FORM_RATE_LIMIT_PER_HOUR: String(FORM_LIMIT),
    ...extra,
  });
}

const stopServer = stopServerProcess;

let addresses = 0;
/** A client address of its own (behind the one trusted proxy), so each test has its own limits. */
const newClientAddress = () => `198.51.100.${++addresses}`;

interface Call {
  cookie?: string;
  client?: string;
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

async function call(server: Server, path: string, { cookie, client = '198.51.100.250', method, body, headers = {} }: Call = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      origin: ORIGIN,
      'x-forwarded-for': client,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON.
  }
  return { status: res.status, body: json, headers: res.headers };
}

async function signIn(server: Server, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': newClientAddress() },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe('two API processes on one PostgreSQL database', () => {
  let database: TestDatabase;
  let filesDir: string;
  let a: Server | undefined;
  let b: Server | undefined;
  let admin: { a: string; b: string };
  let agentIds: string[];
  let agentEmails: string[];

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, { agentCount: 4 });
    filesDir = mkdtempSync(join(tmpdir(), 'sd-cluster-files-'));
    [a, b] = await Promise.all([startServer(database.url!, filesDir), startServer(database.url!, filesDir)]);
    // One admin session made on A, and used on both.
    const cookie = await signIn(a, 'admin@demo.test');
    admin = { a: cookie, b: cookie };
    const agents = await database.db
      .select({ id: schema.user.id, email: schema.user.email })
      .from(schema.user)
      .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.user.id))
      .where(and(eq(schema.user.role, 'notary'), eq(schema.profiles.status, 'active')))
      .orderBy(schema.user.email);
    agentIds = agents.map((row) => row.id);
    agentEmails = agents.map((row) => row.email);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)]);
    await database?.close();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  /** An Open order of Firm A made by the admin, offered to the first `n` active agents. */
  async function offeredOrder(n: number): Promise<string> {
    const created = await call(a!, '/api/appointments', {
      cookie: admin.a,
      body: { ...VALID_ORDER, firmId: await firmA(), escrowOfficerId: await officerA(), fileNumber: `MP-${Date.now()}` },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.appointment.id as string;
    if (n > 0) await offerTo({ database }, id, agentIds.slice(0, n));
    return id;
  }
  const firmA = async () => (await database.db.select().from(schema.firms).where(eq(schema.firms.name, 'Firm A Title & Escrow')))[0]!.id;
  const officerA = async () =>
    (await database.db.select().from(schema.user).where(eq(schema.user.email, 'escrow@firm-a.demo.test')))[0]!.id;

  it('a session made on one process works on the other, and signing out on one ends it on both', async () => {
    const cookie = await signIn(a!, 'escrow@firm-b.demo.test');
    expect((await call(b!, '/api/me', { cookie })).body.email).toBe('escrow@firm-b.demo.test');
    expect((await call(a!, '/api/me', { cookie })).status).toBe(200);
    expect((await call(b!, '/api/auth/sign-out', { cookie, body: {} })).status).toBe(200);
    await expect.poll(async () => (await call(a!, '/api/me', { cookie })).status, { timeout: 5_000 }).toBe(401);
    expect((await call(b!, '/api/me', { cookie })).status).toBe(401);
  });

  it('counts sign-in attempts from one client on both processes together', async () => {
    const client = newClientAddress();
    const attempt = (server: Server) =>
      call(server, '/api/auth/sign-in/email', { client, body: { email: 'admin@demo.test', password: 'not-the-password' } });
    const statuses = [];
    for (let i = 0; i < SIGN_IN_LIMIT; i++) statuses.push((await attempt(i % 2 === 0 ? a! : b!)).status);
    expect(statuses).toEqual(Array(SIGN_IN_LIMIT).fill(401));
    expect((await attempt(b!)).status).toBe(429);
    expect((await attempt(a!)).status).toBe(429);
    // Another client behind the same proxy is not held back.
    expect(
      (
        await call(a!, '/api/auth/sign-in/email', {
          client: newClientAddress(),
          body: { email: 'admin@demo.test', password: DEMO_PASSWORD },
        })
      ).status,
    ).toBe(200);
  });

  it('counts a public form’s submissions from one client on both processes together', async () => {
    const client = newClientAddress();
    const submit = (server: Server, n: number) =>
      call(server, '/api/contact-requests', {
        client,
        body: { name: 'Jordan Lee', email: `cluster-${n}@example.com`, phone: '2135550199', subject: 'Coverage', comments: 'Reno?' },
      });
    const statuses = [];
    for (let i = 0; i < FORM_LIMIT + 1; i++) statuses.push((await submit(i % 2 === 0 ? a! : b!, i)).status);
    expect(statuses).toEqual([...Array(FORM_LIMIT).fill(201), 429]);
    const stored = await database.db.select().from(schema.contactRequests);
    expect(stored.filter((row) => row.email.startsWith('cluster-'))).toHaveLength(FORM_LIMIT);
  });

  it('answers an Idempotency-Key replayed on the other process with the first answer, applied once', async () => {
    const id = await offeredOrder(1);
    const agent = await signIn(a!, agentEmails[0]!);
    const key = crypto.randomUUID();
    const counter = { bid: '$185' };
    const first = await call(a!, `/api/appointments/${id}/counter`, { cookie: agent, body: counter, headers: { 'Idempotency-Key': key } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const replay = await call(b!, `/api/appointments/${id}/counter`, { cookie: agent, body: counter, headers: { 'Idempotency-Key': key } });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const offers = await database.db.select().from(schema.offers).where(eq(schema.offers.appointmentId, id));
    expect(offers.map((o) => [o.status, o.bidCents])).toEqual([['countered', 18500]]);
  });

  it('has exactly one winner when two bids of one order are accepted through both processes at once (8 of 8)', async () => {
    const agentCookies = [await signIn(a!, agentEmails[0]!), await signIn(b!, agentEmails[1]!)];
    for (let round = 0; round < 8; round++) {
      const id = await offeredOrder(2);
      const bids = [];
      for (const [i, cookie] of agentCookies.entries()) {
        const claim = await call(i === 0 ? a! : b!, `/api/appointments/${id}/claim`, { cookie, body: {} });
        expect(claim.status, JSON.stringify(claim.body)).toBe(200);
        bids.push(claim.body.offer.id as string);
      }
      const answers = await Promise.all([
        call(a!, `/api/appointments/${id}/bids/${bids[0]}/accept`, { cookie: admin.a, body: {} }),
        call(b!, `/api/appointments/${id}/bids/${bids[1]}/accept`, { cookie: admin.b, body: {} }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = answers.findIndex((r) => r.status === 200);
      expect(answers[1 - winner]!.body.code).toBe('OFFER_TAKEN');
      const [order] = await database.db.select().from(schema.appointments).where(eq(schema.appointments.id, id));
      expect(order).toMatchObject({ status: 'Scheduled', assignedAgentId: agentIds[winner] });
      const approved = await database.db
        .select()
        .from(schema.offers)
        .where(and(eq(schema.offers.appointmentId, id), eq(schema.offers.status, 'approved')));
      expect(approved.map((o) => o.agentId)).toEqual([agentIds[winner]]);
    }
  });

  it('completes on the other process an upload begun on one, with exactly the bytes sent', async () => {
    const id = await offeredOrder(0);
    const bytes = pdfBytes(2 * MB);
    const granted = await call(a!, `/api/appointments/${id}/files/uploads`, {
      cookie: admin.a,
      body: { files: [{ fileName: 'Closing package.pdf', size: bytes.length, contentType: 'application/pdf' }] },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    const { fileId, uploadUrl } = granted.body.items[0] as { fileId: string; uploadUrl: string };
    const patch = (server: Server, offset: number, chunk: Uint8Array) =>
      fetch(`${server.url}${uploadUrl}`, {
        method: 'PATCH',
        headers: {
          origin: ORIGIN,
          cookie: admin.a,
          ...TUS,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: chunk,
      });
    expect((await patch(a!, 0, bytes.subarray(0, MB))).status).toBe(204);
    // The connection dropped; the app asks the other process where to go on.
    const head = await fetch(`${b!.url}${uploadUrl}`, { method: 'HEAD', headers: { origin: ORIGIN, cookie: admin.a, ...TUS } });
    expect(head.headers.get('Upload-Offset')).toBe(String(MB));
    expect((await patch(b!, MB, bytes.subarray(MB))).status).toBe(204);

    const [row] = await database.db.select().from(schema.files).where(eq(schema.files.id, fileId));
    expect(row).toMatchObject({ appointmentId: id, sizeBytes: bytes.length, fileName: 'Closing package.pdf' });
    const link = await call(a!, `/api/appointments/${id}/files/${fileId}/download`, { cookie: admin.a, body: {} });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const download = await fetch(new URL(link.body.url as string, a!.url), { headers: { cookie: admin.a } });
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(bytes));
  });

  it('delivers a change made through one process to a live-update stream open on the other', async () => {
    const id = await offeredOrder(1);
    const controller = new AbortController();
    const stream = await fetch(`${b!.url}/api/events`, { headers: { origin: ORIGIN, cookie: admin.b }, signal: controller.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const until = async (pattern: RegExp) => {
      while (!pattern.test(received)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended; it sent:\n${received}`);
        received += value;
      }
    };
    try {
      await until(/event: ready/);
      const agent = await signIn(a!, agentEmails[0]!);
      expect((await call(a!, `/api/appointments/${id}/claim`, { cookie: agent, body: {} })).status).toBe(200);
      await until(new RegExp(`event: appointment\\ndata: \\{"id":"${id}"\\}`));
    } finally {
      controller.abort();
    }
  });
});

describe('WEB_CONCURRENCY=2', () => {
  it('serves from two worker processes on one port and stops them all on SIGTERM', async () => {
    const database = await createTestDatabase();
    const filesDir = mkdtempSync(join(tmpdir(), 'sd-cluster-files-'));
    let server: Server | undefined;
    try {
      await seedDemoData(database.db, { agentCount: 2 });
      server = await startServer(database.url!, filesDir, { WEB_CONCURRENCY: '2' });
      await expect.poll(() => server!.output.join(''), { timeout: 10_000 }).toMatch(/with 2 API processes/);
      const cookie = await signIn(server, 'admin@demo.test');
      const answers = await Promise.all(Array.from({ length: 20 }, () => call(server!, '/api/me', { cookie })));
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(await stopServer(server)).toBe(0);
      expect(server.output.join('')).toMatch(/SIGTERM received: stopping 2 API processes/);
    } finally {
      await stopServer(server);
      await database.close();
      rmSync(filesDir, { recursive: true, force: true });
    }
  }, 90_000);
});
