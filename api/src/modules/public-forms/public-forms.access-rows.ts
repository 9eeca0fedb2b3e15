import type { RowsFactory } from '../../testing/access-matrix';

/** Matrix rows of the public-forms routes. */
export const publicFormsAccessRows: RowsFactory = () => ({});
