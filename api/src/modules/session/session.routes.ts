import { createRoute, z } from '@hono/zod-openapi';
import { schema } from '@signingdesk/db';
import { portalPath } from '@signingdesk/domain/roles';
import { and, eq, ne } from 'drizzle-orm';
import { signedSessionToken } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import type { AppDeps } from '../../lib/context';
import { requireActor } from '../../middleware/guard';
import { MeSchema } from './session.schemas';

const getMe = createRoute({
  operationId: 'getCurrentUser',
  method: 'get',
  path: '/me',
  tags: ['Session'],
  summary: 'The signed-in user, their role, firm and portal',
  ...rolesDoc('signed-in'),
  middleware: [requireActor()] as const,
  responses: {
    200: { description: 'The signed-in user', content: { 'application/json': { schema: MeSchema } } },
    ...problemResponses(401),
  },
});

const signOutOtherDevices = createRoute({
  operationId: 'signOutOtherDevices',
  method: 'post',
  path: '/me/sign-out-other-devices',
  tags: ['Session'],
  summary: 'Sign out of all other devices: every session of the caller but this one ends',
  ...rolesDoc(
    'signed-in',
    'For a lost or stolen phone or a shared computer: every other session of the account ends at once, on every API process, and their live-update streams close. This session stays signed in (POST /api/auth/sign-out ends it).',
  ),
  middleware: [requireActor()] as const,
  responses: {
    200: {
      description: 'The other sessions ended',
      content: {
        'application/json': {
          schema: z
            .object({ message: z.string(), sessionsEnded: z.number().int().openapi({ description: 'Other sessions ended' }) })
            .openapi('SignedOutOtherDevices'),
        },
      },
    },
    ...problemResponses(401),
  },
});

export function sessionRoutes(_deps: AppDeps): Router {
  return createRouter()
    .openapi(signOutOtherDevices, async (c) => {
      const { actor, db, auth } = c.var;
      const current = await signedSessionToken(auth, c.req.raw.headers);
      const ended = await db
        .delete(schema.session)
        .where(and(eq(schema.session.userId, actor.userId), current ? ne(schema.session.token, current) : undefined))
        .returning({ id: schema.session.id });
      await audit(db, {
        actorId: actor.userId,
        action: 'user.signed_out_other_devices',
        entityType: 'user',
        entityId: actor.userId,
        details: { sessionsEnded: ended.length },
      });
      c.var.sessionCache.forgetAccount(actor.userId);
      const message =
        ended.length === 0
          ? 'No other device was signed in. This one stays signed in.'
          : `Signed out of ${ended.length} other ${ended.length === 1 ? 'device' : 'devices'}. This one stays signed in.`;
      return c.json({ message, sessionsEnded: ended.length }, 200);
    })
    .openapi(getMe, (c) => {
      const actor = c.var.actor;
      return c.json(
        {
          id: actor.userId,
          name: actor.name,
          email: actor.email,
          role: actor.role,
          status: actor.status,
          phone: actor.phone,
          firm: { id: actor.firmId, name: actor.firmName },
          portal: portalPath(actor.role),
        },
        200,
      );
    });
}
