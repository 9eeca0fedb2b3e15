/**
 * The outbox core against fake-indexeddb (Node, no jsdom) and a fake API that keeps the real
 * server's idempotency rules (api/src/lib/idempotency.ts): the first answer to a key is stored
 * and replayed for every repeat, a 5xx or a 401 is not stored, the action runs once per key.
 * JSON actions go through the real HTTP transport (requestFor → sendJson → classify) with a fake
 * fetch, so the mapping of statuses to outcomes is part of what is tested.
 */
import { SignerConfirmationInputSchema } from '@signingdesk/domain/signing-day-input';
import { NotSignedInputSchema } from '@signingdesk/domain/signing-outcome-input';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentDb } from '../db';
import { createHttpTransport, sendJson } from './http-transport';
import { LOCK_NAME, Outbox, type LockManagerLike, type OutboxOptions, type OutboxTransport, type SendContext } from './outbox';
import type { OutboxAction, OutboxBlob, OutboxItem, OutboxKind, SendOutcome, UploadProgress } from './types';
import { profileBody } from './testing';

const USER = 'user-agent-1';
const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const LEASE = MINUTE; // the default lease

// ---------------------------------------------------------------------------------------------
// The fake API
// ---------------------------------------------------------------------------------------------

type Behavior =
  /** Runs the action (once per key) or replays the stored answer. */
  | 'ok'
  /** fetch rejects before the request reaches the server. */
  | 'network'
  /** 503 before the idempotency layer stored anything (the real API does not store a 5xx). */
  | 'error503'
  /** 429 with Retry-After: 30. */
  | 'tooMany'
  /** 409 IDEMPOTENCY_IN_PROGRESS: a first attempt with this key is still running. */
  | 'inProgress'
  /** 409 OFFER_TAKEN, stored for the key like any refusal. */
  | 'offerTaken'
  /** 401 from the session guard, before the idempotency layer (not stored). */
  | 'unauthorized'
  /** The request never gets an answer (the tab crashes while it is in flight). */
  | 'hang'
  /** The server runs the action and stores the answer, then the tab crashes. */
  | 'applyThenHang'
  /** The server runs the action and stores the answer, then the response is lost. */
  | 'applyThenLose'
  /** Waits for the promise, then behaves like `then` (default 'ok'). */
  | { holdUntil: Promise<unknown>; then?: Exclude<Behavior, object> };

interface Call {
  key: string;
  method: string;
  path: string;
  body: unknown;
}

interface StoredAnswer {
  requestHash: string;
  status: number;
  body: string;
}

class FakeServer {
  readonly calls: Call[] = [];
  /** One entry per time an action was really run (a replay does not run it). */
  readonly applications: { key: string; path: string }[] = [];
  readonly stored = new Map<string, StoredAnswer>();
  private readonly script: Behavior[] = [];
  fallback: Behavior = 'ok';

  /** The next requests behave like this, one behavior per request; then `fallback`. */
  queue(...behaviors: Behavior[]): this {
    this.script.push(...behaviors);
    return this;
  }

  callsFor(key: string): number {
    return this.calls.filter((call) => call.key === key).length;
  }

  appliedFor(key: string): number {
    return this.applications.filter((application) => application.key === key).length;
  }

  appliedAt(path: string): number {
    return this.applications.filter((application) => application.path === path).length;
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input instanceof Request ? input : new URL(String(input), 'http://localhost'), init);
    const path = new URL(request.url).pathname;
    const method = request.method;
    const key = request.headers.get('Idempotency-Key') ?? '';
    const text = await request.text();
    this.calls.push({ key, method, path, body: text === '' ? null : (JSON.parse(text) as unknown) });
    // A real request takes a while: let other tabs run meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 0));

    let behavior = this.script.shift() ?? this.fallback;
    if (typeof behavior === 'object') {
      await behavior.holdUntil;
      behavior = behavior.then ?? 'ok';
    }
    switch (behavior) {
      case 'network':
        throw new TypeError('Failed to fetch');
      case 'hang':
        return never();
      case 'error503':
        return problem(503, 'INTERNAL', 'Something went wrong.');
      case 'tooMany':
        return problem(429, 'RATE_LIMITED', 'Slow down.', { 'Retry-After': '30' });
      case 'inProgress':
        return problem(409, 'IDEMPOTENCY_IN_PROGRESS', 'The same request is still being processed. Try again in a moment.');
      case 'unauthorized':
        return problem(401, 'UNAUTHENTICATED', 'Sign in again.');
      default:
        break;
    }

    const requestHash = `${method} ${path}\n${text}`;
    const previous = this.stored.get(key);
    if (previous) {
      if (previous.requestHash !== requestHash) {
        return problem(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.');
      }
      return answer(previous, { 'Idempotent-Replayed': 'true' });
    }
    if (behavior === 'offerTaken') {
      const refusal = problemBody(409, 'OFFER_TAKEN', 'Another agent already took this appointment.');
      const stored = { requestHash, status: 409, body: refusal };
      this.stored.set(key, stored);
      return answer(stored);
    }

    this.applications.push({ key, path });
    const done: StoredAnswer = {
      requestHash,
      status: 200,
      body: JSON.stringify({ message: `Done: ${method} ${path}`, key, run: this.applications.length }),
    };
    this.stored.set(key, done);
    if (behavior === 'applyThenLose') throw new TypeError('Failed to fetch');
    if (behavior === 'applyThenHang') return never();
    return answer(done);
  };
}

function never(): Promise<never> {
  return new Promise<never>(() => {});
}

function problemBody(status: number, code: string, detail: string): string {
  return JSON.stringify({ type: 'about:blank', title: `Error ${status}`, status, detail, code });
}

function problem(status: number, code: string, detail: string, headers: Record<string, string> = {}): Response {
  return new Response(problemBody(status, code, detail), {
    status,
    headers: { 'Content-Type': 'application/problem+json', ...headers },
  });
}

function answer(stored: StoredAnswer, headers: Record<string, string> = {}): Response {
  const contentType = stored.status >= 400 ? 'application/problem+json' : 'application/json';
  return new Response(stored.body, { status: stored.status, headers: { 'Content-Type': contentType, ...headers } });
}

function messageOf(server: FakeServer, key: string): string {
  const stored = server.stored.get(key);
  if (!stored) throw new Error(`Nothing stored for ${key}`);
  return (JSON.parse(stored.body) as { message: string }).message;
}

