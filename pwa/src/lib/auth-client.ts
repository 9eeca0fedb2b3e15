/**
 * better-auth's small vanilla client (cookie session on this origin, docs/session-contract.md).
 * Only login needs it (sign-out is a queued request: lib/outbox/signed-out.ts), so it is loaded
 * on demand (`loadAuthClient`) and stays out of the first screen's JavaScript; the React
 * flavour is not used for the same reason.
 */
import { createAuthClient } from 'better-auth/client';
import { API_PATHS } from '../config/paths';

export const authClient = createAuthClient({
  baseURL: `${window.location.origin}${API_PATHS.authBase}`,
});

export type AuthClient = typeof authClient;
