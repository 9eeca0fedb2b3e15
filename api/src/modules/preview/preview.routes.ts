import { createRouter, type Router } from '../../lib/openapi';

/** The agent offer preview and comparison orders. */
export const previewRoutes: Router = createRouter();
