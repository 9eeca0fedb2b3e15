/**
 * Log Out: ends the session on the server, leaves for the home page, then forgets every
 * cached answer of the signed-out user. The home page is rendered first (flushSync: router
 * updates are otherwise transitions, committed later) so that the guard of a protected page
 * does not see "no user" and bounce to the login page on the way out.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { authKeys } from './get-me';

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      // The auth client is loaded when needed: it is not part of a visitor's first page.
      const { authClient } = await import('../../../lib/auth-client');
      await authClient.signOut();
    },
    onSettled: async () => {
      await navigate(paths.home, { flushSync: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
      queryClient.setQueryData(authKeys.me(), null);
    },
  });
}
