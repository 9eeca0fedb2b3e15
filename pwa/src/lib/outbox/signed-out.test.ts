/**
 * A sign-out on a shared phone, against fake-indexeddb and a fake server that keeps the real
 * one's rules: the session cookie works until POST /api/auth/sign-out ends it, DELETE
 * /api/push/subscriptions removes only the caller's own endpoint (another user's is a 404) and
 * needs the session (401 without), and a repeated Idempotency-Key is answered, not run again.
 */
import { requestLine } from '../testing-fetch';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentDb } from '../db';
import { createHttpTransport } from './http-transport';
import { Outbox } from './outbox';
import { dropSignOuts, enqueueSignOut, flushSignOuts, hasPendingSignOut, isSignOutPending, type MarkStorage } from './signed-out';

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/phone-1';

class FakeServer {
  online = true;
  /** Answers 503 to the next N requests (the server's side of a bad moment). */
  failing = 0;
  /** The session of the device's cookie, until sign-out ends it. */
  session: string | null = 'agent-a';
  readonly subscriptions = new Map<string, string>([[ENDPOINT, 'agent-a']]);
  readonly applied: string[] = [];
  private readonly answered = new Map<string, Response>();

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (!this.online) throw new TypeError('Failed to fetch');
    await Promise.resolve();
    if (this.failing > 0) {
      this.failing -= 1;
      return problem(503, 'Try again.');
    }
    const { method, path } = requestLine(input, init);
    const key = (input instanceof Request ? input.headers : new Headers(init?.headers)).get('Idempotency-Key') ?? '';
    const replay = this.answered.get(key);
    if (replay) return replay.clone();
    const request = `${method} ${path}`;
    const user = this.session;
    let response: Response;
    if (request === 'POST /api/auth/sign-out') {
      this.session = null;
      this.applied.push(request);
      response = json(200, { success: true });
    } else if (request === 'DELETE /api/push/subscriptions') {
      if (!user) return problem(401, 'Sign in.');
      const { endpoint } = JSON.parse(input instanceof Request ? await input.clone().text() : String(init?.body)) as { endpoint: string };
      if (this.subscriptions.get(endpoint) !== user) {
        response = problem(404, 'This push subscription was not found.');
      } else {
        this.subscriptions.delete(endpoint);
        this.applied.push(request);
        response = json(200, { message: 'Notifications are off for this device.' });
      }
    } else {
      this.applied.push(request);
      response = json(200, { message: 'Done' });
    }
    this.answered.set(key, response.clone());
    return response;
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function problem(status: number, detail: string): Response {
  return new Response(JSON.stringify({ status, detail }), { status, headers: { 'Content-Type': 'application/problem+json' } });
}

function memoryStorage(): MarkStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

const dbs: AgentDb[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

function phone() {
  const db = new AgentDb(`signed-out-${crypto.randomUUID()}`, { indexedDB, IDBKeyRange });
  dbs.push(db);
  const server = new FakeServer();
  let clock = Date.UTC(2026, 10, 23, 9);
  const outbox = new Outbox({ db, transport: createHttpTransport(server.fetch), now: () => clock, random: () => 0.5 });
  const storage = memoryStorage();
  const later = (ms: number) => {
    clock += ms;
  };
  return { db, server, outbox, storage, later };
}

describe('a sign-out on a shared phone', () => {
  it('online: forgets the device’s subscription first, then ends the session, and leaves nothing behind', async () => {
    const { db, server, outbox, storage } = phone();
    await enqueueSignOut(db, outbox, 'agent-a', ENDPOINT, storage);
    expect(isSignOutPending(storage)).toBe(true);

    expect(await flushSignOuts(db, outbox, storage)).toEqual({ waiting: 0, nextAttemptAt: null });
    expect(server.applied).toEqual(['DELETE /api/push/subscriptions', 'POST /api/auth/sign-out']);
    expect(server.subscriptions.has(ENDPOINT)).toBe(false);
    expect(server.session).toBeNull();
    expect(await db.outbox.count()).toBe(0);
    expect(isSignOutPending(storage)).toBe(false);
  });

  it('offline: waits with the device counted as signed out, then goes once when the network is back', async () => {
    const { db, server, outbox, storage, later } = phone();
    server.online = false;
    await enqueueSignOut(db, outbox, 'agent-a', ENDPOINT, storage);
    const offline = await flushSignOuts(db, outbox, storage);
    expect(offline.waiting).toBe(2);
    expect(isSignOutPending(storage)).toBe(true);
    expect(await hasPendingSignOut(db)).toBe(true);
    // The cookie still works on the server meanwhile: that is why the app must not ask it.
    expect(server.session).toBe('agent-a');

    server.online = true;
    later(offline.nextAttemptAt! - Date.UTC(2026, 10, 23, 9));
    await flushSignOuts(db, outbox, storage);
    await flushSignOuts(db, outbox, storage);
    expect(server.applied).toEqual(['DELETE /api/push/subscriptions', 'POST /api/auth/sign-out']);
    expect(server.subscriptions.size).toBe(0);
    expect(server.session).toBeNull();
    expect(isSignOutPending(storage)).toBe(false);
  });

  it('never ends the session before the subscription is deleted (the delete needs the session)', async () => {
    const { db, server, outbox, storage, later } = phone();
    await enqueueSignOut(db, outbox, 'agent-a', ENDPOINT, storage);
    server.failing = 1;
    const first = await flushSignOuts(db, outbox, storage);
    expect(first.waiting).toBe(2);
    expect(server.session).toBe('agent-a');
    expect(server.applied).toEqual([]);

    later(60_000);
    await flushSignOuts(db, outbox, storage);
    expect(server.applied).toEqual(['DELETE /api/push/subscriptions', 'POST /api/auth/sign-out']);
  });

  it('counts a session that already ended, or a device another user has taken over, as done', async () => {
    const expired = phone();
    expired.server.session = null;
    await enqueueSignOut(expired.db, expired.outbox, 'agent-a', ENDPOINT, expired.storage);
    expect(await flushSignOuts(expired.db, expired.outbox, expired.storage)).toEqual({ waiting: 0, nextAttemptAt: null });
    expect(await expired.db.outbox.count()).toBe(0);
    expect(isSignOutPending(expired.storage)).toBe(false);

    const takenOver = phone();
    takenOver.server.subscriptions.set(ENDPOINT, 'agent-b');
    await enqueueSignOut(takenOver.db, takenOver.outbox, 'agent-a', ENDPOINT, takenOver.storage);
    await flushSignOuts(takenOver.db, takenOver.outbox, takenOver.storage);
    expect(takenOver.server.subscriptions.get(ENDPOINT)).toBe('agent-b');
    expect(takenOver.server.applied).toEqual(['POST /api/auth/sign-out']);
    expect(await takenOver.db.outbox.count()).toBe(0);
  });

  it('without a push subscription only ends the session', async () => {
    const { db, server, outbox, storage } = phone();
    await enqueueSignOut(db, outbox, 'agent-a', null, storage);
    await flushSignOuts(db, outbox, storage);
    expect(server.applied).toEqual(['POST /api/auth/sign-out']);
  });

  it('is never sent by, nor shown to, the next agent’s outbox; their sign-in drops what is left', async () => {
    const { db, server, outbox, storage } = phone();
    server.online = false;
    await enqueueSignOut(db, outbox, 'agent-a', ENDPOINT, storage);
    server.online = true;
    // The next agent signed in (a new cookie): their own flush must not sign them out.
    server.session = 'agent-b';
    const theirs = await outbox.flush('agent-b');
    expect(theirs).toMatchObject({ sent: [], refused: [], waiting: 0 });
    expect(await db.outbox.where('userId').equals('agent-b').count()).toBe(0);
    expect(await db.outbox.where('userId').equals('agent-a').count()).toBe(0);
    expect(server.applied).toEqual([]);

    await dropSignOuts(db, storage);
    expect(await hasPendingSignOut(db)).toBe(false);
    expect(isSignOutPending(storage)).toBe(false);
    await flushSignOuts(db, outbox, storage);
    expect(server.session).toBe('agent-b');
    expect(server.applied).toEqual([]);
  });
});
