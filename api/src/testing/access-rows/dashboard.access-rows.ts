import { operatorsOnly, type RowsFactory } from '../access-matrix';

/** Matrix rows of the operators' Dashboard and the Assignments table: its CSV export and its bulk actions. */
export const dashboardAccessRows: RowsFactory = ({ fixtures }) => {
  const chosen = async () => {
    const { params } = await fixtures.completed();
    return { params: {}, body: { ids: [params.id] } };
  };
  return {
    'GET /dashboard': { fixture: fixtures.none, expect: operatorsOnly(200) },
    'GET /dashboard/at-risk': { fixture: fixtures.none, expect: operatorsOnly(200) },
    'GET /appointments/export': { fixture: fixtures.none, expect: operatorsOnly(200) },
    'POST /appointments/mark-paid': { fixture: chosen, expect: operatorsOnly(200) },
    'POST /appointments/invoices': { fixture: chosen, expect: operatorsOnly(200) },
  };
};
