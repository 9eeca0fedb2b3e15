/**
 * The page's outbox: one `Outbox` (outbox.ts) over the app's IndexedDB, sending JSON actions
 * with fetch and scan-backs with tus (upload-transport.ts, loaded when an upload is due).
 *
 * Owns when the outbox is flushed: on start (`startOutbox`), right after each enqueue, on
 * `online`, when the app becomes visible, when the service worker relays a Background Sync,
 * and on a timer at the next retry time. A flush that meets a 401 tells `onSignedOut`
 * listeners (the app asks the agent to sign in; the rows wait, nothing is dropped).
 * The same triggers send what a sign-out left to send (signed-out.ts), signed in or not:
 * `startSignOutFlushes` installs them on every app start, the login page included.
 */
import type { OutboxBlob, OutboxItem, OutboxAction } from './types';
import type { FlushReport, Outbox, OutboxTransport } from './outbox';
import { afterFirstScreen } from '../first-screen';
import { mayHaveOfflineCopy } from '../offline-store';
import { isSignOutPending, type SignOutFlushReport } from './signed-out';

type Listener = (report: FlushReport) => void;

let outboxPromise: Promise<Outbox> | null = null;
let currentUserId: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let started = false;
let pruned = false;
const flushListeners = new Set<Listener>();
const busyListeners = new Set<() => void>();
let busy = false;

async function loadOutbox(): Promise<Outbox> {
  outboxPromise ??= (async () => {
    const [{ db }, { Outbox }, { createHttpTransport }] = await Promise.all([
      import('../db'),
      import('./outbox'),
      import('./http-transport'),
    ]);
    const http = createHttpTransport();
    const transport: OutboxTransport = {
      async send(item, context) {
        if (item.action.kind !== 'upload') return http.send(item, context);
        const { sendUpload } = await import('./upload-transport');
        return sendUpload(item, context);
      },
    };
    const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null;
    return new Outbox({
      db,
      transport,
      locks: locks ? { request: (name, work) => locks.request(name, () => work()) } : null,
    });
  })();
  return outboxPromise;
}

/** Writes an action to the outbox and starts sending it. Resolves once it is safely stored. */
export async function enqueueAction(userId: string, action: Exclude<OutboxAction, { kind: 'upload' }>): Promise<OutboxItem> {
  const outbox = await loadOutbox();
  const item = await outbox.enqueue(userId, action);
  afterEnqueue(userId);
  return item;
}

/** Stores a scan-back's (or the drop-off receipt's) bytes with its upload action (one row per file). */
export async function enqueueUpload(
  userId: string,
  appointment: { id: string; name: string },
  file: File,
  purpose?: 'receipt',
): Promise<OutboxItem> {
  const data = await file.arrayBuffer();
  const blob: Omit<OutboxBlob, 'id'> = { data, type: file.type, name: file.name };
  const outbox = await loadOutbox();
  const item = await outbox.enqueue(
    userId,
    {
      kind: 'upload',
      appointmentId: appointment.id,
      appointmentName: appointment.name,
      fileName: file.name,
      size: file.size,
      contentType: file.type,
      ...(purpose ? { purpose } : {}),
    },
    blob,
  );
  void requestPersistentStorage();
  afterEnqueue(userId);
  return item;
}

export async function dismissOutboxItem(id: string): Promise<void> {
  await (await loadOutbox()).dismiss(id);
}

/** Sends what is due now. Safe to call any time: calls while sending join the running flush. */
export async function flushOutbox(): Promise<FlushReport | null> {
  const userId = currentUserId;
  if (!userId) return null;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return null;
  const outbox = await loadOutbox();
  setBusy(true);
  try {
    const report = await outbox.flush(userId);
    scheduleRetry(report.nextAttemptAt);
    for (const listener of flushListeners) listener(report);
    return report;
  } finally {
    setBusy(outbox.busy);
  }
}

/**
 * Starts the flush triggers for the signed-in agent (idempotent). Called by the signed-in
 * layout with the user id; the rows of another user on the device are never sent.
 */
export function startOutbox(userId: string): void {
  currentUserId = userId;
  installTriggers();
  // A device with no offline copy at start (a first visit, a new phone) has an empty outbox too
  // (it is a table of that database): nothing to prune or send, and the outbox's code and
  // Dexie's are not loaded for it in the first seconds. A row enqueued later sends itself.
  const hadCopy = mayHaveOfflineCopy();
  // The start-up flush waits for the first screen (lib/first-screen.ts); the other triggers do not.
  void afterFirstScreen().then(async () => {
    if (!(await hadCopy)) return;
    if (!pruned) {
      pruned = true;
      void loadOutbox().then((outbox) => outbox.prune());
    }
    void flushOutbox();
  });
}

