/**
 * Sign out of all other devices (POST /api/me/sign-out-other-devices): every other session of
 * the agent ends at once, this phone's stays. Sent straight, never through the outbox: it is
 * for a phone lost now, and an offline press is refused on screen rather than sent later.
 */
import { useMutation } from '@tanstack/react-query';
import { answer, api, type ApiClient } from '../../../lib/api-client';

export function signOutOtherDevices(client: ApiClient = api) {
  return answer(client.POST('/me/sign-out-other-devices'));
}

export function useSignOutOtherDevices() {
  return useMutation({ mutationFn: () => signOutOtherDevices() });
}
