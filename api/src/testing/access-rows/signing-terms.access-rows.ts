import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { TERMS_DEFAULTS } from '@signingdesk/domain/signing-terms';
import { termsFormValues } from '@signingdesk/domain/signing-terms-input';
import { everyone, type RowsFactory } from '../access-matrix';

/**
 * Matrix rows of a firm's default signing terms (issue 33): firm A's, saved as the defaults.
 * Operators and firm A's org admin set them, its escrow officer reads them (403 to set), firm B's
 * users and agents are told 404.
 */
export const signingTermsAccessRows: RowsFactory = async ({ t }) => {
  const [firmA] = await t.database.db.select({ id: schema.firms.id }).from(schema.firms).where(eq(schema.firms.orgNumber, 1));
  const { pageCount: _none, ...body } = termsFormValues(TERMS_DEFAULTS);
  return {
    'GET /firms/:id/order-terms': {
      fixture: async () => ({ params: { id: firmA!.id } }),
      expect: everyone(404, { visitor: 401, admin: 200, subAdmin: 200, orgAdmin: 200, escrowA: 200 }),
    },
    'PUT /firms/:id/order-terms': {
      fixture: async () => ({ params: { id: firmA!.id }, body }),
      expect: everyone(404, { visitor: 401, admin: 200, subAdmin: 200, orgAdmin: 200, escrowA: 403 }),
    },
  };
};
