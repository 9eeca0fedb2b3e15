/**
 * What a sign-out leaves to send, so that the next person on a shared phone never gets the
 * previous agent's pushes nor their session, even when the sign-out happened with no signal.
 *
 * Owns the outbox rows whose user id is `signed-out:<userId>`: one `unsubscribe-push` (the
 * device's endpoint, when it had one) followed by one `sign-out`. They go in that order — the
 * subscription can only be deleted while the session cookie still works — through the same
 * outbox as every other action (leases, Web Lock, backoff, Idempotency-Key). The prefix keeps
 * them out of every signed-in agent's flush, list and "waiting" count. Sent rows are deleted at
 * once: nobody is there to read "synced".
 *
 * While such rows wait, the device counts as signed out: an offline sign-out cannot clear the
 * httpOnly session cookie, so the app must not take the server's "you are still signed in" for
 * an answer until the sign-out has reached it. The page reads that from a localStorage mark
 * (`isSignOutPending`), synchronously, so that checking it costs the first screen no IndexedDB;
 * the rows decide what is sent, and the mark goes once none wait (a mark left behind by the
 * service worker's flush, which has no localStorage, only ever errs towards signed out, and
 * goes at the page's next flush). A new sign-in
 * replaces the cookie; whatever still waits is then dropped (`dropSignOuts`): the old session
 * can no longer be reached from this device, and the browser's subscription was already
 * unsubscribed, so its endpoint answers "gone" and the server forgets it on the next push.
 */
import type { AgentDb } from '../db';
import type { FlushReport, Outbox } from './outbox';

export const SIGNED_OUT_PREFIX = 'signed-out:';
export const SIGN_OUT_KINDS = ['unsubscribe-push', 'sign-out'] as const;

export type MarkStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const MARK_KEY = 'signingdesk.sign-out-pending';

function localStorageOrNull(): MarkStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** A sign-out of this device has not reached the server yet: nobody counts as signed in. */
export function isSignOutPending(storage: MarkStorage | null = localStorageOrNull()): boolean {
  try {
    return storage?.getItem(MARK_KEY) === '1';
  } catch {
    return false;
  }
}

export function setSignOutPending(pending: boolean, storage: MarkStorage | null = localStorageOrNull()): void {
  try {
    if (pending) storage?.setItem(MARK_KEY, '1');
    else storage?.removeItem(MARK_KEY);
  } catch {
    // Storage refused: the rows still go; only the early "signed out" answer is lost.
  }
}

/** Queues the device's sign-out for `userId` (the endpoint: this device's push subscription, if any). */
export async function enqueueSignOut(
  db: AgentDb,
  outbox: Outbox,
  userId: string,
  endpoint: string | null,
  storage: MarkStorage | null = localStorageOrNull(),
): Promise<void> {
  setSignOutPending(true, storage);
  const owner = `${SIGNED_OUT_PREFIX}${userId}`;
  await db.transaction('rw', db.outbox, db.outboxBlobs, async () => {
    if (endpoint) await outbox.enqueue(owner, { kind: 'unsubscribe-push', endpoint });
    await outbox.enqueue(owner, { kind: 'sign-out' });
  });
}

/** The signed-out users whose leftovers still wait, oldest first. */
async function waitingOwners(db: AgentDb): Promise<string[]> {
  const rows = await db.outbox.where('userId').startsWith(SIGNED_OUT_PREFIX).sortBy('createdAt');
  return [...new Set(rows.map((row) => row.userId))];
}

export async function hasPendingSignOut(db: AgentDb): Promise<boolean> {
  return (await db.outbox.where('userId').startsWith(SIGNED_OUT_PREFIX).count()) > 0;
}

export interface SignOutFlushReport {
  /** Rows still waiting (no connection, a server error): the caller retries later. */
  waiting: number;
  nextAttemptAt: number | null;
}

/** Sends every waiting sign-out; the rows the server answered are deleted. */
export async function flushSignOuts(
  db: AgentDb,
  outbox: Outbox,
  storage: MarkStorage | null = localStorageOrNull(),
): Promise<SignOutFlushReport> {
  const total: SignOutFlushReport = { waiting: 0, nextAttemptAt: null };
  for (const owner of await waitingOwners(db)) {
    const report: FlushReport = await outbox.flush(owner);
    const done = [...report.sent, ...report.refused].map((row) => row.id);
    if (done.length > 0) await db.outbox.bulkDelete(done);
    total.waiting += report.waiting;
    if (report.nextAttemptAt !== null) total.nextAttemptAt = Math.min(total.nextAttemptAt ?? Infinity, report.nextAttemptAt);
  }
  if (!(await hasPendingSignOut(db))) setSignOutPending(false, storage);
  return total;
}

/** After a new sign-in: the old session's cookie is gone from the device, nothing left can be sent. */
export async function dropSignOuts(db: AgentDb, storage: MarkStorage | null = localStorageOrNull()): Promise<void> {
  await db.outbox.where('userId').startsWith(SIGNED_OUT_PREFIX).delete();
  setSignOutPending(false, storage);
}
