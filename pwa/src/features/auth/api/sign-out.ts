/**
 * Sign-out, written for a phone that several agents share. In this order:
 * 1. the IndexedDB mirror (borrower data, kept documents) is erased, and from then on refuses
 *    this user's rows: a request on its way (a list refresh, a kept document's download) cannot
 *    write them back; the outbox is erased (the button asked first when actions were waiting);
 * 2. the browser's push subscription is unsubscribed, and the removal of that endpoint on the
 *    server plus the end of the server session are queued and sent (lib/outbox/signed-out.ts):
 *    the delete goes first, while the session cookie still works; offline, both wait for the
 *    network and the device counts as signed out meanwhile;
 * 3. the stored deep link of a tapped notification and the query cache are erased, and the
 *    login page opens.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { clearDeepLink } from '../../../lib/deep-link';
import { forgetUser } from '../../../lib/offline-store';
import { clearOutbox, signOutDevice, stopOutbox } from '../../../lib/outbox/agent-outbox';
import { unsubscribeThisDevice } from '../../../lib/push-device';

export function useSignOut(userId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async () => {
    setPending(true);
    await forgetUser(userId);
    stopOutbox();
    await clearOutbox().catch(() => undefined);
    const endpoint = await unsubscribeThisDevice();
    try {
      await signOutDevice(userId, endpoint);
    } catch (error) {
      // IndexedDB refused the rows: end the session directly (when online) rather than not at all.
      console.warn('Sign-out could not be queued', error);
      await endSessionDirectly();
    }
    await clearDeepLink();
    queryClient.clear();
    setPending(false);
    await navigate(paths.login, { replace: true });
  }, [navigate, queryClient, userId]);

  return { signOut, pending };
}

/**
 * Ends the server session at once, outside the outbox: for when IndexedDB refused the queued
 * sign-out. better-auth answers a POST without a JSON body 415 and keeps the session, so it
 * carries `{}` as the outbox's own sign-out does. Offline it fails quietly (the cookie then
 * outlives this device's sign-out).
 */
export async function endSessionDirectly(fetcher: typeof fetch = (input, init) => fetch(input, init)): Promise<void> {
  await fetcher('/api/auth/sign-out', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  }).catch(() => undefined);
}
