/**
 * Revoke (POST /api/api-keys/{keyId}/revoke): requests with the key are refused from then on.
 * Every list of keys is refetched once the server answered, whatever it said.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';
import { apiKeyKeys } from './api-key-keys';

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => answer(api.POST('/api-keys/{keyId}/revoke', { params: { path: { keyId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.lists() }),
  });
}
