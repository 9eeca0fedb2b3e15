import { createRoute } from '@hono/zod-openapi';
import { OPERATOR_ROLES } from '@signingdesk/domain/roles';
import type { AppDeps } from '../../lib/context';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { requireActor } from '../../middleware/guard';
import {
  JobsPageSchema,
  JobsQuerySchema,
  MessageSchema,
  OutboxPageSchema,
  OutboxQuerySchema,
  PushSubscriptionListSchema,
  RemovePushSubscriptionSchema,
  SavedPushSubscriptionSchema,
  SavePushSubscriptionSchema,
  VapidPublicKeySchema,
} from './notifications.schemas';
import {
  listNotificationJobs,
  listOutbox,
  listPushSubscriptions,
  removePushSubscription,
  savePushSubscription,
  vapidPublicKey,
} from './notifications.service';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const signedIn = 'Pending agents too, so that they hear when their registration is approved.';

const vapidRoute = createRoute({
  operationId: 'getVapidPublicKey',
  method: 'get',
  path: '/push/vapid-public-key',
  tags: ['Notifications'],
  summary: 'The VAPID public key to subscribe a device to push notifications with',
  ...rolesDoc('signed-in', signedIn),
  middleware: [requireActor()] as const,
  responses: { 200: { description: 'The key', ...json(VapidPublicKeySchema) }, ...problemResponses(401) },
});

const listRoute = createRoute({
  operationId: 'listPushSubscriptions',
  method: 'get',
  path: '/push/subscriptions',
  tags: ['Notifications'],
  summary: 'The caller’s devices that get push notifications, most recently seen first',
  ...rolesDoc(
    'signed-in',
    `${signedIn} Only the caller’s own devices; a device signed out of, or taken over by another user, is not listed.`,
  ),
  middleware: [requireActor()] as const,
  responses: { 200: { description: 'The devices', ...json(PushSubscriptionListSchema) }, ...problemResponses(401) },
});

const saveRoute = createRoute({
  operationId: 'savePushSubscription',
  method: 'post',
  path: '/push/subscriptions',
  tags: ['Notifications'],
  summary: 'Save this device’s push subscription (sent again on every app start)',
  ...rolesDoc(
    'signed-in',
    `${signedIn} Upserts by endpoint: 201 when new, 200 when refreshed; a device last used by another user now belongs to the caller. The ten most recently seen devices per user are kept. In production the endpoint must be a browser push service (FCM, Mozilla, Apple, Windows).`,
  ),
  middleware: [requireActor()] as const,
  request: { body: { ...json(SavePushSubscriptionSchema), required: true } },
  responses: {
    200: { description: 'Refreshed', ...json(SavedPushSubscriptionSchema) },
    201: { description: 'Created', ...json(SavedPushSubscriptionSchema) },
    ...problemResponses(400, 401, 409, 422),
  },
});

const removeRoute = createRoute({
  operationId: 'deletePushSubscription',
  method: 'delete',
  path: '/push/subscriptions',
  tags: ['Notifications'],
  summary: 'Remove this device’s push subscription (sign-out, notifications off)',
  ...rolesDoc('signed-in', 'Only the caller’s own subscription; any other endpoint is a 404.'),
  middleware: [requireActor()] as const,
  request: { body: { ...json(RemovePushSubscriptionSchema), required: true } },
  responses: { 200: { description: 'Removed', ...json(MessageSchema) }, ...problemResponses(400, 401, 404, 409, 422) },
});

const outboxRoute = createRoute({
  operationId: 'listOutbox',
  method: 'get',
  path: '/outbox',
  tags: ['Notifications'],
  summary: 'Emails and text messages the product sent or holds, newest first',
  ...rolesDoc(
    OPERATOR_ROLES,
    'Without SMTP_URL / SMS_WEBHOOK_URL messages are `held` here instead of sent. Set-password tokens in a body are shown to admins only.',
  ),
  middleware: [requireActor({ roles: OPERATOR_ROLES, permission: { outbox: ['read'] } })] as const,
  request: { query: OutboxQuerySchema },
  responses: { 200: { description: 'A page of messages', ...json(OutboxPageSchema) }, ...problemResponses(400, 401, 403) },
});

const jobsRoute = createRoute({
  operationId: 'listNotificationJobs',
  method: 'get',
  path: '/notifications/jobs',
  tags: ['Notifications'],
  summary: 'Notification jobs with what each channel did, newest first',
  ...rolesDoc(OPERATOR_ROLES, 'Tokens in a payload (invitation links) are hidden.'),
  middleware: [requireActor({ roles: OPERATOR_ROLES, permission: { outbox: ['read'] } })] as const,
  request: { query: JobsQuerySchema },
  responses: { 200: { description: 'A page of jobs', ...json(JobsPageSchema) }, ...problemResponses(400, 401, 403) },
});

/** Push subscriptions for everyone signed in; the outbox and the job log for operators. */
export function notificationsRoutes(deps: AppDeps): Router {
  // Outside production any https endpoint may be used (local push services in tests and development).
  const anyPushHost = deps.env.NODE_ENV !== 'production';
  return createRouter()
    .openapi(vapidRoute, async (c) => c.json(await vapidPublicKey(c.var.db), 200))
    .openapi(listRoute, async (c) => c.json(await listPushSubscriptions(c.var.db, c.var.actor), 200))
    .openapi(saveRoute, async (c) => {
      const saved = await savePushSubscription(c.var.db, c.var.actor, c.req.valid('json'), {
        userAgentHeader: c.req.header('user-agent'),
        anyPushHost,
      });
      return saved.created ? c.json(saved.body, 201) : c.json(saved.body, 200);
    })
    .openapi(removeRoute, async (c) => c.json(await removePushSubscription(c.var.db, c.var.actor, c.req.valid('json').endpoint), 200))
    .openapi(outboxRoute, async (c) => c.json(await listOutbox(c.var.db, c.var.actor, c.req.valid('query')), 200))
    .openapi(jobsRoute, async (c) => c.json(await listNotificationJobs(c.var.db, c.req.valid('query')), 200));
}
