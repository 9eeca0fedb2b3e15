/**
 * The better-auth client of the console (docs/session-contract.md). better-auth is mounted by
 * the API at /api/auth on this same origin, so its session cookie is first-party.
 */
import { createAuthClient } from 'better-auth/react';

export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
});