// ---------------------------------------------------------------------------------------------
// Test setup
// ---------------------------------------------------------------------------------------------

const openDbs: AgentDb[] = [];
let dbCounter = 0;

afterEach(() => {
  for (const db of openDbs.splice(0)) db.close();
});

function newDbName(): string {
  dbCounter += 1;
  return `outbox-test-${dbCounter}-${crypto.randomUUID()}`;
}

/** One tab's connection to the app's IndexedDB (a second one with the same name = another tab). */
function openDb(name: string): AgentDb {
  const db = new AgentDb(name, { indexedDB, IDBKeyRange });
  openDbs.push(db);
  return db;
}

interface Clock {
  t: number;
  now: () => number;
  advance(ms: number): void;
}

function clock(start = T0): Clock {
  const c: Clock = {
    t: start,
    now: () => c.t,
    advance(ms) {
      c.t += ms;
    },
  };
  return c;
}

function sequentialIds(prefix: string): () => string {
  let n = 0;
  return () => {
    n += 1;
    return `${prefix}-${String(n).padStart(4, '0')}`;
  };
}

interface Tab {
  db: AgentDb;
  outbox: Outbox;
}

function tab(name: string, c: Clock, transport: OutboxTransport, options: Partial<OutboxOptions> = {}): Tab {
  const db = openDb(name);
  const outbox = new Outbox({
    db,
    transport,
    now: c.now,
    random: () => 0.5, // no jitter: the backoff is exactly 2 s, 4 s, 8 s …
    newId: sequentialIds(`${name}-row`),
    ...options,
  });
  return { db, outbox };
}

function setup(options: Partial<OutboxOptions> = {}) {
  const name = newDbName();
  const c = clock();
  const server = new FakeServer();
  const transport = createHttpTransport(server.fetch);
  const first = tab(name, c, transport, options);
  return { name, c, server, transport, ...first };
}

const claim = (appointmentId: string): OutboxAction => ({ kind: 'claim', appointmentId, appointmentName: `Signing ${appointmentId}` });
const note = (appointmentId: string, message: string): OutboxAction => ({
  kind: 'note',
  appointmentId,
  appointmentName: `Signing ${appointmentId}`,
  message,
});
const complete = (appointmentId: string): OutboxAction => ({
  kind: 'complete',
  appointmentId,
  appointmentName: `Signing ${appointmentId}`,
});
const NOT_SIGNED_BODY = {
  reason: 'other',
  note: 'Wrong address on the order.',
  rescheduleRequested: true,
  rescheduleNote: 'Friday after 3 PM',
} as const;
const notSigned = (appointmentId: string): OutboxAction => ({
  kind: 'not_signed',
  appointmentId,
  appointmentName: `Signing ${appointmentId}`,
  body: NOT_SIGNED_BODY,
});
const CONFIRMATION_BODY = {
  method: 'call',
  contactedAt: 1_796_000_000,
  result: 'confirmed',
  rescheduleTo: null,
  note: 'Has her ID',
} as const;
const confirmation = (appointmentId: string): OutboxAction => ({
  kind: 'signer_confirmation',
  appointmentId,
  appointmentName: `Signing ${appointmentId}`,
  body: CONFIRMATION_BODY,
});
const upload = (appointmentId: string, fileName = 'scan.pdf', size = 5): OutboxAction => ({
  kind: 'upload',
  appointmentId,
  appointmentName: `Signing ${appointmentId}`,
  fileName,
  size,
  contentType: 'application/pdf',
});

const path = (appointmentId: string, verb: string) => `/api/appointments/${appointmentId}/${verb}`;

