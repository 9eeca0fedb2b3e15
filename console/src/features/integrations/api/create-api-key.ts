/**
 * Create API key (POST /api/api-keys, org admins, for their own firm). The answer holds the key
 * itself, once: it goes to the component that shows it and nowhere else. The list is refetched,
 * never written from this answer, so the query cache never holds a key; the mutation's own
 * record is dropped as soon as nothing watches it (gcTime 0), and the caller resets it once it
 * has taken the key. No Idempotency-Key is sent: the API stores a keyed answer to replay it, and
 * this answer must not be stored anywhere (the button waits for the answer instead).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, settle, type Schemas } from '../../../lib/api-client';
import { apiKeyKeys } from './api-key-keys';

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['CreateApiKey']) =>
      settle(api.POST('/api-keys', { body }), (status) => `The API key could not be created (error ${status}).`),
    gcTime: 0,
    onSuccess: (outcome) => {
      if (outcome.type === 'ok') void queryClient.invalidateQueries({ queryKey: apiKeyKeys.lists() });
    },
  });
}
