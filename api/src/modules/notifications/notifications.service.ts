/**
 * Push subscriptions of the signed-in user (one per device, re-sent by the app on every
 * start), and the operators' reads of what the delivery worker did: the outbox of emails and
 * text messages, and the notification jobs with their deliveries. Owns writes to
 * push_subscriptions from the API side.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, count, desc, eq, inArray, not, notInArray, sql, type SQL } from 'drizzle-orm';
import { isFeedbackReply } from '../feedback/feedback.service';
import { pageOffset } from '@signingdesk/domain/pagination';
import { getVapidKeys } from '../../delivery/push';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { isPushServiceHost, type SavePushSubscriptionInput } from './notifications.schemas';

const { pushSubscriptions, outboundMessages, notificationJobs, notificationDeliveries, user } = schema;

/** Devices kept per user: the most recently seen; older ones are dropped. */
export const MAX_DEVICES_PER_USER = 10;

export async function vapidPublicKey(db: Db) {
  return { publicKey: (await getVapidKeys(db)).publicKey };
}

function subscriptionView(row: { id: string; endpoint: string; userAgent: string | null; createdAt: Date; lastSeenAt: Date }) {
  return {
    id: row.id,
    endpoint: row.endpoint,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  };
}

/**
 * Saves the caller's subscription for this device. The endpoint identifies the device: a
 * device another user signed in on before now belongs to the caller.
 */
export async function savePushSubscription(
  db: Db,
  actor: Actor,
  input: SavePushSubscriptionInput,
  options: { userAgentHeader?: string | undefined; anyPushHost: boolean },
) {
  if (!options.anyPushHost && !isPushServiceHost(new URL(input.endpoint).hostname)) {
    throw new AppError('VALIDATION_FAILED', 'endpoint: must be the endpoint of a browser push service', [
      { field: 'endpoint', message: 'must be the endpoint of a browser push service' },
    ]);
  }
  const userAgent = input.userAgent ?? options.userAgentHeader?.slice(0, 512) ?? null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId: actor.userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: actor.userId, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent, lastSeenAt: sql`now()` },
      })
      .returning({
        id: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        userAgent: pushSubscriptions.userAgent,
        createdAt: pushSubscriptions.createdAt,
        lastSeenAt: pushSubscriptions.lastSeenAt,
        created: sql<boolean>`(xmax = 0)`,
      });
    const keep = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, actor.userId))
      .orderBy(desc(pushSubscriptions.lastSeenAt), desc(pushSubscriptions.createdAt))
      .limit(MAX_DEVICES_PER_USER);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, actor.userId), notInArray(pushSubscriptions.id, keep)));
    const created = Boolean(row!.created);
    return {
      created,
      body: {
        message: created ? 'Notifications are on for this device.' : 'This device’s notifications are up to date.',
        subscription: subscriptionView(row!),
      },
    };
  });
}

/**
 * The caller's own devices, most recently seen first (at most MAX_DEVICES_PER_USER are kept):
 * lets the app, and a person checking a shared phone, see which devices still get pushes.
 */
export async function listPushSubscriptions(db: Db, actor: Actor) {
  const rows = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      userAgent: pushSubscriptions.userAgent,
      createdAt: pushSubscriptions.createdAt,
      lastSeenAt: pushSubscriptions.lastSeenAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, actor.userId))
    .orderBy(desc(pushSubscriptions.lastSeenAt), desc(pushSubscriptions.createdAt))
    .limit(MAX_DEVICES_PER_USER);
  return { items: rows.map(subscriptionView) };
}

/** Removes the caller's own subscription (sign-out, notifications turned off); another user's is a 404. */
export async function removePushSubscription(db: Db, actor: Actor, endpoint: string) {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, actor.userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound('This push subscription');
  return { message: 'Notifications are off for this device.' };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Set-password links (invitations) carry a token that signs the holder in. The outbox shows
 * them to admins only — who may have to pass one on when no SMTP server is configured — and
 * the job log to nobody.
 */
const SECRET_PARAMETER = /([?&](?:token|code)=)[^\s&#]+/gi;
export const redactSecrets = (text: string) => text.replace(SECRET_PARAMETER, '$1[hidden]');

function redactDeep(value: unknown): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (Array.isArray(value)) return value.map(redactDeep);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v)]));
  return value;
}

