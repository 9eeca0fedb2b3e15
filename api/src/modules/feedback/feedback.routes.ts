import { createRoute } from '@hono/zod-openapi';
import type { AppDeps } from '../../lib/context';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { requireActor } from '../../middleware/guard';
import {
  CreateReplySchema,
  FeedbackIdParamSchema,
  FeedbackListQuerySchema,
  FeedbackPageSchema,
  MAX_REPLY_LENGTH,
  MarkReadResultSchema,
  MarkReadSchema,
  ReplyResultSchema,
} from './feedback.schemas';
import { listFeedback, markFeedbackRead, replyToFeedback } from './feedback.service';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
// Spec 02 §6: Feedback is for role admin only; sub_admin is refused (403).
const ADMIN = ['admin'] as const;
const readGuard = requireActor({ roles: ADMIN, permission: { feedback: ['read'] } });
const replyGuard = requireActor({ roles: ADMIN, permission: { feedback: ['reply'] } });

const listRoute = createRoute({
  operationId: 'listFeedback',
  method: 'get',
  path: '/feedback',
  tags: ['Feedback'],
  summary: 'The Feedback inbox, newest first (unread only unless includeRead)',
  ...rolesDoc(ADMIN),
  middleware: [readGuard] as const,
  request: { query: FeedbackListQuerySchema },
  responses: { 200: { description: 'A page of messages', ...json(FeedbackPageSchema) }, ...problemResponses(400, 401, 403) },
});

const markReadRoute = createRoute({
  operationId: 'markFeedbackRead',
  method: 'post',
  path: '/feedback/read',
  tags: ['Feedback'],
  summary: 'Mark Selected as Read',
  ...rolesDoc(ADMIN, 'Up to 100 ids; unknown or already read ids are left as they are.'),
  middleware: [readGuard] as const,
  request: { body: { ...json(MarkReadSchema), required: true } },
  responses: { 200: { description: 'Marked', ...json(MarkReadResultSchema) }, ...problemResponses(400, 401, 403, 422) },
});

const replyRoute = createRoute({
  operationId: 'replyToFeedback',
  method: 'post',
  path: '/feedback/{id}/replies',
  tags: ['Feedback'],
  summary: 'Reply by text message or email',
  ...rolesDoc(
    ADMIN,
    `The message is trimmed, 1 to ${MAX_REPLY_LENGTH} characters. sms goes to the sender's phone (400 when they gave none), email to their address with subject 'Re: <subject>'. The reply is queued for delivery and the message marked read.`,
  ),
  middleware: [replyGuard] as const,
  request: { params: FeedbackIdParamSchema, body: { ...json(CreateReplySchema), required: true } },
  responses: { 201: { description: 'Stored and queued', ...json(ReplyResultSchema) }, ...problemResponses(400, 401, 403, 404, 422) },
});

export function feedbackRoutes(_deps: AppDeps): Router {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await listFeedback(c.var.db, c.req.valid('query')), 200))
    .openapi(markReadRoute, async (c) => c.json(await markFeedbackRead(c.var.db, c.var.actor, c.req.valid('json').ids), 200))
    .openapi(replyRoute, async (c) =>
      c.json(await replyToFeedback(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json')), 201),
    );
}
