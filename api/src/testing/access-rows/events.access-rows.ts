import { everyone, type RowsFactory } from '../access-matrix';

/** Matrix rows of the live-update stream: the consoles' roles; agents and visitors are refused. */
export const eventsAccessRows: RowsFactory = ({ fixtures }) => ({
  'GET /events': {
    fixture: fixtures.none,
    expect: everyone(403, { visitor: 401, escrowA: 200, escrowB: 200, orgAdmin: 200, subAdmin: 200, admin: 200 }),
  },
});
