import { operatorsOnly, type RowsFactory } from '../access-matrix';

/** Matrix rows of the operators' Dashboard and the Assignments CSV export. */
export const dashboardAccessRows: RowsFactory = ({ fixtures }) => ({
  'GET /dashboard': { fixture: fixtures.none, expect: operatorsOnly(200) },
  'GET /appointments/export': { fixture: fixtures.none, expect: operatorsOnly(200) },
});