/** On every app start: what an earlier sign-out left to send goes as soon as it can. */
export function startSignOutFlushes(): void {
  installTriggers();
  void flushSignOuts();
}

function installTriggers(): void {
  if (started) return;
  started = true;
  const flushAll = () => {
    void flushSignOuts();
    void flushOutbox();
  };
  window.addEventListener('online', flushAll);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') flushAll();
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'FLUSH_OUTBOX') flushAll();
  });
}

export function stopOutbox(): void {
  currentUserId = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

let signOutTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Signs this device out for `userId`: queues the removal of its push subscription (the
 * endpoint it had) and the end of the server session, then sends them. Resolves once the
 * server answered, or once they are safely queued when it cannot be reached.
 */
export async function signOutDevice(userId: string, endpoint: string | null): Promise<SignOutFlushReport> {
  const [{ db }, { enqueueSignOut }, outbox] = await Promise.all([import('../db'), import('./signed-out'), loadOutbox()]);
  await enqueueSignOut(db, outbox, userId, endpoint);
  void registerBackgroundSync();
  installTriggers();
  return (await flushSignOuts()) ?? { waiting: 0, nextAttemptAt: null };
}

/** Sends what sign-outs left to send (no-op when nothing waits or the browser is offline). */
export async function flushSignOuts(): Promise<SignOutFlushReport | null> {
  if (!isSignOutPending()) return { waiting: 0, nextAttemptAt: null };
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return null;
  try {
    const [{ db }, signedOut, outbox] = await Promise.all([import('../db'), import('./signed-out'), loadOutbox()]);
    const report = await signedOut.flushSignOuts(db, outbox);
    if (signOutTimer) clearTimeout(signOutTimer);
    signOutTimer =
      report.nextAttemptAt === null ? null : setTimeout(() => void flushSignOuts(), Math.max(250, report.nextAttemptAt - Date.now()));
    return report;
  } catch (error) {
    console.warn('Sign-out could not be sent yet', error);
    return null;
  }
}

/**
 * Signs in with `signIn` while no outbox flush can send (the flushers hold the same Web Lock):
 * a sign-out still waiting must never go out with the new session's cookie. Once signed in,
 * what earlier sign-outs left is dropped (signed-out.ts). `signIn` answers whether it succeeded.
 */
export async function signInReplacingSignOuts(signIn: () => Promise<boolean>): Promise<void> {
  // A previous agent's session ends first, when the network allows.
  await flushSignOuts();
  if (!isSignOutPending()) {
    await signIn();
    return;
  }
  const work = async () => {
    if (!(await signIn())) return;
    try {
      const [{ db }, signedOut] = await Promise.all([import('../db'), import('./signed-out')]);
      await signedOut.dropSignOuts(db);
    } catch {
      // Storage refused: nothing stored to drop.
    }
  };
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null;
  if (!locks) return work();
  const { LOCK_NAME } = await import('./outbox');
  await locks.request(LOCK_NAME, work);
}

/** Erases every row (explicit sign-out the agent confirmed). */
export async function clearOutbox(): Promise<void> {
  const { db } = await import('../db');
  await db.transaction('rw', db.outbox, db.outboxBlobs, async () => {
    await db.outbox.clear();
    await db.outboxBlobs.clear();
  });
}

export function onFlushed(listener: Listener): () => void {
  flushListeners.add(listener);
  return () => flushListeners.delete(listener);
}

/** True while this tab sends: the update prompt waits for it. */
export function isOutboxBusy(): boolean {
  return busy;
}

export function subscribeToOutboxBusy(listener: () => void): () => void {
  busyListeners.add(listener);
  return () => busyListeners.delete(listener);
}

function setBusy(value: boolean): void {
  if (busy === value) return;
  busy = value;
  for (const listener of busyListeners) listener();
}

function afterEnqueue(userId: string): void {
  currentUserId ??= userId;
  void registerBackgroundSync();
  void flushOutbox();
}

function scheduleRetry(at: number | null): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  if (at === null) return;
  retryTimer = setTimeout(() => void flushOutbox(), Math.max(250, at - Date.now()));
}

interface SyncCapableRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

export const BACKGROUND_SYNC_TAG = 'signingdesk-outbox';

/** Chromium wakes the service worker when the signal is back, even with the app closed. */
async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as SyncCapableRegistration | undefined;
    await registration?.sync?.register(BACKGROUND_SYNC_TAG);
  } catch {
    // No Background Sync (Safari, Firefox): the online event and the timer cover it.
  }
}

let persistAsked = false;

/** Asks once that the browser keep our IndexedDB under storage pressure (scan-backs wait in it). */
export async function requestPersistentStorage(): Promise<boolean> {
  if (persistAsked || !navigator.storage?.persist) return false;
  persistAsked = true;
  try {
    return (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    return false;
  }
}
