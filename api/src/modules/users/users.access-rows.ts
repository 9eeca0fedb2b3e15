import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { everyone, type RowsFactory } from '../../testing/access-matrix';

/** Matrix rows of the users routes. */
export const usersAccessRows: RowsFactory = async ({ t, fixtures }) => {
  const [firmA] = await t.database.db.select({ id: schema.firms.id }).from(schema.firms).where(eq(schema.firms.orgNumber, 1));
  return {
    // An escrow officer of firm A, asked for by everyone: firm B's officer may not name firm A.
    'POST /users': {
      fixture: async (caller) => ({
        params: {},
        body: { firstName: 'Matrix', lastName: caller, email: `matrix-user-${caller.toLowerCase()}@example.test`, role: 'creator', firmId: firmA!.id },
      }),
      expect: everyone(403, { visitor: 401, escrowA: 201, escrowB: 404, orgAdmin: 201, subAdmin: 201, admin: 201 }),
    },
    'GET /profile': { fixture: fixtures.none, expect: everyone(200, { visitor: 401 }) },
  };
};
