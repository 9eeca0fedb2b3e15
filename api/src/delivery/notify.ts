/**
 * The notification outbox. A change that someone must hear about calls `notify()` inside its
 * own transaction, so the job exists exactly when the change does. The delivery worker picks
 * pending jobs up; until a channel is configured they stay visible to operators. Each type's
 * payload has one schema here, which types the producers and reads the stored jobs back.
 */
import type { Db, Tx } from '@signingdesk/db';
import { REMINDER_KINDS } from '@signingdesk/domain/reminders';
import { schema } from '@signingdesk/db';
import { APPOINTMENT_STATUSES } from '@signingdesk/domain/codes';
import { LIVE_BID_STATUSES } from '@signingdesk/domain/offer-status';
import { TIME_ZONE_CODES } from '@signingdesk/domain/time-zones';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';

/** What every workflow notice carries about its order (workflow.service.ts `record`). */
const order = { name: z.string(), url: z.string() };
const appointmentStatus = z.enum(APPOINTMENT_STATUSES);
const setPasswordLink = { link: z.string(), expiresAt: z.string() };

/** An order update (appointments.service.ts), or one the files module marks with an `event`. */
const appointmentUpdated = z.union([
  z.object({ event: z.undefined().optional(), name: z.string(), changedFields: z.array(z.string()) }),
  z.object({
    event: z.literal('documents'),
    name: z.string(),
    fileName: z.string(),
    kind: z.enum(['document', 'scan_back', 'invoice']),
    /** The agent's coalesced notice (issue 33): how many documents, and whether they replace what the agent downloaded. */
    count: z.number().int().optional(),
    updated: z.boolean().optional(),
  }),
  z.object({ event: z.literal('documents_ready'), name: z.string() }),
  z.object({ event: z.literal('uploads_approved'), name: z.string() }),
  z.object({
    event: z.literal('invoice'),
    name: z.string(),
    invoiceNumber: z.number(),
    amountCents: z.number(),
    amount: z.string(),
    sentTo: z.string(),
    attachments: z.array(z.object({ fileId: z.string(), fileName: z.string() })),
  }),
]);

/**
 * The payload of each notification type, as its producer writes it and notification_jobs
 * stores it (jsonb). A producer whose payload differs from its type's fails the type-check;
 * delivery reads stored payloads back through the same schemas (`readNotification`).
 */
