import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { everyone, type RowsFactory } from '../access-matrix';
import { signerLinkToken } from '../../modules/signing-day/signing-day.service';

const assignedOrOperator = (ok: number) => everyone(403, { visitor: 401, agent: ok, otherAgent: 404, subAdmin: ok, admin: ok });

/**
 * Matrix rows of signing day (issue 33): the assigned agent and operators record the confirmation
 * and the shipment and send the signer a link (another agent: 404; the escrow side: 403); the
 * signer's link is public, by its token alone.
 */
export const signingDayAccessRows: RowsFactory = ({ t, fixtures }) => {
  /** Scheduled for agent@demo.test, started an hour ago. */
  const started = async () => {
    const fixture = await fixtures.scheduled();
    await t.database.db
      .update(schema.appointments)
      .set({ startsAt: Math.floor(Date.now() / 1000) - 3600 })
      .where(eq(schema.appointments.id, fixture.params.id!));
    return fixture;
  };
  /** A link sent to the signer of a scheduled order, not answered yet. */
  const link = async () => {
    const { params } = await fixtures.scheduled();
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    const [row] = await t.database.db
      .insert(schema.signerLinks)
      .values({ appointmentId: params.id!, via: 'email', toAddress: 'maria.signer@example.com', expiresAt: new Date(expiresAt * 1000) })
      .returning({ id: schema.signerLinks.id });
    return { params: { token: await signerLinkToken(t.database.db, row!.id, expiresAt) } };
  };
  return {
    'POST /appointments/:id/signer-confirmations': {
      fixture: async () => ({ ...(await fixtures.scheduled()), body: { method: 'call', result: 'confirmed' } }),
      expect: assignedOrOperator(200),
    },
    'POST /appointments/:id/signer-link': {
      fixture: async () => ({ ...(await fixtures.scheduled()), body: { via: 'email' } }),
      expect: assignedOrOperator(200),
    },
    'POST /appointments/:id/return-shipment': {
      fixture: async () => ({ ...(await started()), body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } }),
      expect: assignedOrOperator(200),
    },
    'GET /signer-links/:token': { fixture: link, expect: everyone(200) },
    'POST /signer-links/:token': { fixture: async () => ({ ...(await link()), body: { answer: 'confirmed' } }), expect: everyone(200) },
  };
};
