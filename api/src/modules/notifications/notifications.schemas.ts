/**
 * Request and response schemas of push subscriptions (per user and device), the operators'
 * outbox of emails and text messages, and the notification jobs with their deliveries.
 */
import { z } from '@hono/zod-openapi';
import { pageQueryFields, pageResultFields } from '@signingdesk/domain/pagination';

const page = pageQueryFields();

const pageOf = <T extends z.ZodTypeAny>(item: T, name: string) => z.object({ items: z.array(item), ...pageResultFields }).openapi(name);

export const VapidPublicKeySchema = z
  .object({
    publicKey: z.string().openapi({ description: 'The VAPID public key (base64url), the applicationServerKey of pushManager.subscribe()' }),
  })
  .openapi('VapidPublicKey');

/** Base64url (padding allowed) that decodes to `bytes` bytes, optionally starting with `first`. */
const base64urlKey = (bytes: number, label: string, first?: number) =>
  z
    .string({ message: 'is required' })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url')
    .refine(
      (value) => {
        const decoded = Buffer.from(value.replace(/=+$/, ''), 'base64url');
        return decoded.length === bytes && (first === undefined || decoded[0] === first);
      },
      { message: `must be the ${label}` },
    );

/** Hosts of the browsers' push services (Chrome/Edge/Opera via FCM, Firefox, Safari, Windows). */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

export function isPushServiceHost(host: string): boolean {
  const name = host.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((h) => name === h || name.endsWith(`.${h}`));
}

export const SavePushSubscriptionSchema = z
  .object({
    endpoint: z
      .string({ message: 'is required' })
      .max(2048, 'must be at most 2048 characters')
      .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', { message: 'must be an https URL' })
      .openapi({ description: 'PushSubscription.endpoint (https)', example: 'https://fcm.googleapis.com/fcm/send/dXk…' }),
    keys: z
      .object({
        p256dh: base64urlKey(65, 'P-256 public key of the subscription (65 bytes)', 0x04),
        auth: base64urlKey(16, 'authentication secret of the subscription (16 bytes)'),
      })
      .strict(),
    /** PushSubscription.toJSON() carries it; the push service's own expiry is not used. */
    expirationTime: z.number().nullable().optional(),
    userAgent: z
      .string()
      .trim()
      .max(512, 'must be at most 512 characters')
      .optional()
      .openapi({ description: 'Shown to the user to tell devices apart; defaults to the User-Agent header' }),
  })
  .strict()
  .openapi('SavePushSubscription');
export type SavePushSubscriptionInput = z.infer<typeof SavePushSubscriptionSchema>;

export const PushSubscriptionSchema = z
  .object({
    id: z.string(),
    endpoint: z.string(),
    userAgent: z.string().nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
  })
  .openapi('PushSubscription');

export const PushSubscriptionListSchema = z.object({ items: z.array(PushSubscriptionSchema) }).openapi('PushSubscriptionList');

export const SavedPushSubscriptionSchema = z
  .object({ message: z.string(), subscription: PushSubscriptionSchema })
  .openapi('SavedPushSubscription');
export type PushSubscriptionSaved = z.infer<typeof SavedPushSubscriptionSchema>;

export const RemovePushSubscriptionSchema = z
  .object({ endpoint: z.string({ message: 'is required' }).min(1, 'is required').max(2048, 'must be at most 2048 characters') })
  .strict()
  .openapi('RemovePushSubscription');

export const MessageSchema = z.object({ message: z.string() }).openapi('PushSubscriptionRemoved');

export const OUTBOUND_CHANNELS = ['email', 'sms'] as const;
export const OUTBOUND_STATES = ['held', 'queued', 'sent', 'failed'] as const;
export const JOB_STATES = ['pending', 'sent', 'failed'] as const;
export const DELIVERY_CHANNELS = ['push', 'email', 'sms'] as const;
export const DELIVERY_STATES = ['sent', 'failed', 'skipped'] as const;

export const OutboxQuerySchema = z.object({
  channel: z.enum(OUTBOUND_CHANNELS).optional().openapi({ description: 'email or sms; omit for both' }),
  state: z
    .enum(OUTBOUND_STATES)
    .optional()
    .openapi({ description: 'held (no transport configured), queued, sent or failed; omit for all' }),
  ...page,
});

export const OutboundMessageSchema = z
  .object({
    id: z.string(),
    channel: z.enum(OUTBOUND_CHANNELS),
    toAddress: z.string(),
    recipient: z.object({ id: z.string(), name: z.string() }).nullable(),
    subject: z.string().nullable(),
    body: z.string(),
    attachments: z.array(z.object({ fileId: z.string(), fileName: z.string() })),
    state: z.enum(OUTBOUND_STATES),
    error: z.string().nullable(),
    jobId: z
      .string()
      .nullable()
      .openapi({ description: 'The notification job it came from; null for messages queued directly (feedback replies)' }),
    sendAfter: z
      .string()
      .nullable()
      .openapi({ description: 'Not sent before this time: an operator’s text held for the agent’s quiet hours (9 PM to 7 AM their time)' }),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  })
  .openapi('OutboundMessage');

export const OutboxPageSchema = pageOf(OutboundMessageSchema, 'OutboxPage');

export const JobsQuerySchema = z.object({
  state: z.enum(JOB_STATES).optional().openapi({ description: 'pending, sent or failed; omit for all' }),
  type: z.string().max(100).optional().openapi({ description: 'A notification type, e.g. offer.new' }),
  appointmentId: z.uuid({ message: 'must be an appointment id' }).optional(),
  ...page,
});

export const NotificationJobSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    recipient: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }),
    appointmentId: z.string().nullable(),
    payload: z.record(z.string(), z.unknown()),
    state: z.enum(JOB_STATES),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
    deliveries: z.array(
      z.object({
        channel: z.enum(DELIVERY_CHANNELS),
        state: z.enum(DELIVERY_STATES),
        detail: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    messages: z
      .array(
        z.object({
          id: z.string(),
          channel: z.enum(OUTBOUND_CHANNELS),
          toAddress: z.string(),
          state: z.enum(OUTBOUND_STATES),
          error: z.string().nullable(),
          sentAt: z.string().nullable(),
        }),
      )
      .openapi({ description: 'The email and text message written for the job, with their own state' }),
  })
  .openapi('NotificationJob');

export const JobsPageSchema = pageOf(NotificationJobSchema, 'NotificationJobPage');