async function row(db: AgentDb, id: string): Promise<OutboxItem> {
  const found = await db.outbox.get(id);
  if (!found) throw new Error(`No outbox row ${id}`);
  return found;
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 1_000; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Like navigator.locks for one name: callbacks run one after the other. */
function memoryLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const state = { active: 0, maxActive: 0, names: [] as string[] };
  const locks: LockManagerLike = {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      state.names.push(name);
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(async () => {
        state.active += 1;
        state.maxActive = Math.max(state.maxActive, state.active);
        try {
          return await callback();
        } finally {
          state.active -= 1;
        }
      });
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  return { locks, state };
}

const bytes = (...values: number[]) => new Uint8Array(values).buffer;

// ---------------------------------------------------------------------------------------------

describe('Outbox: enqueue and flush', () => {
  it('stores a queued row without sending; a flush sends it once with the row id as Idempotency-Key', async () => {
    const { db, outbox, server, c } = setup();
    const item = await outbox.enqueue(USER, claim('apt-1'));

    const stored = await row(db, item.id);
    expect(stored).toEqual({
      id: item.id,
      userId: USER,
      appointmentId: 'apt-1',
      action: claim('apt-1'),
      state: 'queued',
      createdAt: T0,
      attempts: 0,
      nextAttemptAt: 0,
      leaseUntil: 0,
      lastError: null,
      result: null,
      refusal: null,
      upload: null,
      sentAt: null,
    });
    expect(server.calls).toHaveLength(0);

    c.advance(5 * SECOND);
    const report = await outbox.flush(USER);

    expect(server.calls).toEqual([{ key: item.id, method: 'POST', path: path('apt-1', 'claim'), body: {} }]);
    expect(server.appliedFor(item.id)).toBe(1);
    const sent = await row(db, item.id);
    expect(sent).toMatchObject({
      state: 'sent',
      sentAt: T0 + 5 * SECOND,
      attempts: 1,
      leaseUntil: 0,
      lastError: null,
      refusal: null,
      result: {
        message: `Done: POST ${path('apt-1', 'claim')}`,
        body: { message: `Done: POST ${path('apt-1', 'claim')}`, key: item.id, run: 1 },
      },
    });
    expect(report).toEqual({ sent: [sent], refused: [], waiting: 0, unauthorized: false, nextAttemptAt: null });

    // Nothing is sent twice.
    await outbox.flush(USER);
    expect(server.calls).toHaveLength(1);
  });

  it('sends each action kind as its request (path, method, body)', async () => {
    const { outbox, server } = setup();
    await outbox.enqueue(USER, { kind: 'counter', appointmentId: 'a/1', appointmentName: 'A', bid: '150.00' });
    await outbox.enqueue(USER, note('a/1', 'Running 10 min late'));
    await outbox.enqueue(USER, { kind: 'decline', appointmentId: 'b', appointmentName: 'B' });
    await outbox.enqueue(USER, complete('c'));
    await outbox.enqueue(USER, { kind: 'leave', appointmentId: 'd', appointmentName: 'D', reason: 'Flat tyre' });
    await outbox.enqueue(USER, notSigned('e'));
    await outbox.enqueue(USER, { kind: 'profile', body: profileBody({ mobilePhone: '3105550100' }) });
    await outbox.flush(USER);
    expect(server.calls.map(({ method, path: p, body }) => ({ method, path: p, body }))).toEqual([
      { method: 'POST', path: '/api/appointments/a%2F1/counter', body: { bid: '150.00' } },
      { method: 'POST', path: '/api/appointments/a%2F1/notes', body: { message: 'Running 10 min late' } },
      { method: 'POST', path: '/api/appointments/b/decline', body: {} },
      { method: 'POST', path: '/api/appointments/c/complete', body: {} },
      { method: 'POST', path: '/api/appointments/d/leave', body: { reason: 'Flat tyre' } },
      { method: 'POST', path: '/api/appointments/e/did-not-sign', body: NOT_SIGNED_BODY },
      { method: 'PUT', path: '/api/agents/me', body: profileBody({ mobilePhone: '3105550100' }) },
    ]);
  });

  it("sends only the given user's rows", async () => {
    const { db, outbox, server } = setup();
    const mine = await outbox.enqueue(USER, claim('apt-1'));
    const theirs = await outbox.enqueue('someone-else', claim('apt-2'));
    const report = await outbox.flush(USER);
    expect(report.sent.map((item) => item.id)).toEqual([mine.id]);
    expect(server.callsFor(theirs.id)).toBe(0);
    expect((await row(db, theirs.id)).state).toBe('queued');
  });

  it("a flush for another user (sign-out, sign-in on the device) waits for the running one, then sends that user's rows", async () => {
    const { outbox, server } = setup();
    const gate = deferred<void>();
    server.queue({ holdUntil: gate.promise });
    const first = await outbox.enqueue(USER, claim('apt-1'));
    const other = await outbox.enqueue('next-user', claim('apt-2'));
    const running = outbox.flush(USER);
    await until(() => server.calls.length === 1, 'the first request');

    const next = outbox.flush('next-user');
    expect(next).not.toBe(running);
    gate.resolve();
    expect((await running).sent.map((item) => item.id)).toEqual([first.id]);
    expect((await next).sent.map((item) => item.id)).toEqual([other.id]);
    expect(server.calls.map((call) => call.key)).toEqual([first.id, other.id]);
  });

  it('a flush called while one runs joins it and looks again at the end', async () => {
    const { db, outbox, server } = setup();
    const gate = deferred<void>();
    server.queue({ holdUntil: gate.promise });
    const first = await outbox.enqueue(USER, claim('apt-1'));
    const running = outbox.flush(USER);
    await until(() => server.calls.length === 1, 'the first request');
    expect(outbox.busy).toBe(true);

    const second = await outbox.enqueue(USER, claim('apt-2'));
    const joined = outbox.flush(USER);
    expect(joined).toBe(running);
    gate.resolve();
    const report = await joined;

    expect(report.sent.map((item) => item.id)).toEqual([first.id, second.id]);
    expect((await row(db, second.id)).state).toBe('sent');
    expect(server.calls.map((call) => call.key)).toEqual([first.id, second.id]);
    expect(outbox.busy).toBe(false);
  });

  it('an action enqueued while the flush meets a network error is still looked at by the joined flush', async () => {
    const { db, outbox, server } = setup();
    const gate = deferred<void>();
    server.queue({ holdUntil: gate.promise, then: 'network' });
    const failing = await outbox.enqueue(USER, claim('apt-1'));
    const running = outbox.flush(USER);
    await until(() => server.calls.length === 1, 'the first request');

    const meanwhile = await outbox.enqueue(USER, claim('apt-2'));
    void outbox.flush(USER);
    gate.resolve();
    const report = await running;

    expect(report.sent.map((item) => item.id)).toEqual([meanwhile.id]);
    expect(report).toMatchObject({ waiting: 1, nextAttemptAt: T0 + 2 * SECOND });
    expect(await row(db, failing.id)).toMatchObject({ state: 'queued', lastError: 'No connection' });
    expect(server.calls.map((call) => call.key)).toEqual([failing.id, meanwhile.id]);
  });
});

describe('Outbox: exactly once across crashes, lost answers and tabs', () => {
  it.each(['hang', 'applyThenHang'] as const)(
    'a row whose sender crashed in flight (%s) is sent again with the same key once its lease ran out',
    async (crash) => {
      const { name, c, server, transport, db: db1, outbox: tab1 } = setup();
      server.queue(crash);
      const first = await tab1.enqueue(USER, claim('apt-1'));
      const later = await tab1.enqueue(USER, note('apt-1', 'On my way'));

      void tab1.flush(USER); // never settles: the tab dies with the request in flight
      await until(() => server.calls.length === 1, 'the first request');
      expect(await row(db1, first.id)).toMatchObject({ state: 'sending', attempts: 1, leaseUntil: T0 + LEASE });
      db1.close();

      // The reloaded tab: a new connection to the same database.
      const { db: db2, outbox: tab2 } = tab(name, c, transport);

      c.advance(LEASE - 1);
      const early = await tab2.flush(USER);
      expect(server.calls).toHaveLength(1); // the lease still runs: neither the row nor the next one of its appointment goes
      expect(early).toMatchObject({ sent: [], refused: [], waiting: 2, unauthorized: false, nextAttemptAt: T0 + LEASE });
      expect(await row(db2, first.id)).toMatchObject({ state: 'sending', attempts: 1 });

      c.advance(1);
      const report = await tab2.flush(USER);
      expect(report.sent.map((item) => item.id)).toEqual([first.id, later.id]);
      expect(server.calls.map((call) => call.key)).toEqual([first.id, first.id, later.id]);
      expect(server.appliedAt(path('apt-1', 'claim'))).toBe(1);
      expect(server.appliedFor(first.id)).toBe(1);
      expect(server.appliedFor(later.id)).toBe(1);
      expect(await row(db2, first.id)).toMatchObject({
        state: 'sent',
        attempts: 2,
        sentAt: T0 + LEASE,
        result: { message: messageOf(server, first.id) },
      });
      expect((await row(db2, later.id)).state).toBe('sent');
    },
  );

  it('with Web Locks, a row left sending by a tab that died goes at once: whoever holds the lock is the only sender alive', async () => {
    const dying = memoryLocks();
    const { name, c, server, transport, db: db1, outbox: tab1 } = setup({ locks: dying.locks });
    server.queue('applyThenHang');
    const first = await tab1.enqueue(USER, claim('apt-1'));

    void tab1.flush(USER); // the page is reloaded with the request in flight
    await until(() => server.calls.length === 1, 'the first request');
    expect(await row(db1, first.id)).toMatchObject({ state: 'sending', leaseUntil: T0 + LEASE });
    db1.close();

    // The browser releases a dead page's locks: the reloaded page gets the lock at once.
    const { db: db2, outbox: tab2 } = tab(name, c, transport, { locks: memoryLocks().locks });
    const report = await tab2.flush(USER);
    expect(report.sent.map((item) => item.id)).toEqual([first.id]);
    expect(server.calls.map((call) => call.key)).toEqual([first.id, first.id]);
    expect(server.appliedFor(first.id)).toBe(1);
    expect(await row(db2, first.id)).toMatchObject({ state: 'sent', attempts: 2, sentAt: T0 });
  });

  it("a stale sender's late failure (a frozen tab waking up) does not undo another tab's send", async () => {
    const { name, c, server, transport, db: db1 } = setup();
    const late = deferred<SendOutcome>();
    let frozenCalls = 0;
    const frozen = new Outbox({
      db: db1,
      now: c.now,
      random: () => 0.5,
      newId: sequentialIds('frozen'),
      transport: {
        send() {
          frozenCalls += 1;
          return late.promise;
        },
      },
    });
    const item = await frozen.enqueue(USER, claim('apt-1'));
    const frozenFlush = frozen.flush(USER);
    await until(() => frozenCalls === 1, 'the frozen tab to take the row');

    const { db: db2, outbox: other } = tab(name, c, transport);
    c.advance(LEASE + SECOND);
    await other.flush(USER);
    const sent = await row(db2, item.id);
    expect(sent).toMatchObject({ state: 'sent', attempts: 2, sentAt: T0 + LEASE + SECOND });

    // The frozen tab wakes up and its request fails.
    late.resolve({ type: 'retry', error: 'No connection' });
    await frozenFlush;
    expect(await row(db2, item.id)).toEqual(sent);

    c.advance(10 * MINUTE);
    await other.flush(USER);
    expect(server.callsFor(item.id)).toBe(1);
    expect(server.appliedFor(item.id)).toBe(1);
  });

  it("a stale sender's late failure does not take the row from the tab that holds its lease now", async () => {
    const { name, c, server, transport, db: db1 } = setup();
    const late = deferred<SendOutcome>();
    const frozen = new Outbox({
      db: db1,
      now: c.now,
      newId: sequentialIds('frozen'),
      transport: { send: () => late.promise },
    });
    const item = await frozen.enqueue(USER, claim('apt-1'));
    const frozenFlush = frozen.flush(USER);
    await until(async () => (await row(db1, item.id)).state === 'sending', 'the frozen tab to take the row');

    const gate = deferred<void>();
    server.queue({ holdUntil: gate.promise });
    const { db: db2, outbox: other } = tab(name, c, transport);
    c.advance(LEASE + SECOND);
    const otherFlush = other.flush(USER);
    await until(() => server.calls.length === 1, 'the second tab to send');

    late.resolve({ type: 'retry', error: 'No connection' });
    await frozenFlush;
    expect(await row(db2, item.id)).toMatchObject({ state: 'sending', attempts: 2, leaseUntil: T0 + 2 * LEASE + SECOND });

    // A third tab must not send it while the second one does.
    const { outbox: third } = tab(name, c, transport);
    await third.flush(USER);
    expect(server.calls).toHaveLength(1);

    gate.resolve();
    await otherFlush;
    expect((await row(db2, item.id)).state).toBe('sent');
    expect(server.appliedFor(item.id)).toBe(1);
  });

  it('a response lost after the server applied the action is retried and answered from the stored result', async () => {
    const { db, outbox, server, c } = setup();
    server.queue('applyThenLose');
    const item = await outbox.enqueue(USER, claim('apt-1'));

    const first = await outbox.flush(USER);
    expect(first).toMatchObject({ sent: [], waiting: 1, nextAttemptAt: T0 + 2 * SECOND });
    expect(await row(db, item.id)).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: 'No connection',
      nextAttemptAt: T0 + 2 * SECOND,
    });
    expect(server.appliedFor(item.id)).toBe(1);

    c.advance(2 * SECOND);
    const second = await outbox.flush(USER);
    expect(second.sent.map((sent) => sent.id)).toEqual([item.id]);
    expect(server.callsFor(item.id)).toBe(2);
    expect(server.appliedFor(item.id)).toBe(1);
    expect(await row(db, item.id)).toMatchObject({
      state: 'sent',
      attempts: 2,
      lastError: null,
      result: { message: messageOf(server, item.id), body: { key: item.id, run: 1 } },
    });
  });

  it('“Signer did not sign” saved offline is applied once: a lost answer and a second tab change nothing', async () => {
    const { db, outbox, server, c, name, transport } = setup();
    const other = tab(name, c, transport);
    server.queue('network', 'applyThenLose');
    const item = await outbox.enqueue(USER, notSigned('apt-1'));

    // No signal where the signing was: it waits on the phone.
    expect(await outbox.flush(USER)).toMatchObject({ sent: [], waiting: 1 });
    expect(server.appliedAt(path('apt-1', 'did-not-sign'))).toBe(0);
    // The signal is back, the server records it, the answer is lost on the way.
    c.advance(2 * SECOND);
    expect(await outbox.flush(USER)).toMatchObject({ sent: [], waiting: 1 });
    expect(server.appliedAt(path('apt-1', 'did-not-sign'))).toBe(1);

    // Both tabs try again: the stored answer is replayed, nothing is recorded twice.
    c.advance(4 * SECOND);
    const [one, two] = await Promise.all([outbox.flush(USER), other.outbox.flush(USER)]);
    expect([...one.sent, ...two.sent].map((sent) => sent.id)).toEqual([item.id]);
    expect(server.appliedAt(path('apt-1', 'did-not-sign'))).toBe(1);
    expect(server.appliedFor(item.id)).toBe(1);
    expect(await row(db, item.id)).toMatchObject({ state: 'sent', result: { message: messageOf(server, item.id) } });

    // Every attempt carried the same key and the body the API's schema takes as it is.
    const attempts = server.calls.filter((call) => call.path === path('apt-1', 'did-not-sign'));
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ key: item.id, method: 'POST', body: NOT_SIGNED_BODY });
      expect(NotSignedInputSchema.parse(attempt.body)).toEqual(NOT_SIGNED_BODY);
    }
  });

  it('a confirmation with the signer saved offline is applied once, with the time it was saved', async () => {
    const { db, outbox, server, c, name, transport } = setup();
    const other = tab(name, c, transport);
    server.queue('network', 'applyThenLose');
    const item = await outbox.enqueue(USER, confirmation('apt-1'));

    expect(await outbox.flush(USER)).toMatchObject({ sent: [], waiting: 1 });
    expect(server.appliedAt(path('apt-1', 'signer-confirmations'))).toBe(0);
    c.advance(2 * SECOND);
    expect(await outbox.flush(USER)).toMatchObject({ sent: [], waiting: 1 });
    expect(server.appliedAt(path('apt-1', 'signer-confirmations'))).toBe(1);

    c.advance(4 * SECOND);
    const [one, two] = await Promise.all([outbox.flush(USER), other.outbox.flush(USER)]);
    expect([...one.sent, ...two.sent].map((sent) => sent.id)).toEqual([item.id]);
    expect(server.appliedAt(path('apt-1', 'signer-confirmations'))).toBe(1);
    expect(server.appliedFor(item.id)).toBe(1);
    expect(await row(db, item.id)).toMatchObject({ state: 'sent' });

    // Every attempt: the same key, and the time the agent saved it, not the time it went out.
    const attempts = server.calls.filter((call) => call.path === path('apt-1', 'signer-confirmations'));
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ key: item.id, method: 'POST', body: CONFIRMATION_BODY });
      expect(SignerConfirmationInputSchema.parse(attempt.body)).toEqual(CONFIRMATION_BODY);
    }
  });

  const rowsOnSeveralAppointments = async (outbox: Outbox) => {
    const made: OutboxItem[] = [];
    const plan: OutboxAction[] = [
      claim('apt-a'),
      claim('apt-b'),
      note('apt-a', 'a1'),
      claim('apt-c'),
      note('apt-b', 'b1'),
      note('apt-a', 'a2'),
      claim('apt-d'),
      complete('apt-c'),
      note('apt-d', 'd1'),
      complete('apt-a'),
    ];
    for (const action of plan) made.push(await outbox.enqueue(USER, action));
    return made;
  };

  it.each([
    ['sharing a lock manager', true],
    ['with leases only (no Web Locks)', false],
  ] as const)('two tabs flushing at the same time send each row once in total, %s', async (_label, withLocks) => {
    const name = newDbName();
    const c = clock();
    const server = new FakeServer();
    const transport = createHttpTransport(server.fetch);
    const { locks, state } = memoryLocks();
    const one = tab(name, c, transport, withLocks ? { locks } : {});
    const two = tab(name, c, transport, withLocks ? { locks } : {});
    const made = await rowsOnSeveralAppointments(one.outbox);

    const [r1, r2] = await Promise.all([one.outbox.flush(USER), two.outbox.flush(USER)]);

    expect(server.calls).toHaveLength(made.length);
    for (const item of made) {
      expect(server.callsFor(item.id)).toBe(1);
      expect(server.appliedFor(item.id)).toBe(1);
      expect((await row(two.db, item.id)).state).toBe('sent');
    }
    expect([...r1.sent, ...r2.sent].map((item) => item.id).sort()).toEqual(made.map((item) => item.id).sort());
    // Each appointment's rows reached the server in the order they were made.
    for (const appointment of ['apt-a', 'apt-b', 'apt-c', 'apt-d']) {
      const expected = made.filter((item) => item.appointmentId === appointment).map((item) => item.id);
      const actual = server.calls.filter((call) => call.path.startsWith(`/api/appointments/${appointment}/`)).map((call) => call.key);
      expect(actual).toEqual(expected);
    }
    if (withLocks) {
      expect(state.maxActive).toBe(1);
      expect(new Set(state.names)).toEqual(new Set([LOCK_NAME]));
    } else {
      // Really concurrent: both tabs sent some of the rows.
      expect(r1.sent.length).toBeGreaterThan(0);
      expect(r2.sent.length).toBeGreaterThan(0);
    }
  });
});

