/**
 * Request and response schemas of the Feedback inbox (spec 02 §2 "Feedback inbox", §3
 * "Feedback", §5). The spec's unique_id (epoch seconds, also the time stamp), contact_name,
 * contact_email and contact_phone map to `timeStamp`, `name`, `email` and `phone`;
 * `returnAll` is `includeRead` (the 'Toggle Read Messages' checkbox).
 */
import { z } from '@hono/zod-openapi';
import { pageQueryFields, pageResultFields } from '@signingdesk/domain/pagination';

/** Spec 02 §5 / §9: a feedback reply is at most 320 characters, by text message or email. */
export const MAX_REPLY_LENGTH = 320;
export const REPLY_CHANNELS = ['sms', 'email'] as const;
export const FEEDBACK_KINDS = ['contact', 'landing_notary', 'landing_title'] as const;

export const FeedbackListQuerySchema = z.object({
  includeRead: z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1')
    .openapi({ type: 'boolean', description: "Also list read items (the 'Toggle Read Messages' checkbox); default false" }),
  ...pageQueryFields(),
});

export const FeedbackIdParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'Feedback (contact request) id (UUID)' }),
});

export const FeedbackReplySchema = z
  .object({
    channel: z.enum(REPLY_CHANNELS).openapi({ description: "sms (to the request's phone) or email" }),
    message: z.string(),
    sentAt: z.string().openapi({ description: 'ISO time the reply was queued' }),
    sentBy: z.string().openapi({ description: 'Name of the operator who replied' }),
  })
  .openapi('FeedbackReply');

export const FeedbackItemSchema = z
  .object({
    id: z.string(),
    kind: z.enum(FEEDBACK_KINDS).openapi({ description: 'contact (Contact Us) or a landing-page form' }),
    subject: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable().openapi({ description: '(###) ###-####, or null when none was given' }),
    comments: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    createdAt: z.string().openapi({ description: 'ISO time' }),
    timeStamp: z.number().int().openapi({ description: 'Epoch seconds (the spec’s unique_id)' }),
    read: z.boolean(),
    readAt: z.string().nullable(),
    replies: z.array(FeedbackReplySchema).openapi({ description: 'Oldest first' }),
  })
  .openapi('FeedbackItem');
export type FeedbackItem = z.infer<typeof FeedbackItemSchema>;

export const FeedbackPageSchema = z
  .object({
    items: z.array(FeedbackItemSchema).openapi({ description: 'Newest first' }),
    ...pageResultFields,
    total: z.number().int().openapi({ description: 'Items matching the query (read ones only with includeRead)' }),
    unreadCount: z.number().int().openapi({ description: 'Unread items in the whole inbox' }),
  })
  .openapi('FeedbackPage');
export type FeedbackPage = z.infer<typeof FeedbackPageSchema>;

export const MarkReadSchema = z
  .object({
    ids: z
      .array(z.uuid({ message: 'must be a feedback id' }), { message: 'must be a list of feedback ids' })
      .min(1, 'select at least one message')
      .max(100, 'must be at most 100 ids'),
  })
  .strict()
  .openapi('MarkFeedbackRead');

export const MarkReadResultSchema = z
  .object({ message: z.string(), updated: z.number().int().openapi({ description: 'Items that were unread and are now read' }) })
  .openapi('MarkFeedbackReadResult');
export type MarkReadResult = z.infer<typeof MarkReadResultSchema>;

export const CreateReplySchema = z
  .object({
    channel: z.enum(REPLY_CHANNELS, { message: "must be 'sms' or 'email'" }),
    message: z
      .string({ error: (issue) => (issue.input == null ? 'is required' : 'must be text') })
      .trim()
      .min(1, 'is required')
      .max(MAX_REPLY_LENGTH, `must be at most ${MAX_REPLY_LENGTH} characters`)
      .openapi({
        description: `The reply, trimmed; 1 to ${MAX_REPLY_LENGTH} characters`,
        example: 'Thanks for reaching out — we cover all of Nevada.',
      }),
  })
  .strict()
  .openapi('CreateFeedbackReply');
export type CreateReplyInput = z.infer<typeof CreateReplySchema>;

export const ReplyResultSchema = z
  .object({
    message: z.string(),
    reply: FeedbackReplySchema,
    outboundMessageId: z.string().openapi({ description: 'The queued email or text message' }),
  })
  .openapi('FeedbackReplyResult');
export type ReplyResult = z.infer<typeof ReplyResultSchema>;
