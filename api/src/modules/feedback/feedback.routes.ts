import type { AppDeps } from '../../lib/context';
import { createRouter, type Router } from '../../lib/openapi';

export function feedbackRoutes(_deps: AppDeps): Router {
  return createRouter();
}
