import { operatorsOnly, type RowsFactory } from '../../testing/access-matrix';

/** Matrix rows of the operators' Dashboard. */
export const dashboardAccessRows: RowsFactory = ({ fixtures }) => ({
  'GET /dashboard': { fixture: fixtures.none, expect: operatorsOnly(200) },
});
