/**
 * The outbox: every action of the agent is written here first (IndexedDB, through Dexie), then
 * sent by a flusher with the row's id as `Idempotency-Key`, so each action reaches the server
 * exactly once however often it is sent.
 *
 * Owns the rows of `outbox` and `outboxBlobs` (lib/db.ts) and these rules:
 * - A row is taken for sending inside a read-write transaction that sets a lease, so two tabs
 *   (or the page and the service worker) never send the same row at the same time. A crashed
 *   sender's lease runs out and the row is sent again — with the same key, so the server
 *   answers with what it stored instead of acting twice.
 * - One flusher at a time per origin where the browser has Web Locks; the leases cover the rest.
 * - Rows of one appointment go in the order the agent made them: a row waits while an earlier
 *   row of the same appointment waits.
 * - A refusal (offer already taken, invalid input) ends the row's retries and keeps it, with the
 *   server's message, until the agent dismisses it. Network errors, timeouts, 5xx and 429 retry
 *   with backoff. A 401 stops the flush and keeps everything until the agent signs in again.
 * - Nothing is deleted before the server confirmed it: a scan-back's bytes go once the upload
 *   is confirmed; sent rows stay a week to show what was synced, then are pruned.
 *
 * No browser globals here (the transport, the lock manager and the clock are passed in), so the
 * unit tests run it against fake-indexeddb in Node.
 */
import type { AgentDb } from '../db';
import type { OutboxAction, OutboxBlob, OutboxItem, OutboxKind, SendOutcome, SignOutAction, UploadProgress } from './types';

export interface SendContext {
  /** The scan-back's bytes, for upload rows. */
  blob: OutboxBlob | undefined;
  /** Saves an upload's progress (and renews the lease, so a long upload keeps its row). */
  saveUpload(upload: UploadProgress | null): Promise<void>;
}

export interface OutboxTransport {
  send(item: OutboxItem, context: SendContext): Promise<SendOutcome>;
}

/** The part of `navigator.locks` the flusher uses. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface FlushReport {
  sent: OutboxItem[];
  refused: OutboxItem[];
  /** Rows left waiting for a retry. */
  waiting: number;
  /** The server said the session is gone: sign in, then flush again. */
  unauthorized: boolean;
  /** When the next retry is due (epoch ms), if any row waits for one. */
  nextAttemptAt: number | null;
}

export interface OutboxOptions {
  db: AgentDb;
  transport: OutboxTransport;
  locks?: LockManagerLike | null | undefined;
  now?: () => number;
  random?: () => number;
  newId?: () => string;
  /** How long a sender may hold a row without a sign of life. */
  leaseMs?: number;
  /** The kinds this flusher sends (the service worker cannot upload: it leaves those to the page). */
  kinds?: readonly OutboxKind[];
}

export const LOCK_NAME = 'signingdesk-outbox';
const DEFAULT_LEASE_MS = 60_000;
const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 5 * 60_000;
const SENT_KEPT_MS = 7 * 24 * 60 * 60_000;

export type NewOutboxAction = OutboxAction;

export class Outbox {
  private readonly db: AgentDb;
  private readonly transport: OutboxTransport;
  private readonly locks: LockManagerLike | null;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly newId: () => string;
  private readonly leaseMs: number;
  private readonly kinds: ReadonlySet<OutboxKind> | null;
  private running: Promise<FlushReport> | null = null;
  private runningFor: string | null = null;
  private again = false;

  constructor(options: OutboxOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.locks = options.locks ?? null;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.kinds = options.kinds ? new Set(options.kinds) : null;
  }

