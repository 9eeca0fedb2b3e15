import { everyone, operatorsOnly, type RowsFactory } from '../access-matrix';

/** Matrix rows of the escrow rating and the scorecard (issue 31): firm A's completed order, agent@demo.test's record. */
export const scorecardAccessRows: RowsFactory = ({ agentId, fixtures }) => {
  const escrowSide = (ok: number) => everyone(403, { visitor: 401, escrowA: ok, orgAdmin: ok, escrowB: 404 });
  return {
    'GET /appointments/:id/rating': { fixture: fixtures.completed, expect: { ...escrowSide(200), subAdmin: 200, admin: 200 } },
    'POST /appointments/:id/rating': {
      fixture: async () => ({ ...(await fixtures.completed()), body: { stars: 4, tags: ['on_time'] } }),
      expect: escrowSide(201),
    },
    'GET /agents/:id/scorecard': { fixture: async () => ({ params: { id: agentId } }), expect: operatorsOnly(200) },
    'GET /agent/record': { fixture: fixtures.none, expect: everyone(403, { visitor: 401, agent: 200, otherAgent: 200 }) },
  };
};
