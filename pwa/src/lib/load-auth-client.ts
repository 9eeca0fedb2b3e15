import type { AuthClient } from './auth-client';

/** The better-auth client, fetched on first use (see lib/auth-client.ts). */
export function loadAuthClient(): Promise<AuthClient> {
  return import('./auth-client').then((module) => module.authClient);
}
