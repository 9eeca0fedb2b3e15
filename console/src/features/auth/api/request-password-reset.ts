/**
 * Forgot password: POST /api/password-resets `{ email }` (public). The server answers the same
 * message whether or not the email has an account; a refusal (the per-address limit's 429) comes
 * in the server's words. The emailed link opens /reset-password.
 */
import { useMutation } from '@tanstack/react-query';
import { api, settle } from '../../../lib/api-client';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      settle(
        api.POST('/password-resets', { body: { email } }),
        (status) => `The reset link could not be sent (error ${status}). Please try again.`,
      ),
  });
}
