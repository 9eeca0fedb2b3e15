/**
 * Send test event (POST /api/webhooks/endpoints/{endpointId}/test): a `webhook.test` event,
 * delivered and logged like any other; the endpoint's log is refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

export function useSendWebhookTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => answer(api.POST('/webhooks/endpoints/{endpointId}/test', { params: { path: { endpointId } } })),
    onSettled: (_result, _error, endpointId) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
}