describe('Outbox: refusals and signed-out sessions', () => {
  it('a 409 OFFER_TAKEN makes the row refused with the server message, never retried, kept until dismissed', async () => {
    const { db, outbox, server, c } = setup();
    server.queue('offerTaken');
    const taken = await outbox.enqueue(USER, claim('apt-1'));
    const other = await outbox.enqueue(USER, claim('apt-2'));

    const report = await outbox.flush(USER);
    const refused = await row(db, taken.id);
    expect(refused).toMatchObject({
      state: 'refused',
      attempts: 1,
      leaseUntil: 0,
      lastError: null,
      result: null,
      sentAt: null,
      refusal: { status: 409, code: 'OFFER_TAKEN', message: 'Another agent already took this appointment.' },
    });
    expect(report.refused).toEqual([refused]);
    // A refusal ends that row only: the flush went on.
    expect(report.sent.map((item) => item.id)).toEqual([other.id]);
    expect(server.appliedAt(path('apt-1', 'claim'))).toBe(0);

    c.advance(DAY);
    await outbox.flush(USER);
    await outbox.flush(USER);
    expect(server.callsFor(taken.id)).toBe(1);
    expect(await row(db, taken.id)).toEqual(refused);

    const queued = await outbox.enqueue(USER, claim('apt-3'));
    await outbox.dismiss(queued.id);
    expect((await row(db, queued.id)).state).toBe('queued');
    await outbox.dismiss('no-such-row');

    await outbox.dismiss(taken.id);
    expect(await db.outbox.get(taken.id)).toBeUndefined();
    await outbox.dismiss(other.id); // a sent row may be dismissed too
    expect(await db.outbox.get(other.id)).toBeUndefined();
    expect((await db.outbox.toArray()).map((item) => item.id)).toEqual([queued.id]);
  });

  it('a row being sent cannot be dismissed', async () => {
    const { db, outbox, server } = setup();
    const gate = deferred<void>();
    server.queue({ holdUntil: gate.promise });
    const item = await outbox.enqueue(USER, claim('apt-1'));
    const flushing = outbox.flush(USER);
    await until(() => server.calls.length === 1, 'the request');
    await outbox.dismiss(item.id);
    expect((await row(db, item.id)).state).toBe('sending');
    gate.resolve();
    await flushing;
    expect((await row(db, item.id)).state).toBe('sent');
  });

  it('a 401 stops the flush and keeps every row queued until the session is back', async () => {
    const { db, outbox, server, c } = setup();
    server.fallback = 'unauthorized';
    const a1 = await outbox.enqueue(USER, claim('apt-a'));
    const a2 = await outbox.enqueue(USER, note('apt-a', 'hello'));
    const b1 = await outbox.enqueue(USER, claim('apt-b'));

    const report = await outbox.flush(USER);
    expect(report).toEqual({ sent: [], refused: [], waiting: 3, unauthorized: true, nextAttemptAt: null });
    expect(server.calls.map((call) => call.key)).toEqual([a1.id]);
    expect(await row(db, a1.id)).toEqual({ ...a1, state: 'queued', attempts: 0, nextAttemptAt: 0, leaseUntil: 0, lastError: 'Signed out' });
    expect(await row(db, a2.id)).toEqual(a2);
    expect(await row(db, b1.id)).toEqual(b1);
    expect(await db.outbox.count()).toBe(3);

    // Still signed out: the next flush tries once more and stops again, the attempt not counted.
    c.advance(SECOND);
    expect((await outbox.flush(USER)).unauthorized).toBe(true);
    expect(server.calls).toHaveLength(2);
    expect((await row(db, a1.id)).attempts).toBe(0);

    server.fallback = 'ok'; // signed in again
    const back = await outbox.flush(USER);
    expect(back.unauthorized).toBe(false);
    expect(back.sent.map((item) => item.id)).toEqual([a1.id, a2.id, b1.id]);
    for (const item of [a1, a2, b1]) {
      expect(server.appliedFor(item.id)).toBe(1);
      expect((await row(db, item.id)).state).toBe('sent');
    }
    expect(server.callsFor(a1.id)).toBe(3);
    expect(server.callsFor(a2.id)).toBe(1);
    expect(server.callsFor(b1.id)).toBe(1);
    expect((await row(db, a1.id)).attempts).toBe(1);
  });
});

