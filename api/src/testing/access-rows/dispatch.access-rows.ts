import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { DISPATCH_DEFAULTS } from '@signingdesk/domain/dispatch';
import { dispatchSettingsFormValues } from '@signingdesk/domain/dispatch-settings';
import { everyone, operatorsElse404, operatorsOnly, type RowsFactory } from '../access-matrix';

/**
 * Matrix rows of automatic dispatch (issue 32): an order's dispatch, firm A's settings (saved as
 * the defaults), and an escrow user's preference for agent@demo.test, who signs firm A's orders.
 */
export const dispatchAccessRows: RowsFactory = async ({ t, fixtures, agentId }) => {
  const [firmA] = await t.database.db.select({ id: schema.firms.id }).from(schema.firms).where(eq(schema.firms.orgNumber, 1));
  return {
    'GET /appointments/:id/dispatch': { fixture: fixtures.open, expect: operatorsOnly(200) },
    'POST /appointments/:id/dispatch': {
      fixture: async () => ({ ...(await fixtures.open()), body: { action: 'start' } }),
      expect: operatorsOnly(200),
    },
    'GET /firms/:id/dispatch-settings': { fixture: async () => ({ params: { id: firmA!.id } }), expect: operatorsElse404(200) },
    'PUT /firms/:id/dispatch-settings': {
      fixture: async () => ({ params: { id: firmA!.id }, body: dispatchSettingsFormValues(DISPATCH_DEFAULTS) }),
      expect: operatorsElse404(200),
    },
    'GET /escrow/preferred-agents': {
      fixture: fixtures.none,
      expect: everyone(403, { visitor: 401, escrowA: 200, escrowB: 200, orgAdmin: 200 }),
    },
    'PUT /agents/:id/preference': {
      fixture: async () => {
        await fixtures.scheduled();
        return { params: { id: agentId }, body: { scope: 'mine', preferred: true } };
      },
      // agent@demo.test signed orders of firm B too in the demo data; an agent a firm never had is a 404 (preferred-agents.db.test.ts).
      expect: everyone(403, { visitor: 401, escrowA: 200, escrowB: 200, orgAdmin: 200 }),
    },
  };
};
