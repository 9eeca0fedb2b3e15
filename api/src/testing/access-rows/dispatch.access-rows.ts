import { operatorsOnly, type RowsFactory } from '../access-matrix';

/** Matrix rows of automatic dispatch (issue 32): operators only; an order the operator may see. */
export const dispatchAccessRows: RowsFactory = ({ fixtures }) => ({
  'GET /appointments/:id/dispatch': { fixture: fixtures.open, expect: operatorsOnly(200) },
  'POST /appointments/:id/dispatch': {
    fixture: async () => ({ ...(await fixtures.open()), body: { action: 'start' } }),
    expect: operatorsOnly(200),
  },
});
