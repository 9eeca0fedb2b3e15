/**
 * Turn off / Turn on (PATCH /api/webhooks/endpoints/{endpointId} with `enabled`). Every list of
 * endpoints is refetched once the server answered, whatever it said.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

export function useSetWebhookEndpointEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, enabled }: { endpointId: string; enabled: boolean }) =>
      answer(api.PATCH('/webhooks/endpoints/{endpointId}', { params: { path: { endpointId } }, body: { enabled } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpointLists() }),
  });
}
