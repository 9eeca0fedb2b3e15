import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { otherAgentEmail, userIdOf } from '../fixtures';
import { adminOnly, everyone, operatorsOnly, type Caller, type RowsFactory } from '../access-matrix';
import { readJson } from '../test-app';

/** Matrix rows of the agents routes. */
export const agentsAccessRows: RowsFactory = async ({ t, agentId, fixtures }) => {
  let registrations = 0;
  const registrationBody = (label: string) => ({
    email: `matrix-agent-${label.toLowerCase()}-${++registrations}@example.test`,
    firstName: 'Matrix',
    lastName: 'Registrant',
    mobilePhone: '512-555-0101',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    certifiedStates: ['TX'],
    password: 'matrix-password-1',
  });
  /** A fresh pending registration, so no review touches the demo accounts; each from its own address (registrations are limited per address). */
  const freshRegistration = async () => {
    const body = registrationBody('review');
    const res = await t.request('/api/agents/registrations', {
      method: 'POST',
      body: JSON.stringify(body),
      clientIp: `10.88.0.${registrations}`,
    });
    if (res.status !== 202) throw new Error(`registration answered ${res.status}: ${JSON.stringify(await readJson(res))}`);
    return userIdOf(t, body.email);
  };
  const agentUsers: Partial<Record<Caller, string>> = {
    agent: agentId,
    pendingAgent: await userIdOf(t, 'pending-agent@demo.test'),
    otherAgent: await userIdOf(t, await otherAgentEmail(t)),
  };
  /** The caller's own profile as it is (PUT changes nothing); the demo agent's for non-agents. */
  const ownProfileBody = async (caller: Caller) => {
    const [p] = await t.database.db
      .select()
      .from(schema.agentProfiles)
      .where(eq(schema.agentProfiles.userId, agentUsers[caller] ?? agentId));
    const [profile] = await t.database.db
      .select({ phone: schema.profiles.phone })
      .from(schema.profiles)
      .where(eq(schema.profiles.userId, p!.userId));
    return {
      firstName: p!.firstName,
      lastName: p!.lastName,
      mobilePhone: profile!.phone ?? '5125550100',
      companyName: p!.companyName,
      address1: p!.address1,
      address2: p!.address2,
      city: p!.city,
      state: p!.state,
      zip: p!.zip,
      laserPrinter: p!.laserPrinter,
      dualTrayPrinter: p!.dualTrayPrinter,
      smsOptIn: p!.smsOptIn,
      certifiedStates: p!.certifiedStates,
      yearsExperience: p!.yearsExperience,
    };
  };
  const agentsOnly = everyone(403, { visitor: 401, pendingAgent: 200, agent: 200, otherAgent: 200 });
  return {
    'POST /agents/registrations': { fixture: async (caller) => ({ params: {}, body: registrationBody(caller) }), expect: everyone(202) },
    'GET /agents/me': { fixture: fixtures.none, expect: agentsOnly },
    'PUT /agents/me': { fixture: async (caller) => ({ params: {}, body: await ownProfileBody(caller) }), expect: agentsOnly },
    'GET /agents/registrations/pending': { fixture: fixtures.none, expect: adminOnly(200) },
    'POST /agents/registrations/review': {
      fixture: async () => ({ params: {}, body: { action: 'approve', userIds: [await freshRegistration()] } }),
      expect: adminOnly(200),
    },
    'PUT /agents/:id/preferred': { fixture: async () => ({ params: { id: agentId }, body: { preferred: true } }), expect: adminOnly(200) },
    'GET /agents': {
      fixture: fixtures.none,
      expect: everyone(403, { visitor: 401, escrowA: 200, escrowB: 200, orgAdmin: 200, subAdmin: 200, admin: 200 }),
    },
    'GET /agents/:id': { fixture: async () => ({ params: { id: agentId } }), expect: operatorsOnly(200) },
    'POST /agents/:id/messages': {
      fixture: async () => ({
        params: { id: agentId },
        body: { channel: 'email', message: 'Can you take a signing in Pasadena on Friday?' },
      }),
      expect: operatorsOnly(201),
    },
  };
};
