import type { RowsFactory } from '../../testing/access-matrix';

/** Matrix rows of the notifications routes. */
export const notificationsAccessRows: RowsFactory = () => ({});
