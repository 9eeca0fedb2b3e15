/**
 * Texts coalesced per order and recipient (domain/notification-rules.ts, decision 045). Owns
 * the digest jobs: notification_jobs rows of type `text.digest`, one per order and recipient
 * while texts are held, whose payload says when the window ends (`dueAt`) and which jobs'
 * texts it stands for (`held`).
 *
 * Stage one (notification-jobs.ts finishPhase) opens the windows of its batch inside its
 * transaction. A routine text goes out when no text about the order reached the recipient in
 * the window; otherwise it is held: its job's sms delivery says so and the pending digest of
 * the order lists it (a new digest is written, due when the window of the last text ends).
 * The relay (worker.ts) hands a digest to pg-boss to start at `dueAt`, so the timer is a row in
 * PostgreSQL that survives a restart, and pg-boss gives it to one worker. Worked, the digest
 * queues one text counting what was held, and the held jobs' sms deliveries say which text
 * carried them.
 *
 * Every transaction that reads or changes a window first takes a transaction lock per order
 * and recipient (sorted, before any row lock), so two workers never both send "the first
 * text", and a text held while the digest is being sent lands in that digest or the next.
 */
import { randomUUID } from 'node:crypto';
import { rowsOf, schema, type Tx } from '@signingdesk/db';
import { TEXT_WINDOW_SECONDS, TEXTS_NEVER_HELD, textMayBeHeld } from '@signingdesk/domain/notification-rules';
import { and, eq, gt, inArray, max, notInArray, sql } from 'drizzle-orm';
import { readNotification, type NotificationType, type StoredNotification } from './notify';
import { digestText, type AppointmentFacts } from './texts';

const { notificationJobs, notificationDeliveries, outboundMessages } = schema;

export const TEXT_DIGEST_TYPE = 'text.digest';

// Every kind the rule names is a notification this version writes.
TEXTS_NEVER_HELD satisfies readonly NotificationType[];

/** A digest job's payload. */
export interface DigestPayload {
  /** When its window ends: the relay starts the pg-boss job then. */
  dueAt: string;
  /** The notification jobs whose texts it stands for, oldest first. */
  held: string[];
}

export function isTextDigest(type: string): boolean {
  return type === TEXT_DIGEST_TYPE;
}

function readDigestPayload(payload: Record<string, unknown>): DigestPayload {
  const dueAt = typeof payload.dueAt === 'string' ? payload.dueAt : new Date(0).toISOString();
  const held = Array.isArray(payload.held) ? payload.held.filter((id): id is string => typeof id === 'string') : [];
  return { dueAt, held };
}

/** The job facts a window needs. */
export interface WindowJob {
  id: string;
  type: string;
  appointmentId: string | null;
  recipientId: string;
  notification: StoredNotification | null;
}

interface Digest {
  id: string;
  appointmentId: string;
  recipientId: string;
  payload: DigestPayload;
  /** Written by this transaction (insert) or changed by it (update). */
  write: 'insert' | 'update' | null;
}

interface Window {
  /** When the last text that counts reached the recipient, if within the window. */
  lastText: number | null;
  /** The digest collecting held texts, if any. */
  digest: Digest | null;
}

interface SmsDelivery {
  state: 'sent' | 'failed' | 'skipped';
  detail: string;
}

const keyOf = (appointmentId: string, recipientId: string) => `${appointmentId}:${recipientId}`;

/** When a held text goes out, in words an operator reads in the Outbox. */
const dueWords = (dueAt: string) => `${dueAt.slice(0, 16).replace('T', ' ')} UTC`;

export class TextWindows {
  private readonly sent: { digest: Digest; delivery: SmsDelivery | null }[] = [];

  private constructor(
    private readonly now: number,
    private readonly windows: Map<string, Window>,
    /** The pending digests of these windows, by id, with the ones this batch writes. */
    private readonly pending: Map<string, Digest>,
    /** What each held job said, for the digests worked in this batch. */
    private readonly heldNotifications: Map<string, StoredNotification | null>,
  ) {}