export async function listOutbox(
  db: Db,
  actor: Actor,
  query: {
    channel?: 'email' | 'sms' | undefined;
    state?: 'held' | 'queued' | 'sent' | 'failed' | undefined;
    page: number;
    pageSize: number;
  },
) {
  const reveal = actor.role === 'admin';
  const where = and(
    query.channel ? eq(outboundMessages.channel, query.channel) : undefined,
    query.state ? eq(outboundMessages.state, query.state) : undefined,
    // Feedback is the admins' (spec 02 §1): a sub admin does not read its replies here either.
    reveal ? undefined : not(isFeedbackReply()),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ message: outboundMessages, recipientName: user.name })
      .from(outboundMessages)
      .leftJoin(user, eq(user.id, outboundMessages.recipientId))
      .where(where)
      .orderBy(desc(outboundMessages.createdAt), desc(outboundMessages.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(outboundMessages).where(where),
  ]);
  return {
    items: rows.map(({ message: m, recipientName }) => ({
      id: m.id,
      channel: m.channel,
      toAddress: m.toAddress,
      recipient: m.recipientId && recipientName ? { id: m.recipientId, name: recipientName } : null,
      subject: m.subject,
      body: reveal ? m.body : redactSecrets(m.body),
      attachments: m.attachments,
      state: m.state,
      error: m.error,
      jobId: m.jobId,
      sendAfter: iso(m.sendAfter),
      createdAt: m.createdAt.toISOString(),
      sentAt: iso(m.sentAt),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}

export async function listNotificationJobs(
  db: Db,
  query: {
    state?: 'pending' | 'sent' | 'failed' | undefined;
    type?: string | undefined;
    appointmentId?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  const conditions: (SQL | undefined)[] = [
    query.state ? eq(notificationJobs.state, query.state) : undefined,
    query.type ? eq(notificationJobs.type, query.type) : undefined,
    query.appointmentId ? eq(notificationJobs.appointmentId, query.appointmentId) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ job: notificationJobs, name: user.name, email: user.email, role: user.role })
      .from(notificationJobs)
      .innerJoin(user, eq(user.id, notificationJobs.recipientId))
      .where(where)
      .orderBy(desc(notificationJobs.createdAt), desc(notificationJobs.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(notificationJobs).where(where),
  ]);
  const ids = rows.map((r) => r.job.id);
  const [deliveries, messages] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(notificationDeliveries)
          .where(inArray(notificationDeliveries.jobId, ids))
          .orderBy(notificationDeliveries.createdAt),
        db
          .select({
            id: outboundMessages.id,
            jobId: outboundMessages.jobId,
            channel: outboundMessages.channel,
            toAddress: outboundMessages.toAddress,
            state: outboundMessages.state,
            error: outboundMessages.error,
            sentAt: outboundMessages.sentAt,
          })
          .from(outboundMessages)
          .where(inArray(outboundMessages.jobId, ids)),
      ])
    : [[], []];
  return {
    items: rows.map(({ job, name, email, role }) => ({
      id: job.id,
      type: job.type,
      recipient: { id: job.recipientId, name, email, role },
      appointmentId: job.appointmentId,
      payload: redactDeep(job.payload) as Record<string, unknown>,
      state: job.state,
      attempts: job.attempts,
      lastError: job.lastError,
      createdAt: job.createdAt.toISOString(),
      deliveredAt: iso(job.deliveredAt),
      deliveries: deliveries
        .filter((d) => d.jobId === job.id)
        .map((d) => ({ channel: d.channel, state: d.state, detail: d.detail, createdAt: d.createdAt.toISOString() })),
      messages: messages
        .filter((m) => m.jobId === job.id)
        .map((m) => ({ id: m.id, channel: m.channel, toAddress: m.toAddress, state: m.state, error: m.error, sentAt: iso(m.sentAt) })),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}
