import { createRouter, type Router } from '../../lib/openapi';

/** The per-appointment message thread. */
export const noteRoutes: Router = createRouter();
