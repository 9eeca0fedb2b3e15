/**
 * Add endpoint (POST /api/webhooks/endpoints, org admins, for their own firm). Settled rather
 * than thrown, so the form can put a refusal's field errors under its fields; the list is
 * refetched once the endpoint is added.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, settle, type Schemas } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['CreateWebhookEndpoint']) =>
      settle(api.POST('/webhooks/endpoints', { body }), (status) => `The endpoint could not be added (error ${status}).`),
    onSuccess: (outcome) => {
      if (outcome.type === 'ok') void queryClient.invalidateQueries({ queryKey: webhookKeys.endpointLists() });
    },
  });
}
