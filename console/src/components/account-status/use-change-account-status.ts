/**
 * Disable or Enable an account (POST /api/users/{id}/disable | enable). Disabling signs the
 * person out everywhere at once; for a signing agent it also withdraws their open offers. The
 * list that showed the account is refetched once the server answered, whatever it said.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { answer, api } from '../../lib/api-client';

export type AccountStatusChange = 'disable' | 'enable';

export function useChangeAccountStatus(refetch: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: AccountStatusChange }) => {
      const params = { params: { path: { id } } };
      return answer(change === 'disable' ? api.POST('/users/{id}/disable', params) : api.POST('/users/{id}/enable', params));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: refetch }),
  });
}