describe('Outbox: retries with backoff', () => {
  it.each([
    ['a network error', 'network', 'No connection'],
    ['a 503', 'error503', 'Server error 503'],
  ] as const)('after %s the row waits 2 s, is not sent before, and is sent after', async (_label, failure, lastError) => {
    const { db, outbox, server, c } = setup();
    server.queue(failure);
    const item = await outbox.enqueue(USER, claim('apt-1'));

    const report = await outbox.flush(USER);
    expect(report).toEqual({ sent: [], refused: [], waiting: 1, unauthorized: false, nextAttemptAt: T0 + 2 * SECOND });
    expect(await row(db, item.id)).toMatchObject({
      state: 'queued',
      attempts: 1,
      leaseUntil: 0,
      lastError,
      nextAttemptAt: T0 + 2 * SECOND,
    });
    expect(server.appliedFor(item.id)).toBe(0);

    c.advance(2 * SECOND - 1);
    await outbox.flush(USER);
    expect(server.calls).toHaveLength(1);

    c.advance(1);
    const later = await outbox.flush(USER);
    expect(later.sent.map((sent) => sent.id)).toEqual([item.id]);
    expect(await row(db, item.id)).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
    expect(server.appliedFor(item.id)).toBe(1);
  });

  it('the delay doubles from 2 s on each failure and stops at 5 minutes', async () => {
    const { db, outbox, server, c } = setup();
    server.fallback = 'error503';
    const item = await outbox.enqueue(USER, claim('apt-1'));
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await outbox.flush(USER);
      expect(server.calls).toHaveLength(attempt);
      const waiting = await row(db, item.id);
      expect(waiting.attempts).toBe(attempt);
      const delay = waiting.nextAttemptAt - c.t;
      delays.push(delay);
      c.advance(delay - 1);
      await outbox.flush(USER); // not yet due
      expect(server.calls).toHaveLength(attempt);
      c.advance(1);
    }
    expect(delays).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 300, 300].map((s) => s * SECOND));

    server.fallback = 'ok';
    await outbox.flush(USER);
    expect(await row(db, item.id)).toMatchObject({ state: 'sent', attempts: 11 });
    expect(server.appliedFor(item.id)).toBe(1);
  });

  it.each([
    [0, [1_600, 3_200]],
    [0.999_999, [2_400, 4_800]],
  ])('the delay is spread by ±20 percent: random() = %s gives %j ms', async (random, expected) => {
    const { db, outbox, server, c } = setup({ random: () => random });
    server.fallback = 'network';
    const item = await outbox.enqueue(USER, claim('apt-1'));
    const delays: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      await outbox.flush(USER);
      const waiting = await row(db, item.id);
      delays.push(waiting.nextAttemptAt - c.t);
      c.t = waiting.nextAttemptAt;
    }
    expect(delays).toEqual(expected);
  });

  it('a 429 waits for its Retry-After; a 409 IDEMPOTENCY_IN_PROGRESS for 1 s', async () => {
    const { db, outbox, server, c } = setup();
    server.queue('tooMany');
    const item = await outbox.enqueue(USER, claim('apt-1'));
    await outbox.flush(USER);
    expect(await row(db, item.id)).toMatchObject({ state: 'queued', lastError: 'Server error 429', nextAttemptAt: T0 + 30 * SECOND });

    c.advance(29 * SECOND);
    await outbox.flush(USER);
    expect(server.calls).toHaveLength(1);

    c.advance(SECOND);
    server.queue('inProgress');
    await outbox.flush(USER);
    expect(server.calls).toHaveLength(2);
    expect(await row(db, item.id)).toMatchObject({ state: 'queued', lastError: 'Still being processed', nextAttemptAt: c.t + SECOND });

    c.advance(SECOND);
    await outbox.flush(USER);
    expect(await row(db, item.id)).toMatchObject({ state: 'sent', attempts: 3 });
    expect(server.appliedFor(item.id)).toBe(1);
  });

  it('a transport that throws counts as a retry with its message', async () => {
    const { db, c } = setup();
    const outbox = new Outbox({
      db,
      now: c.now,
      random: () => 0.5,
      transport: {
        send: () => Promise.reject(new Error('boom')),
      },
    });
    const item = await outbox.enqueue(USER, claim('apt-1'));
    const report = await outbox.flush(USER);
    expect(report.waiting).toBe(1);
    expect(await row(db, item.id)).toMatchObject({ state: 'queued', attempts: 1, lastError: 'boom', nextAttemptAt: T0 + 2 * SECOND });
  });
});

