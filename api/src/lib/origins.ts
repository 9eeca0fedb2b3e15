import type { Env } from '../env';

/** The Vite dev servers of `npm run dev`, which proxy /api to the API (scripts/dev.mjs). */
const DEV_SERVER_ORIGINS = ['http://localhost:5173', 'http://localhost:5174'];

/**
 * The browser origins whose pages may call the API with the user's cookies: the product's
 * own origin, and in development the dev servers in front of it. CORS, the cross-site
 * refusal and better-auth all take this one list.
 */
export function trustedOrigins(env: Pick<Env, 'PUBLIC_ORIGIN' | 'NODE_ENV'>): string[] {
  return env.NODE_ENV === 'development' ? [env.PUBLIC_ORIGIN, ...DEV_SERVER_ORIGINS] : [env.PUBLIC_ORIGIN];
}
