import type { RowsFactory } from '../../testing/access-matrix';

/** Matrix rows of the users routes. */
export const usersAccessRows: RowsFactory = () => ({});