describe('Outbox: order per appointment', () => {
  it('a later row waits while an earlier row of its appointment is in backoff; other appointments go', async () => {
    const { db, outbox, server, c } = setup();
    const a1 = await outbox.enqueue(USER, claim('apt-a'));
    c.advance(1);
    const a2 = await outbox.enqueue(USER, note('apt-a', 'after the claim'));
    c.advance(1);
    const b1 = await outbox.enqueue(USER, claim('apt-b'));
    server.queue('network');

    await outbox.flush(USER);
    // A network failure stops the flush: the next row would fail the same way.
    expect(server.calls.map((call) => call.key)).toEqual([a1.id]);
    const dueAt = (await row(db, a1.id)).nextAttemptAt;
    expect(dueAt).toBe(c.t + 2 * SECOND);

    c.advance(SECOND);
    const meanwhile = await outbox.flush(USER);
    expect(meanwhile.sent.map((item) => item.id)).toEqual([b1.id]);
    expect(server.callsFor(a2.id)).toBe(0);
    expect(await row(db, a2.id)).toMatchObject({ state: 'queued', attempts: 0 });
    // The next time anything can move is when a1 is due (not "now": a2 cannot go before a1).
    expect(meanwhile).toMatchObject({ waiting: 2, nextAttemptAt: dueAt });

    c.t = dueAt;
    const later = await outbox.flush(USER);
    expect(later.sent.map((item) => item.id)).toEqual([a1.id, a2.id]);
    expect(server.calls.map((call) => call.key)).toEqual([a1.id, b1.id, a1.id, a2.id]);
  });

  it('rows made in the same millisecond (or after the clock went back) keep the order they were made in', async () => {
    let n = 10_000;
    // Ids that sort the other way round, so only the outbox's own order can keep them in line.
    const { db, outbox, server, c } = setup({ newId: () => `row-${(n -= 1)}` });
    const made = [
      await outbox.enqueue(USER, claim('apt-1')),
      await outbox.enqueue(USER, note('apt-1', 'first')),
      await outbox.enqueue(USER, note('apt-1', 'second')),
    ];
    c.advance(-MINUTE); // the phone's clock was set back
    made.push(await outbox.enqueue(USER, complete('apt-1')));

    await outbox.flush(USER);
    expect(server.calls.map((call) => call.key)).toEqual(made.map((item) => item.id));
    for (const item of made) expect((await row(db, item.id)).state).toBe('sent');
  });
});

