import type { RowsFactory } from '../../testing/access-matrix';

/** Matrix rows of the firms routes. */
export const firmsAccessRows: RowsFactory = () => ({});
