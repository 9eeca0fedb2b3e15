/**
 * Background Sync with no app window open: the service worker sends the waiting actions of the
 * signed-in agent itself — the same outbox rules, leases and Idempotency-Keys as the page, but
 * without scan-backs (tus-js-client runs in the page; those wait for the app to open) — after
 * what an earlier sign-out left to send (signed-out.ts), which needs no one signed in.
 */
import { db } from '../db';
import { createHttpTransport } from './http-transport';
import { Outbox, type FlushReport } from './outbox';
import { flushSignOuts, SIGN_OUT_KINDS } from './signed-out';
import type { OutboxKind } from './types';

const WORKER_KINDS: readonly OutboxKind[] = [
  'claim',
  'counter',
  'decline',
  'withdraw',
  'complete',
  'leave',
  'not_signed',
  'signer_confirmation',
  'return_shipment',
  'note',
  'profile',
  ...SIGN_OUT_KINDS,
];

export interface WorkerFlushReport {
  /**
   * Rows that a later try may send (no connection, a server error). The rows of an agent whose
   * session is gone are not counted: they wait for the next sign-in, not for the network.
   */
  waiting: number;
}

export async function flushFromWorker(): Promise<WorkerFlushReport> {
  const locks = 'locks' in navigator ? navigator.locks : null;
  const outbox = new Outbox({
    db,
    transport: createHttpTransport((input, init) => fetch(input, init)),
    locks: locks ? { request: (name, work) => locks.request(name, () => work()) } : null,
    kinds: WORKER_KINDS,
  });
  const signOuts = await flushSignOuts(db, outbox);
  const session = await db.session.get('me');
  const report: FlushReport | null = session ? await outbox.flush(session.me.id) : null;
  const agentWaiting = report && !report.unauthorized ? report.waiting : 0;
  return { waiting: signOuts.waiting + agentWaiting };
}