export const NOTIFICATION_PAYLOADS = {
  'appointment.created': z.object({ name: z.string(), firmId: z.string() }),
  'offer.new': z.object({
    ...order,
    city: z.string(),
    state: z.string(),
    date: z.string(),
    /** HH:MM, or TBD. */
    time: z.string(),
    timeZone: z.enum(TIME_ZONE_CODES as [string, ...string[]]),
    fee: z.string(),
    /** A dispatch wave's offer (decision 067): the minutes it is reserved for the agent alone. */
    reservedMinutes: z.number().optional(),
  }),
  /** To the agents of dispatch's unanswered offers once another agent is assigned (decision 067). */
  'offer.filled': z.object(order),
  /** To the operators when dispatch hands an order over, with the attention list's reason (decision 067). */
  'dispatch.needs_operator': z.object({ ...order, reason: z.string() }),
  /** To the operators and the escrow officer when the assigned agent drops out and dispatch looks again (decision 067). */
  'dispatch.restarted': z.object({ ...order, agent: z.string() }),
  'bid.accepted': z.object({ ...order, fee: z.string() }),
  'bid.declined': z.object(order),
  /** To the agent now assigned: their fee; to the escrow officer: who was assigned. */
  'assignment.changed': z.object({
    ...order,
    fee: z.string().optional(),
    assigned: z.literal(true).optional(),
    agentId: z.string().optional(),
  }),
  'assignment.displaced': z.object({ ...order, notes: z.string().nullable() }),
  'appointment.updated': appointmentUpdated,
  'appointment.status_changed': z.object({ ...order, from: appointmentStatus, to: appointmentStatus }),
  'appointment.canceled': z.object({ ...order, from: appointmentStatus, to: appointmentStatus }),
  /** `by`: who marked it complete; an operator's completion names no agent to the escrow side. */
  'appointment.completed': z.object({ ...order, scanBackRequired: z.boolean(), by: z.enum(['agent', 'operator']) }),
  /** To the escrow officer and the operators: the signer did not sign (issue 33); `fee` is the trip fee paid and invoiced. */
  'appointment.not_signed': z.object({
    ...order,
    reason: z.string(),
    note: z.string().nullable(),
    reschedule: z.string().nullable(),
    fee: z.string(),
    by: z.enum(['agent', 'operator']),
  }),
  /**
   * The signer's confirmation (issue 33): to the escrow officer; when the signer asked for another
   * time or could not be reached, the operators too; the agent when someone else recorded it.
   */
  'appointment.signer_confirmation': z.object({
    ...order,
    line: z.string(),
    note: z.string().nullable(),
    result: z.enum(['confirmed', 'reschedule', 'unreached']),
  }),
  /** A signing-day reminder (issue 33, domain/reminders.ts); the agent's evening-before and hour-before carry the address and a maps link. */
  'appointment.reminder': z.object({
    ...order,
    kind: z.enum(REMINDER_KINDS),
    address: z.string().optional(),
    mapsUrl: z.string().optional(),
  }),
  /** To the escrow officer: the originals shipped, with the carrier's tracking page (issue 33). */
  'appointment.originals_shipped': z.object({ ...order, line: z.string(), trackingUrl: z.string().nullable() }),
  'appointment.bid_received': z.object({ ...order, agent: z.string(), bid: z.string(), kind: z.enum(LIVE_BID_STATUSES) }),
  /** The amount the agent is paid (their agreed fee), formatted. */
  'agent.paid': z.object({ ...order, amount: z.string() }),
  'note.created': z.object({
    noteId: z.string(),
    name: z.string(),
    authorName: z.string(),
    authorSide: z.enum(['escrow', 'agent', 'operator']),
  }),
  'registration.escrow': z.object({ registrationId: z.string(), email: z.string(), titleCompany: z.string() }),
  'user.invited': z.object({ event: z.literal('invited'), ...setPasswordLink }),
  'user.password_reset': z.object({ event: z.literal('password_reset'), ...setPasswordLink }),
  'user.registration_attempted': z.object({ event: z.literal('registration_attempted'), link: z.string() }),
  'user.addition_attempted': z.object({ event: z.literal('addition_attempted'), firmName: z.string(), link: z.string() }),
  'user.password_changed': z.object({ event: z.literal('password_changed'), link: z.string() }),
  /** To a new signing agent: their registration arrived and waits for review (agents.registration.ts). */
  'registration.received': z.object({ event: z.literal('registration_received'), link: z.string() }),
  /** To the admins, who review registrations: a new signing agent registered. */
  'registration.agent': z.object({ agentId: z.string(), name: z.string(), city: z.string(), state: z.string() }),
  'registration.approved': z.object({ event: z.literal('registration_approved') }),
  /**
   * To an agent: a credential expires in `daysBefore` days (30, 14, 3, or 0: today), sent once
   * each (modules/agent-compliance/credential-reminders.ts). `credential` names it as the agent
   * reads it ("Notary commission (TX)"), `expiresOn` is YYYY-MM-DD.
   */
  'credential.expiring': z.object({ credential: z.string(), expiresOn: z.string(), daysBefore: z.number().int() }),
  'registration.declined': z.object({ event: z.literal('registration_declined') }),
  /** To the agent: an operator rejected one of their credentials (credentials.service.ts); `credential` names it, "Notary commission (TX)". */
  'credential.rejected': z.object({ credentialId: z.string(), credential: z.string(), reason: z.string() }),
  /** A firm's webhook endpoint failed every delivery for 3 days and was turned off (issue 34): to its org admins. */
  'webhook.endpoint_disabled': z.object({ url: z.string(), since: z.string() }),
} satisfies Record<string, z.ZodObject | z.ZodUnion<readonly z.ZodObject[]>>;

export type NotificationType = keyof typeof NOTIFICATION_PAYLOADS;
export const NOTIFICATION_TYPES = Object.keys(NOTIFICATION_PAYLOADS) as NotificationType[];
export type NotificationPayloads = { [T in NotificationType]: z.input<(typeof NOTIFICATION_PAYLOADS)[T]> };