describe('Outbox: scan-back uploads', () => {
  const ALL_BUT_UPLOADS: readonly OutboxKind[] = ['claim', 'counter', 'decline', 'complete', 'note', 'profile'];

  /** Sends JSON rows over HTTP; upload rows go to `onUpload`. */
  function withUploads(server: FakeServer, onUpload: (item: OutboxItem, context: SendContext) => Promise<SendOutcome>) {
    const http = createHttpTransport(server.fetch);
    const uploads: { id: string; blob: OutboxBlob | undefined; upload: UploadProgress | null }[] = [];
    const transport: OutboxTransport = {
      async send(item, context) {
        if (item.action.kind !== 'upload') return http.send(item, context);
        uploads.push({ id: item.id, blob: context.blob, upload: item.upload });
        return onUpload(item, context);
      },
    };
    return { transport, uploads };
  }

  it('an upload needs its bytes; nothing is written without them', async () => {
    const { db, outbox } = setup();
    await expect(outbox.enqueue(USER, upload('apt-1'))).rejects.toThrow(TypeError);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.outboxBlobs.count()).toBe(0);
  });

  it('stores the row and its bytes in one transaction', async () => {
    const { db, outbox } = setup({ newId: () => 'same-id' });
    // A leftover blob with the same id makes the blob write fail: the row must not stay either.
    await db.outboxBlobs.add({ id: 'same-id', data: bytes(9), type: 'text/plain', name: 'old.txt' });
    await expect(
      outbox.enqueue(USER, upload('apt-1'), { data: bytes(1, 2, 3), type: 'application/pdf', name: 'scan.pdf' }),
    ).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
    expect((await db.outboxBlobs.get('same-id'))?.name).toBe('old.txt');
  });

  it('keeps the bytes through a failed attempt, saves progress with a renewed lease, deletes the bytes once sent', async () => {
    const { db, server, c, name } = setup();
    let attempt = 0;
    const seenInside: OutboxItem[] = [];
    const { transport, uploads } = withUploads(server, async (item, context) => {
      attempt += 1;
      if (attempt === 1) {
        c.advance(30 * SECOND);
        const progress: UploadProgress = {
          fileId: 'file-1',
          uploadUrl: 'https://files.test/tus/file-1',
          chunkSize: 2,
          confirmKey: `${item.id}-confirm`,
          bytesUploaded: 2,
          uploaded: false,
        };
        await context.saveUpload(progress);
        seenInside.push(await row(db, item.id));
        return { type: 'retry', error: 'No connection' };
      }
      const progress = item.upload;
      if (!progress) throw new Error('the progress was not kept');
      const done = { ...progress, bytesUploaded: 5, uploaded: true };
      await context.saveUpload(done);
      return sendJson(
        {
          method: 'POST',
          path: path(item.appointmentId, `files/${progress.fileId}/confirm`),
          body: {},
          idempotencyKey: progress.confirmKey,
        },
        server.fetch,
      );
    });
    const page = tab(name, c, transport).outbox;
    const data = bytes(1, 2, 3, 4, 5);
    const item = await page.enqueue(USER, upload('apt-1', 'scan.pdf', 5), { data, type: 'application/pdf', name: 'scan.pdf' });

    const blob = await db.outboxBlobs.get(item.id);
    expect(blob).toEqual({ id: item.id, data: expect.any(ArrayBuffer) as unknown, type: 'application/pdf', name: 'scan.pdf' });
    expect([...new Uint8Array(blob?.data ?? new ArrayBuffer(0))]).toEqual([1, 2, 3, 4, 5]);

    await page.flush(USER);
    expect(uploads[0]?.blob?.name).toBe('scan.pdf');
    expect([...new Uint8Array(uploads[0]?.blob?.data ?? new ArrayBuffer(0))]).toEqual([1, 2, 3, 4, 5]);
    // saveUpload wrote the progress and pushed the lease out from the time it was called.
    expect(seenInside[0]).toMatchObject({ state: 'sending', upload: { bytesUploaded: 2 }, leaseUntil: T0 + 30 * SECOND + LEASE });
    expect(await row(db, item.id)).toMatchObject({
      state: 'queued',
      lastError: 'No connection',
      upload: { fileId: 'file-1', bytesUploaded: 2, uploaded: false },
    });
    expect(await db.outboxBlobs.get(item.id)).toEqual(blob);

    c.t = (await row(db, item.id)).nextAttemptAt;
    const report = await page.flush(USER);
    expect(report.sent.map((sent) => sent.id)).toEqual([item.id]);
    expect(uploads[1]?.upload).toMatchObject({ fileId: 'file-1', bytesUploaded: 2 });
    expect(await row(db, item.id)).toMatchObject({ state: 'sent', upload: { bytesUploaded: 5, uploaded: true } });
    expect(await db.outboxBlobs.get(item.id)).toBeUndefined();
    expect(server.appliedAt(path('apt-1', 'files/file-1/confirm'))).toBe(1);
  });

  it('deletes the bytes when the upload is refused, keeps them on a 401', async () => {
    const { db, server, c, name } = setup();
    const outcomes: SendOutcome[] = [
      { type: 'unauthorized' },
      { type: 'refused', refusal: { status: 413, message: 'The file is too large.', code: 'PAYLOAD_TOO_LARGE' } },
    ];
    const { transport } = withUploads(server, () => Promise.resolve(outcomes.shift() ?? { type: 'retry', error: 'unexpected' }));
    const page = tab(name, c, transport).outbox;
    const item = await page.enqueue(USER, upload('apt-1'), { data: bytes(1), type: 'application/pdf', name: 'scan.pdf' });

    expect((await page.flush(USER)).unauthorized).toBe(true);
    expect(await db.outboxBlobs.get(item.id)).toBeDefined();
    expect((await row(db, item.id)).state).toBe('queued');

    const report = await page.flush(USER);
    expect(report.refused.map((refused) => refused.id)).toEqual([item.id]);
    expect(await row(db, item.id)).toMatchObject({ state: 'refused', refusal: { status: 413, code: 'PAYLOAD_TOO_LARGE' } });
    expect(await db.outboxBlobs.get(item.id)).toBeUndefined();
  });

  it('a flusher without uploads (the service worker) leaves upload rows, and the rows after them, to the page', async () => {
    const { db, server, c, name } = setup();
    const { transport, uploads } = withUploads(server, () => Promise.resolve({ type: 'sent', message: 'scan.pdf uploaded.', body: null }));
    const page = tab(name, c, transport).outbox;
    const sw = tab(name, c, createHttpTransport(server.fetch), { kinds: ALL_BUT_UPLOADS }).outbox;
    const scan = await page.enqueue(USER, upload('apt-x'), { data: bytes(7, 7), type: 'application/pdf', name: 'scan.pdf' });
    const afterScan = await page.enqueue(USER, complete('apt-x'));
    const elsewhere = await page.enqueue(USER, claim('apt-y'));

    const report = await sw.flush(USER);
    expect(report.sent.map((item) => item.id)).toEqual([elsewhere.id]);
    expect(server.calls.map((call) => call.key)).toEqual([elsewhere.id]);
    expect(await row(db, scan.id)).toEqual(scan);
    expect(await row(db, afterScan.id)).toEqual(afterScan);
    expect(await db.outboxBlobs.get(scan.id)).toBeDefined();
    // What waits is the page's to move: no retry time for the service worker.
    expect(report).toMatchObject({ waiting: 1, nextAttemptAt: null });

    expect(uploads).toHaveLength(0);
    const pageReport = await page.flush(USER);
    expect(pageReport.sent.map((item) => item.id)).toEqual([scan.id, afterScan.id]);
    expect(uploads.map((u) => u.id)).toEqual([scan.id]);
    expect(server.calls.map((call) => call.key)).toEqual([elsewhere.id, afterScan.id]);
    expect(await db.outboxBlobs.count()).toBe(0);
  });
});

