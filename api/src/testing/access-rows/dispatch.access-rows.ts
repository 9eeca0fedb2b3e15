import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { DISPATCH_DEFAULTS } from '@signingdesk/domain/dispatch';
import { dispatchSettingsFormValues } from '@signingdesk/domain/dispatch-settings';
import { operatorsElse404, operatorsOnly, type RowsFactory } from '../access-matrix';

/** Matrix rows of automatic dispatch (issue 32): an order's dispatch, and firm A's settings (saved as the defaults). */
export const dispatchAccessRows: RowsFactory = async ({ t, fixtures }) => {
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
  };
};