/** One notification; `type` decides what `payload` must hold. */
export type Notification<T extends NotificationType = NotificationType> = {
  [K in T]: { type: K; recipientIds: readonly string[]; appointmentId?: string | null; payload: NotificationPayloads[K] };
}[T];

export async function notify<T extends NotificationType>(db: Db | Tx, notification: Notification<T>): Promise<void> {
  const recipients = [...new Set(notification.recipientIds)];
  if (recipients.length === 0) return;
  const rows = recipients.map((recipientId) => ({
    type: notification.type,
    recipientId,
    appointmentId: notification.appointmentId ?? null,
    payload: notification.payload,
  }));
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(schema.notificationJobs).values(rows.slice(i, i + 1000));
  }
  // Delivered at commit (never for a rollback), once per transaction: the workers relay at once.
  await db.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, '')`);
}

/** Announces new notification jobs to every process's delivery worker (delivery/worker.ts). */
export const NOTIFICATIONS_CHANNEL = 'notification_jobs_added';

type PayloadSchema = z.ZodObject | z.ZodUnion<readonly z.ZodObject[]>;
/** An update marked with an `event` is known to be that event; the other fields may be missing. */
type ReadVariant<P> = P extends { event: infer E extends string } ? { event: E } & Partial<Omit<P, 'event'>> : Partial<P>;
type ReadOf<S> = S extends z.ZodUnion<infer O extends readonly z.ZodObject[]> ? ReadVariant<z.output<O[number]>> : Partial<z.output<S>>;

/** A stored payload as delivery reads it: every field its producer wrote that still has its type. */
export type StoredPayloads = { [T in NotificationType]: ReadOf<(typeof NOTIFICATION_PAYLOADS)[T]> };
export type StoredNotification = { [T in NotificationType]: { type: T; payload: StoredPayloads[T] } }[NotificationType];

export function isNotificationType(value: string): value is NotificationType {
  return Object.hasOwn(NOTIFICATION_PAYLOADS, value);
}

/**
 * Reads a stored job (notification_jobs.type and .payload): null for a type this version has
 * no payload for; otherwise the fields that match their schema, one by one, so a job written
 * by an older version, or with a field missing, still reads and its texts fall back to the
 * appointment's own facts. An update's `event` picks its variant.
 */
export function readNotification(type: string, payload: unknown): StoredNotification | null {
  if (!isNotificationType(type)) return null;
  const stored: Record<string, unknown> = typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? { ...payload } : {};
  const payloadSchema: PayloadSchema = NOTIFICATION_PAYLOADS[type];
  const shape = payloadSchema instanceof z.ZodUnion ? variantOf(payloadSchema.options, stored.event) : payloadSchema;
  const read: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape.shape)) {
    const result = field.safeParse(stored[key]);
    if (result.success && result.data !== undefined) read[key] = result.data;
  }
  // The fields were checked one by one above, against this type's own schema.
  return { type, payload: read } as StoredNotification;
}

function variantOf(options: readonly z.ZodObject[], event: unknown): z.ZodObject {
  const marked = event === undefined ? undefined : options.find((o) => o.shape.event?.safeParse(event).success);
  return marked ?? options.find((o) => !o.shape.event || o.shape.event.safeParse(undefined).success) ?? options[0]!;
}

/** Ids of the active operators (admin, sub_admin), who hear about completions and bids. */
export async function operatorIds(db: Db | Tx): Promise<string[]> {
  return activeIdsOf(db, ['admin', 'sub_admin']);
}

/** Ids of the active admins, the only operators who review signing agents' registrations. */
export async function adminIds(db: Db | Tx): Promise<string[]> {
  return activeIdsOf(db, ['admin']);
}

async function activeIdsOf(db: Db | Tx, roles: ('admin' | 'sub_admin')[]): Promise<string[]> {
  const rows = await db
    .select({ id: schema.user.id })
    .from(schema.user)
    .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.user.id))
    .where(and(inArray(schema.user.role, roles), eq(schema.profiles.status, 'active')));
  return rows.map((r) => r.id);
}
