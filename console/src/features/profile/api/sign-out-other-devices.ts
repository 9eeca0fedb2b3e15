/**
 * Sign out of all other devices (POST /api/me/sign-out-other-devices): every other session of
 * the signed-in user ends at once; this one stays. For a lost phone or a shared computer.
 */
import { useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';

export function useSignOutOtherDevices() {
  return useMutation({
    mutationFn: () => answer(api.POST('/me/sign-out-other-devices')),
  });
}
