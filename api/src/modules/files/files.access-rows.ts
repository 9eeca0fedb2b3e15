import type { RowsFactory } from '../../testing/access-matrix';

/** Matrix rows of the files routes. */
export const filesAccessRows: RowsFactory = () => ({});
