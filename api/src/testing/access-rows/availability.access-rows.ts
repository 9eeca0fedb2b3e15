import { schema } from '@signingdesk/db';
import { otherAgentEmail, userIdOf } from '../fixtures';
import { everyone, operatorsOnly, type Caller, type RowsFactory } from '../access-matrix';

/** Matrix rows of an agent's availability (modules/agents/availability.routes.ts). */
export const availabilityAccessRows: RowsFactory = async ({ t, agentId, fixtures }) => {
  const agentUsers: Partial<Record<Caller, string>> = {
    agent: agentId,
    pendingAgent: await userIdOf(t, 'pending-agent@demo.test'),
    otherAgent: await userIdOf(t, await otherAgentEmail(t)),
  };
  /** A range of the caller's own (the demo agent's for callers who are not agents). */
  const ownRange = async (caller: Caller) => {
    const [row] = await t.database.db
      .insert(schema.agentTimeOff)
      .values({ agentId: agentUsers[caller] ?? agentId, startsOn: '2099-01-01', endsOn: '2099-01-02' })
      .returning({ id: schema.agentTimeOff.id });
    return { params: { id: row!.id } };
  };
  const agentsOnly = (ok: number) => everyone(403, { visitor: 401, pendingAgent: ok, agent: ok, otherAgent: ok });
  const channels = {
    offers: ['push'],
    assignments: ['push', 'text', 'email'],
    messages: ['push'],
    payments: ['email'],
    credentials: ['email'],
  };
  return {
    'GET /agents/me/availability': { fixture: fixtures.none, expect: agentsOnly(200) },
    'PUT /agents/me/availability': {
      fixture: async () => ({ params: {}, body: { travelRadiusMiles: 50, maxSigningsPerDay: null, channels } }),
      expect: agentsOnly(200),
    },
    'PUT /agents/me/availability/pause': { fixture: async () => ({ params: {}, body: { hours: 1 } }), expect: agentsOnly(200) },
    'DELETE /agents/me/availability/pause': { fixture: fixtures.none, expect: agentsOnly(200) },
    'POST /agents/me/availability/time-off': {
      fixture: async () => ({ params: {}, body: { startsOn: '2099-02-01', endsOn: '2099-02-03' } }),
      expect: agentsOnly(201),
    },
    'DELETE /agents/me/availability/time-off/:id': { fixture: ownRange, expect: agentsOnly(200) },
    'GET /agents/:id/availability': { fixture: async () => ({ params: { id: agentId } }), expect: operatorsOnly(200) },
  };
};
