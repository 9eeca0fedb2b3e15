/**
 * The operators' Feedback inbox over contact_requests (written by the public forms). Owns
 * their read state and feedback_replies: a reply, its outbound email or text message and the
 * request's read mark are written in one transaction; the delivery worker sends the queued
 * message.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { pageOffset } from '@signingdesk/domain/pagination';
import { formatPhone } from '@signingdesk/domain/phone';
import { isUuid } from '@signingdesk/domain/uuid';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { CreateReplyInput, FeedbackItem, FeedbackPage, MarkReadResult, ReplyResult } from './feedback.schemas';

const { contactRequests, feedbackReplies, outboundMessages, user } = schema;

export interface FeedbackQuery {
  includeRead: boolean;
  page: number;
  pageSize: number;
}

/** Newest first; read items only when asked (the 'Toggle Read Messages' checkbox). */
export async function listFeedback(db: Db, query: FeedbackQuery): Promise<FeedbackPage> {
  const unread = isNull(contactRequests.readAt);
  const where = query.includeRead ? undefined : unread;
  const [[matching], [unreadTotal], rows] = await Promise.all([
    db.select({ n: count() }).from(contactRequests).where(where),
    db.select({ n: count() }).from(contactRequests).where(unread),
    db
      .select()
      .from(contactRequests)
      .where(where)
      .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
  ]);
  const replies =
    rows.length === 0
      ? []
      : await repliesOf(
          db,
          rows.map((r) => r.id),
        );
  const items: FeedbackItem[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    subject: r.subject,
    name: r.name,
    email: r.email,
    phone: r.phone ? formatPhone(r.phone) : null,
    comments: r.comments,
    city: r.city,
    state: r.state,
    createdAt: r.createdAt.toISOString(),
    timeStamp: Math.floor(r.createdAt.getTime() / 1000),
    read: r.readAt !== null,
    readAt: r.readAt?.toISOString() ?? null,
    replies: replies.filter((reply) => reply.contactRequestId === r.id).map(({ contactRequestId: _, ...reply }) => reply),
  }));
  return { items, page: query.page, pageSize: query.pageSize, total: matching!.n, unreadCount: unreadTotal!.n };
}

async function repliesOf(db: Db, contactRequestIds: string[]) {
  const rows = await db
    .select({
      contactRequestId: feedbackReplies.contactRequestId,
      channel: feedbackReplies.channel,
      message: feedbackReplies.message,
      sentAt: feedbackReplies.createdAt,
      sentBy: user.name,
    })
    .from(feedbackReplies)
    .innerJoin(user, eq(user.id, feedbackReplies.sentBy))
    .where(inArray(feedbackReplies.contactRequestId, contactRequestIds))
    .orderBy(asc(feedbackReplies.createdAt), asc(feedbackReplies.id));
  return rows.map((r) => ({ ...r, sentAt: r.sentAt.toISOString() }));
}

/** Mark Selected as Read. Items already read keep who read them first; unknown ids are ignored. */
export async function markFeedbackRead(db: Db, actor: Actor, ids: string[]): Promise<MarkReadResult> {
  const updated = await db
    .update(contactRequests)
    .set({ readAt: new Date(), readBy: actor.userId })
    .where(and(inArray(contactRequests.id, [...new Set(ids)]), isNull(contactRequests.readAt)))
    .returning({ id: contactRequests.id });
  const n = updated.length;
  return { message: `${n} message${n === 1 ? '' : 's'} marked as read.`, updated: n };
}

export const NO_PHONE_MESSAGE = 'This message has no phone number. Reply by email instead.';

/**
 * Stores the reply, queues it as an email to the sender's address or a text message to their
 * phone, and marks the request read — all or nothing.
 */
export async function replyToFeedback(db: Db, actor: Actor, id: string, input: CreateReplyInput): Promise<ReplyResult> {
  if (!isUuid(id)) throw notFound('This message');
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(contactRequests).where(eq(contactRequests.id, id)).for('update');
    if (!request) throw notFound('This message');
    if (input.channel === 'sms' && !request.phone) {
      throw new AppError('VALIDATION_FAILED', NO_PHONE_MESSAGE, [{ field: 'channel', message: 'the message has no phone number to text' }]);
    }
    const [reply] = await tx
      .insert(feedbackReplies)
      .values({ contactRequestId: request.id, channel: input.channel, message: input.message, sentBy: actor.userId })
      .returning();
    // No job and no recipient account: what marks a feedback reply in the outbox (isFeedbackReply).
    const [outbound] = await tx
      .insert(outboundMessages)
      .values(
        input.channel === 'sms'
          ? { channel: 'sms', toAddress: request.phone!, body: input.message, state: 'queued' }
          : {
              channel: 'email',
              toAddress: request.email,
              subject: `Re: ${request.subject ?? 'Your message to SigningDesk'}`,
              body: input.message,
              state: 'queued',
            },
      )
      .returning({ id: outboundMessages.id });
    if (!request.readAt) {
      await tx.update(contactRequests).set({ readAt: new Date(), readBy: actor.userId }).where(eq(contactRequests.id, request.id));
    }
    return {
      message: input.channel === 'sms' ? 'Your reply was queued as a text message.' : 'Your reply was queued as an email.',
      reply: { channel: reply!.channel, message: reply!.message, sentAt: reply!.createdAt.toISOString(), sentBy: actor.name },
      outboundMessageId: outbound!.id,
    };
  });
}

/**
 * The outbox messages that are replies to Feedback: the only ones written without a notification
 * job and without a recipient account (every other message is a job's or a signed-in user's).
 */
export function isFeedbackReply(): SQL {
  return and(isNull(outboundMessages.jobId), isNull(outboundMessages.recipientId))!;
}