  /**
   * Locks and reads the windows of the batch's jobs that may be held or are digests. Call it
   * first in the transaction, before any row lock (see the header).
   */
  static async open(tx: Tx, jobs: readonly WindowJob[]): Promise<TextWindows> {
    const relevant = jobs.filter((j) => j.appointmentId && (isTextDigest(j.type) || textMayBeHeld(j.type, j.appointmentId)));
    const keys = [...new Set(relevant.map((j) => keyOf(j.appointmentId!, j.recipientId)))].sort();
    const windows = new Map<string, Window>(keys.map((k) => [k, { lastText: null, digest: null }]));
    if (keys.length === 0) return new TextWindows(0, windows, new Map(), new Map());

    await lockWindows(tx, keys);
    // The transaction's clock, the one the texts it queues are stamped with (created_at).
    const [clock] = rowsOf<{ ms: number | string }>(await tx.execute(sql`select (extract(epoch from now()) * 1000)::float8 as ms`));
    const now = Number(clock!.ms);

    const appointmentIds = [...new Set(relevant.map((j) => j.appointmentId!))];
    const recipientIds = [...new Set(relevant.map((j) => j.recipientId))];
    const lastTexts = await tx
      .select({
        appointmentId: notificationJobs.appointmentId,
        recipientId: notificationJobs.recipientId,
        last: max(outboundMessages.createdAt),
      })
      .from(outboundMessages)
      .innerJoin(notificationJobs, eq(notificationJobs.id, outboundMessages.jobId))
      .where(
        and(
          eq(outboundMessages.channel, 'sms'),
          gt(outboundMessages.createdAt, sql`now() - make_interval(secs => ${TEXT_WINDOW_SECONDS})`),
          inArray(notificationJobs.appointmentId, appointmentIds),
          inArray(notificationJobs.recipientId, recipientIds),
          notInArray(notificationJobs.type, [...TEXTS_NEVER_HELD]),
        ),
      )
      .groupBy(notificationJobs.appointmentId, notificationJobs.recipientId);
    for (const row of lastTexts) {
      const window = row.appointmentId ? windows.get(keyOf(row.appointmentId, row.recipientId)) : undefined;
      if (window && row.last) window.lastText = new Date(row.last).getTime();
    }

    const digests = await tx
      .select({
        id: notificationJobs.id,
        appointmentId: notificationJobs.appointmentId,
        recipientId: notificationJobs.recipientId,
        payload: notificationJobs.payload,
      })
      .from(notificationJobs)
      .where(
        and(
          eq(notificationJobs.type, TEXT_DIGEST_TYPE),
          eq(notificationJobs.state, 'pending'),
          inArray(notificationJobs.appointmentId, appointmentIds),
          inArray(notificationJobs.recipientId, recipientIds),
        ),
      )
      .orderBy(notificationJobs.createdAt);
    const byId = new Map<string, Digest>();
    for (const row of digests) {
      const window = row.appointmentId ? windows.get(keyOf(row.appointmentId, row.recipientId)) : undefined;
      if (!window) continue;
      const digest: Digest = {
        id: row.id,
        appointmentId: row.appointmentId!,
        recipientId: row.recipientId,
        payload: readDigestPayload(row.payload),
        write: null,
      };
      byId.set(digest.id, digest);
      // The oldest pending digest collects; another (none is written so) is still sent when due.
      window.digest ??= digest;
    }

    // What the held jobs of the digests worked in this batch said, read under the locks.
    const worked = jobs.filter((j) => isTextDigest(j.type)).flatMap((j) => byId.get(j.id)?.payload.held ?? []);
    const heldRows = worked.length
      ? await tx
          .select({ id: notificationJobs.id, type: notificationJobs.type, payload: notificationJobs.payload })
          .from(notificationJobs)
          .where(inArray(notificationJobs.id, worked))
      : [];
    const heldNotifications = new Map(heldRows.map((r) => [r.id, readNotification(r.type, r.payload)]));
    return new TextWindows(now, windows, byId, heldNotifications);
  }