  /** Writes the action (and a scan-back's bytes) in one transaction; nothing is sent yet. */
  async enqueue(userId: string, action: OutboxAction | SignOutAction, blob?: Omit<OutboxBlob, 'id'>): Promise<OutboxItem> {
    const id = this.newId();
    const item: OutboxItem = {
      id,
      userId,
      appointmentId: 'appointmentId' in action ? action.appointmentId : '',
      action,
      state: 'queued',
      createdAt: this.now(),
      attempts: 0,
      nextAttemptAt: 0,
      leaseUntil: 0,
      lastError: null,
      result: null,
      refusal: null,
      upload: null,
      sentAt: null,
    };
    if (action.kind === 'upload' && !blob) throw new TypeError('An upload needs its bytes');
    await this.db.transaction('rw', this.db.outbox, this.db.outboxBlobs, async () => {
      // Rows go in createdAt order: one made in the same millisecond as the last one (or after
      // the clock was set back) must still come after it.
      const last = await this.db.outbox.orderBy('createdAt').last();
      if (last && last.createdAt >= item.createdAt) item.createdAt = last.createdAt + 1;
      await this.db.outbox.add(item);
      if (blob) await this.db.outboxBlobs.add({ ...blob, id });
    });
    return item;
  }

  /**
   * Sends every due row of the user. Calls made while a flush runs in this tab join it and
   * make it look once more at the end, so an action enqueued meanwhile is not left behind.
   */
  flush(userId: string): Promise<FlushReport> {
    if (this.running && this.runningFor !== userId) {
      // Another user's rows are being sent (a sign-out and sign-in on the device): go after it.
      return this.running.then(() => this.flush(userId));
    }
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.runningFor = userId;
    const run = async (): Promise<FlushReport> => {
      const total: FlushReport = { sent: [], refused: [], waiting: 0, unauthorized: false, nextAttemptAt: null };
      do {
        this.again = false;
        const report = await this.withLock(() => this.flushOnce(userId));
        total.sent.push(...report.sent);
        total.refused.push(...report.refused);
        total.waiting = report.waiting;
        total.unauthorized = report.unauthorized;
        total.nextAttemptAt = report.nextAttemptAt;
        if (report.unauthorized) break;
      } while (this.again);
      return total;
    };
    this.running = run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** True while this tab is sending. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Removes a refused (or sent) row the agent has seen. Rows still to be sent stay. */
  async dismiss(id: string): Promise<void> {
    await this.db.transaction('rw', this.db.outbox, this.db.outboxBlobs, async () => {
      const item = await this.db.outbox.get(id);
      if (!item || item.state === 'queued' || item.state === 'sending') return;
      await this.db.outbox.delete(id);
      await this.db.outboxBlobs.delete(id);
    });
  }

  /** Drops sent rows older than a week. */
  async prune(): Promise<void> {
    const cutoff = this.now() - SENT_KEPT_MS;
    await this.db.outbox
      .where('state')
      .equals('sent')
      .filter((item) => (item.sentAt ?? 0) < cutoff)
      .delete();
  }

  private async withLock<T>(work: () => Promise<T>): Promise<T> {
    return this.locks ? this.locks.request(LOCK_NAME, work) : work();
  }

  private async flushOnce(userId: string): Promise<FlushReport> {
    const report: FlushReport = { sent: [], refused: [], waiting: 0, unauthorized: false, nextAttemptAt: null };
    // Every sender holds the Web Lock while it sends: whoever holds it now is the only one alive,
    // so a row still marked 'sending' was left by a tab that died (reloaded, killed) — it goes
    // now instead of when its lease runs out. Without Web Locks, the lease decides.
    const alone = this.locks !== null;
    for (;;) {
      const item = await this.takeNext(userId, alone);
      if (!item) break;
      const outcome = await this.sendOne(item);
      const done = await this.record(item, outcome);
      if (done?.state === 'sent') report.sent.push(done);
      if (done?.state === 'refused') report.refused.push(done);
      if (outcome.type === 'unauthorized') {
        report.unauthorized = true;
        break;
      }
      // A network failure would fail the next row too: stop here and let the timer come back.
      if (outcome.type === 'retry') break;
    }
    const rows = await this.db.outbox.where('userId').equals(userId).sortBy('createdAt');
    const seen = new Set<string>();
    const times: number[] = [];
    for (const row of rows) {
      if (row.state === 'sent' || row.state === 'refused') continue;
      if (this.handles(row)) report.waiting += 1;
      const key = row.appointmentId || '__profile__';
      if (seen.has(key)) continue;
      seen.add(key);
      // Only the first waiting row of an appointment can move next (the rows behind it go when it
      // has gone); one of a kind this flusher does not send is another flusher's to move.
      if (this.handles(row)) times.push(row.state === 'queued' ? row.nextAttemptAt : row.leaseUntil);
    }
    // Signed out: nothing is due before the agent signs in again (a timer would only meet 401s).
    report.nextAttemptAt = !report.unauthorized && times.length > 0 ? Math.max(this.now(), Math.min(...times)) : null;
    return report;
  }

  private handles(item: OutboxItem): boolean {
    return this.kinds === null || this.kinds.has(item.action.kind);
  }

  /** Takes the next due row under a lease, in one read-write transaction. */
  private async takeNext(userId: string, alone: boolean): Promise<OutboxItem | null> {
    return this.db.transaction('rw', this.db.outbox, async () => {
      const now = this.now();
      const rows = await this.db.outbox.where('userId').equals(userId).sortBy('createdAt');
      const blocked = new Set<string>();
      for (const row of rows) {
        if (row.state === 'sent' || row.state === 'refused') continue;
        const key = row.appointmentId || '__profile__';
        const leaseLive = row.state === 'sending' && !alone && row.leaseUntil > now;
        const due = row.state === 'queued' ? row.nextAttemptAt <= now : !leaseLive;
        if (blocked.has(key) || !due || !this.handles(row)) {
          blocked.add(key);
          continue;
        }
        const taken: OutboxItem = { ...row, state: 'sending', leaseUntil: now + this.leaseMs, attempts: row.attempts + 1 };
        await this.db.outbox.put(taken);
        return taken;
      }
      return null;
    });
  }

  private async sendOne(item: OutboxItem): Promise<SendOutcome> {
    const blob = item.action.kind === 'upload' ? await this.db.outboxBlobs.get(item.id) : undefined;
    const context: SendContext = {
      blob,
      saveUpload: async (upload) => {
        await this.db.outbox.update(item.id, { upload, leaseUntil: this.now() + this.leaseMs });
        item.upload = upload;
      },
    };
    try {
      return await this.transport.send(item, context);
    } catch (error) {
      return { type: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Stores the outcome; answers the row as it now is (undefined if it vanished meanwhile). */
  private async record(taken: OutboxItem, outcome: SendOutcome): Promise<OutboxItem | undefined> {
    const { id } = taken;
    return this.db.transaction('rw', this.db.outbox, this.db.outboxBlobs, async () => {
      const row = await this.db.outbox.get(id);
      if (!row) return undefined;
      // A sender whose lease ran out (a frozen tab waking up) must not undo the server's answer
      // another sender recorded, nor put back in the queue a row another sender now holds.
      if (row.state === 'sent' || row.state === 'refused') return row;
      const stillOurs = row.state === 'sending' && row.attempts === taken.attempts;
      if (!stillOurs && (outcome.type === 'retry' || outcome.type === 'unauthorized')) return row;
      const now = this.now();
      let next: OutboxItem;
      switch (outcome.type) {
        case 'sent':
          next = {
            ...row,
            state: 'sent',
            sentAt: now,
            leaseUntil: 0,
            lastError: null,
            result: { message: outcome.message, body: outcome.body },
          };
          await this.db.outboxBlobs.delete(id);
          break;
        case 'refused':
          next = { ...row, state: 'refused', leaseUntil: 0, lastError: null, refusal: outcome.refusal };
          await this.db.outboxBlobs.delete(id);
          break;
        case 'retry':
          next = {
            ...row,
            state: 'queued',
            leaseUntil: 0,
            lastError: outcome.error,
            nextAttemptAt: now + (outcome.retryAfterMs ?? this.backoff(row.attempts)),
          };
          break;
        case 'unauthorized':
          // Not the row's fault: the attempt does not count, and it goes as soon as the agent is back.
          next = {
            ...row,
            state: 'queued',
            leaseUntil: 0,
            attempts: Math.max(0, row.attempts - 1),
            nextAttemptAt: 0,
            lastError: 'Signed out',
          };
          break;
      }
      await this.db.outbox.put(next);
      return next;
    });
  }

  /** 2 s, 4 s, 8 s … up to 5 minutes, ±20 % so that many phones do not come back in step. */
  private backoff(attempts: number): number {
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
    return Math.round(base * (0.8 + 0.4 * this.random()));
  }
}
