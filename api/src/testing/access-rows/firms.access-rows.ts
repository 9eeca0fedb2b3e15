import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { adminOnly, everyone, type Caller, type RowsFactory } from '../access-matrix';

/** Matrix rows of the firms routes. */
export const firmsAccessRows: RowsFactory = async ({ t, fixtures }) => {
  const [firmA] = await t.database.db.select({ id: schema.firms.id }).from(schema.firms).where(eq(schema.firms.orgNumber, 1));
  const firmBody = (caller: Caller) => ({
    name: `matrix ${caller} title`,
    contactName: 'pat lee',
    contactEmail: 'Pat.Lee@Example.com',
    address: '1 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    serviceFee: '$45.00',
  });
  const firmRoles = everyone(403, { visitor: 401, escrowA: 200, escrowB: 200, orgAdmin: 200, subAdmin: 200, admin: 200 });
  // A firm of its own for each caller: disabling firm A would sign its users out of the matrix.
  let spare = 0;
  const spareFirm = async (caller: Caller) => {
    const [firm] = await t.database.db
      .insert(schema.firms)
      .values({ orgNumber: 90_000 + spare++, name: `matrix ${caller} spare ${spare}` })
      .returning({ id: schema.firms.id });
    return { params: { id: firm!.id } };
  };
  return {
    'GET /firms': { fixture: fixtures.none, expect: firmRoles },
    'POST /firms/:id/disable': { fixture: spareFirm, expect: adminOnly(200) },
    'POST /firms/:id/enable': { fixture: spareFirm, expect: adminOnly(200) },
    'POST /firms': { fixture: async (caller) => ({ params: {}, body: firmBody(caller) }), expect: adminOnly(201) },
    'GET /firms/:id/users': { fixture: async () => ({ params: { id: firmA!.id } }), expect: { ...firmRoles, escrowB: 404 } },
  };
};