  /**
   * A routine text about to be queued for `job`: null when it goes out now (and opens the
   * window), else the words of its sms delivery saying which digest holds it.
   */
  admit(job: WindowJob): string | null {
    if (!job.appointmentId || !textMayBeHeld(job.type, job.appointmentId)) return null;
    const window = this.windows.get(keyOf(job.appointmentId, job.recipientId));
    if (!window) return null;
    if (!window.digest && (window.lastText === null || window.lastText <= this.now - TEXT_WINDOW_SECONDS * 1000)) {
      window.lastText = this.now;
      return null;
    }
    if (!window.digest) {
      const dueAt = new Date((window.lastText ?? this.now) + TEXT_WINDOW_SECONDS * 1000).toISOString();
      window.digest = {
        id: randomUUID(),
        appointmentId: job.appointmentId,
        recipientId: job.recipientId,
        payload: { dueAt, held: [] },
        write: 'insert',
      };
      this.pending.set(window.digest.id, window.digest);
    }
    const digest = window.digest;
    digest.payload.held.push(job.id);
    digest.write ??= 'update';
    this.heldNotifications.set(job.id, job.notification);
    return `held for the digest text due ${dueWords(digest.payload.dueAt)} (notification ${digest.id})`;
  }

  /**
   * The text of a digest job worked now, or null when it holds nothing. Its text opens the
   * next window; texts held after it go to a new digest.
   */
  digestBody(job: WindowJob, appointment: AppointmentFacts | null, origin: string): string | null {
    const digest = this.pending.get(job.id);
    if (!digest) return null;
    const window = this.windows.get(keyOf(digest.appointmentId, digest.recipientId));
    if (window?.digest === digest) window.digest = null;
    this.sent.push({ digest, delivery: null });
    if (digest.payload.held.length === 0) return null;
    if (window) window.lastText = this.now;
    return digestText(
      appointment,
      digest.payload.held.map((id) => this.heldNotifications.get(id) ?? null),
      origin,
    );
  }

  /** What the digest job's own sms delivery became, carried over to the texts it holds. */
  digested(jobId: string, delivery: SmsDelivery | undefined): void {
    const entry = this.sent.find((s) => s.digest.id === jobId);
    if (entry && delivery) entry.delivery = delivery;
  }

  /** Writes new and grown digests, and the held texts of the digests worked now. */
  async write(tx: Tx): Promise<void> {
    const digests = [...this.pending.values()];
    const inserts = digests.filter((d) => d.write === 'insert');
    if (inserts.length > 0) {
      await tx.insert(notificationJobs).values(
        inserts.map((d) => ({
          id: d.id,
          type: TEXT_DIGEST_TYPE,
          recipientId: d.recipientId,
          appointmentId: d.appointmentId,
          payload: { ...d.payload },
        })),
      );
    }
    for (const d of digests) {
      if (d.write === 'update')
        await tx
          .update(notificationJobs)
          .set({ payload: { ...d.payload } })
          .where(eq(notificationJobs.id, d.id));
    }
    for (const { digest, delivery } of this.sent) {
      if (!delivery || digest.payload.held.length === 0) continue;
      await tx
        .update(notificationDeliveries)
        .set({ state: delivery.state, detail: `in the digest text (notification ${digest.id}): ${delivery.detail}` })
        .where(and(eq(notificationDeliveries.channel, 'sms'), inArray(notificationDeliveries.jobId, digest.payload.held)));
    }
  }
}

/** One transaction lock per order and recipient, taken in one order by every transaction. */
async function lockWindows(tx: Tx, keys: readonly string[]): Promise<void> {
  const values = sql.join(
    keys.map((k) => sql`(${k})`),
    sql`, `,
  );
  await tx.execute(
    sql`select pg_advisory_xact_lock(h) from (select hashtextextended(k, 45) as h from (values ${values}) as v(k) order by 1) as locks`,
  );
}
