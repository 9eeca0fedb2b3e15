import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { everyone, type RowsFactory } from '../access-matrix';
import { insertAccount } from '../../modules/users/users.accounts';

/** Matrix rows of the users routes. */
export const usersAccessRows: RowsFactory = async ({ t, fixtures }) => {
  const [firmA] = await t.database.db.select({ id: schema.firms.id }).from(schema.firms).where(eq(schema.firms.orgNumber, 1));
  const officerOfFirmA = (name: string, status: 'active' | 'disabled' = 'active') =>
    t.database.db.transaction((tx) =>
      insertAccount(tx, {
        name: `Matrix ${name}`,
        email: `matrix-${name.toLowerCase()}@example.test`,
        role: 'creator',
        firmId: firmA!.id,
        phone: null,
        status,
        passwordHash: null,
      }),
    );
  return {
    // An escrow officer of firm A, asked for by everyone: firm B's officer may not name firm A.
    'POST /users': {
      fixture: async (caller) => ({
        params: {},
        body: {
          firstName: 'Matrix',
          lastName: caller,
          email: `matrix-user-${caller.toLowerCase()}@example.test`,
          role: 'creator',
          firmId: firmA!.id,
        },
      }),
      expect: everyone(403, { visitor: 401, escrowA: 201, escrowB: 404, orgAdmin: 201, subAdmin: 201, admin: 201 }),
    },
    'GET /profile': { fixture: fixtures.none, expect: everyone(200, { visitor: 401 }) },
    // A fresh escrow officer of firm A for each caller: firm A's org admin and the operators may.
    'POST /users/:id/disable': {
      fixture: async (caller) => ({ params: { id: await officerOfFirmA(`disable-${caller}`) } }),
      expect: everyone(403, { visitor: 401, orgAdmin: 200, subAdmin: 200, admin: 200 }),
    },
    'POST /users/:id/enable': {
      fixture: async (caller) => ({ params: { id: await officerOfFirmA(`enable-${caller}`, 'disabled') } }),
      expect: everyone(403, { visitor: 401, orgAdmin: 200, subAdmin: 200, admin: 200 }),
    },
  };
};
