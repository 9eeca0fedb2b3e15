import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { operatorsElse404, type RowsFactory } from '../access-matrix';

/** Matrix rows of the agents' compliance routes: firm requirements, credential audits, the Dashboard's credential counts. */
export const agentComplianceAccessRows: RowsFactory = async ({ t, agentId, fixtures }) => {
  const [firmA] = await t.database.db.select({ id: schema.firms.id }).from(schema.firms).where(eq(schema.firms.orgNumber, 1));
  const firm = async () => ({ params: { id: firmA!.id } });
  return {
    'GET /firms/:id/requirements': { fixture: firm, expect: operatorsElse404(200) },
    // Saved as they are (none), so the other rows' orders stay eligible as before.
    'PUT /firms/:id/requirements': {
      fixture: async () => ({ params: { id: firmA!.id }, body: { minEoCoverage: '', maxBackgroundCheckAgeDays: '', nnaRequired: false } }),
      expect: operatorsElse404(200),
    },
    'GET /firms/:id/credential-audit': { fixture: firm, expect: operatorsElse404(200) },
    'GET /agents/:id/credential-audit': { fixture: async () => ({ params: { id: agentId } }), expect: operatorsElse404(200) },
    'GET /dashboard/credentials': { fixture: fixtures.none, expect: operatorsElse404(200) },
    'GET /dashboard/credentials/:bucket': { fixture: async () => ({ params: { bucket: 'expired' } }), expect: operatorsElse404(200) },
  };
};
