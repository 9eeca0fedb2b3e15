import { createRoute } from '@hono/zod-openapi';
import { portalPath } from '@signingdesk/domain/roles';
import { createRouter, problemResponses, rolesDoc } from '../../lib/openapi';
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

export const sessionRoutes = createRouter().openapi(getMe, (c) => {
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
