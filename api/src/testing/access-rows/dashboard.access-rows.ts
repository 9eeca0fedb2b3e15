import { everyone, operatorsOnly, type RowsFactory } from '../access-matrix';

/** Matrix rows of the operators' Dashboard, the escrow officer's needs-action list and the Assignments table: its CSV export and its bulk actions. */
export const dashboardAccessRows: RowsFactory = ({ fixtures }) => {
  const chosen = async () => {
    const { params } = await fixtures.completed();
    return { params: {}, body: { ids: [params.id] } };
  };
  return {
    'GET /dashboard': { fixture: fixtures.none, expect: operatorsOnly(200) },
    'GET /dashboard/at-risk': { fixture: fixtures.none, expect: operatorsOnly(200) },
    'GET /escrow/appointments/needs-action': {
      fixture: fixtures.none,
      expect: everyone(403, { visitor: 401, escrowA: 200, escrowB: 200, orgAdmin: 200 }),
    },
    'GET /appointments/export': { fixture: fixtures.none, expect: operatorsOnly(200) },
    'POST /appointments/mark-paid': { fixture: chosen, expect: operatorsOnly(200) },
    'POST /appointments/invoices': { fixture: chosen, expect: operatorsOnly(200) },
  };
};
