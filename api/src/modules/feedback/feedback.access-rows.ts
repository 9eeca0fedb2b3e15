import type { RowsFactory } from '../../testing/access-matrix';

/** Matrix rows of the feedback routes. */
export const feedbackAccessRows: RowsFactory = () => ({});
