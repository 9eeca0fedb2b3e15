/**
 * Sign-out: ends the server session, then erases everything of this user on the device
 * (query cache, the IndexedDB mirror and the outbox — the button asked first when actions were
 * still waiting) and goes to the login page.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { loadAuthClient } from '../../../lib/load-auth-client';
import { clearUserData } from '../../../lib/offline-store';
import { clearOutbox, stopOutbox } from '../../../lib/outbox/agent-outbox';

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async () => {
    setPending(true);
    try {
      const authClient = await loadAuthClient();
      await authClient.signOut();
    } catch (error) {
      // Offline: the local data still goes; the server session ends at its expiry.
      console.warn('Sign-out request failed', error);
    }
    stopOutbox();
    await clearUserData();
    await clearOutbox().catch(() => undefined);
    queryClient.clear();
    setPending(false);
    await navigate(paths.login, { replace: true });
  }, [navigate, queryClient]);

  return { signOut, pending };
}
