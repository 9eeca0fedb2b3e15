/**
 * Remove (DELETE /api/webhooks/endpoints/{endpointId}): the endpoint and its delivery log. The
 * lists are refetched and the log's cached copy dropped.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

export function useRemoveWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => answer(api.DELETE('/webhooks/endpoints/{endpointId}', { params: { path: { endpointId } } })),
    onSuccess: (_result, endpointId) => queryClient.removeQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpointLists() }),
  });
}
