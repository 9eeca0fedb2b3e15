/**
 * Forgot password: POST /api/password-resets `{ email }` (public, online only). The server
 * answers the same message whether or not the email has an account; the answer is sorted for
 * the screen: sent (that message), refused with the server's words (problem+json, e.g. the
 * per-address limit's 429), or not sent at all (no network, no answer in time).
 */
import { useMutation } from '@tanstack/react-query';
import { createApiClient, settle } from '../../../lib/api-client';

export type PasswordResetOutcome =
  | { type: 'sent'; message: string }
  | { type: 'refused'; status: number; message: string }
  /** No answer: offline, dropped connection or timeout. Asking again is harmless. */
  | { type: 'unsent'; timedOut: boolean };

export async function requestPasswordReset(
  email: string,
  fetcher: typeof fetch = (input, init) => fetch(input, init),
): Promise<PasswordResetOutcome> {
  const settled = await settle(
    createApiClient(fetcher).POST('/password-resets', { body: { email } }),
    (status) => `The reset link could not be sent (error ${status}). Please try again.`,
  );
  switch (settled.type) {
    case 'ok':
      return { type: 'sent', message: settled.data.message };
    case 'refused':
      return { type: 'refused', status: settled.problem.status, message: settled.problem.message };
    case 'unsent':
      return settled;
  }
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => requestPasswordReset(email),
    // The fetcher reports "no network" itself; the query client must not hold the call back.
    networkMode: 'always',
  });
}
