/**
 * Background Sync with no app window open: the service worker sends the waiting actions of the
 * signed-in agent itself — the same outbox rules, leases and Idempotency-Keys as the page, but
 * without scan-backs (tus-js-client runs in the page; those wait for the app to open).
 */
import { db } from '../db';
import { createHttpTransport } from './http-transport';
import { Outbox, type FlushReport } from './outbox';
import type { OutboxKind } from './types';

const WORKER_KINDS: readonly OutboxKind[] = ['claim', 'counter', 'decline', 'withdraw', 'complete', 'note', 'profile'];

export async function flushFromWorker(): Promise<FlushReport | null> {
  const session = await db.session.get('me');
  if (!session) return null;
  const locks = 'locks' in navigator ? navigator.locks : null;
  const outbox = new Outbox({
    db,
    transport: createHttpTransport((input, init) => fetch(input, init)),
    locks: locks ? { request: (name, work) => locks.request(name, () => work()) } : null,
    kinds: WORKER_KINDS,
  });
  return outbox.flush(session.me.id);
}
