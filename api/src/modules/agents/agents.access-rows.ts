import type { RowsFactory } from '../../testing/access-matrix';

/** Matrix rows of the agents routes. */
export const agentsAccessRows: RowsFactory = () => ({});
