/**
 * Resend (POST /api/webhooks/deliveries/{deliveryId}/resend): the delivery's event again, now,
 * with the same webhook-id. The endpoint's log is refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

export function useResendWebhookDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => answer(api.POST('/webhooks/deliveries/{deliveryId}/resend', { params: { path: { deliveryId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
}
