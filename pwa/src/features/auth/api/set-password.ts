/**
 * Choosing a password with the token of an emailed link (an invitation or a password reset):
 * better-auth's `POST /api/auth/reset-password { newPassword, token }`, which the API serves
 * with its own checks (api/src/modules/password-resets/set-password.ts). Online only.
 */
import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '../../../lib/load-auth-client';

export const LINK_SPENT_TEXT = 'This link has expired or was already used. Ask for a new one with “Forgot password?” on the login.';
const NOT_SAVED_TEXT = 'The password could not be saved. Check your connection and try again.';

export type SetPasswordOutcome = { type: 'set' } | { type: 'refused'; message: string };

export async function setPasswordWithToken(token: string, newPassword: string): Promise<SetPasswordOutcome> {
  try {
    const authClient = await loadAuthClient();
    const result = await authClient.resetPassword({ token, newPassword });
    if (!result.error) return { type: 'set' };
    return { type: 'refused', message: result.error.status === 400 ? LINK_SPENT_TEXT : NOT_SAVED_TEXT };
  } catch {
    return { type: 'refused', message: NOT_SAVED_TEXT };
  }
}

export function useSetPassword() {
  return useMutation({
    mutationFn: ({ token, newPassword }: { token: string; newPassword: string }) => setPasswordWithToken(token, newPassword),
    networkMode: 'always',
  });
}
