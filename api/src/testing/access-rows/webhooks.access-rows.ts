import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { everyone, type RowsFactory } from '../access-matrix';
import { userIdOf } from '../fixtures';

/**
 * Matrix rows of the firm webhooks (issue 34): firm A's org admin and operators manage firm A's
 * endpoints and their deliveries; only the org admin adds one; everyone else is refused (an
 * escrow officer who is not the org admin 403, agents 403). The receiver is never reached here:
 * the fixtures' endpoints point at a port nothing listens on.
 */
export const webhooksAccessRows: RowsFactory = async ({ t }) => {
  const orgAdminId = await userIdOf(t, 'orgadmin@firm-a.demo.test');
  const [profile] = await t.database.db.select().from(schema.profiles).where(eq(schema.profiles.userId, orgAdminId));
  const url = 'http://127.0.0.1:9/signingdesk';
  const firmAEndpoint = async () => {
    const [endpoint] = await t.database.db
      .insert(schema.webhookEndpoints)
      .values({
        firmId: profile!.firmId,
        url,
        eventTypes: ['order.created'],
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        createdBy: orgAdminId,
      })
      .returning();
    return endpoint!;
  };
  const firmADelivery = async () => {
    const endpoint = await firmAEndpoint();
    const eventId = `msg_matrix${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
    await t.database.db
      .insert(schema.webhookEvents)
      .values({ id: eventId, firmId: profile!.firmId, type: 'order.created', payload: { id: eventId, type: 'order.created', data: {} } });
    const [delivery] = await t.database.db
      .insert(schema.webhookDeliveries)
      .values({ eventId, endpointId: endpoint.id, state: 'failed', attempts: 10 })
      .returning();
    return delivery!;
  };
  const managers = (ok: number) => everyone(403, { visitor: 401, orgAdmin: ok, subAdmin: ok, admin: ok });
  return {
    'GET /webhooks/endpoints': { fixture: async () => ({ params: {} }), expect: managers(200) },
    'POST /webhooks/endpoints': {
      fixture: async () => {
        // The other rows' fixtures add endpoints: room under the firm's 10.
        await t.database.db.delete(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.firmId, profile!.firmId));
        return { params: {}, body: { url, eventTypes: ['order.created'] } };
      },
      expect: everyone(403, { visitor: 401, orgAdmin: 201 }),
    },
    'PATCH /webhooks/endpoints/:endpointId': {
      fixture: async () => ({ params: { endpointId: (await firmAEndpoint()).id }, body: { enabled: false } }),
      expect: managers(200),
    },
    'DELETE /webhooks/endpoints/:endpointId': {
      fixture: async () => ({ params: { endpointId: (await firmAEndpoint()).id } }),
      expect: managers(200),
    },
    'POST /webhooks/endpoints/:endpointId/test': {
      fixture: async () => ({ params: { endpointId: (await firmAEndpoint()).id } }),
      expect: managers(202),
    },
    'GET /webhooks/deliveries': {
      fixture: async () => ({ params: {}, query: `endpointId=${(await firmAEndpoint()).id}` }),
      expect: managers(200),
    },
    'POST /webhooks/deliveries/:deliveryId/resend': {
      fixture: async () => ({ params: { deliveryId: (await firmADelivery()).id } }),
      expect: managers(202),
    },
  };
};