describe('Outbox: prune', () => {
  it('removes sent rows older than 7 days, and only those', async () => {
    const { db, outbox, server, c } = setup();
    const at = async (t: number, action: OutboxAction, userId = USER) => {
      c.t = t;
      const item = await outbox.enqueue(userId, action);
      await outbox.flush(USER);
      return item;
    };
    server.queue('offerTaken');
    const refusedOld = await at(T0 - 30 * DAY, claim('apt-refused'));
    const queuedOld = await at(T0 - 30 * DAY + 1, claim('apt-other-user'), 'another-user');
    const sentOld = await at(T0 - 7 * DAY - 1, claim('apt-old'));
    const sentAtCutoff = await at(T0 - 7 * DAY, claim('apt-cutoff'));
    const sentRecent = await at(T0 - DAY, claim('apt-recent'));
    expect((await row(db, refusedOld.id)).state).toBe('refused');
    expect((await row(db, queuedOld.id)).state).toBe('queued');
    expect((await row(db, sentOld.id)).sentAt).toBe(T0 - 7 * DAY - 1);

    c.t = T0;
    await outbox.prune();
    const left = (await db.outbox.toArray()).map((item) => item.id).sort();
    expect(left).toEqual([refusedOld.id, queuedOld.id, sentAtCutoff.id, sentRecent.id].sort());
  });
});
