/**
 * One endpoint's delivery log (GET /api/webhooks/deliveries?endpointId=), newest first, the
 * last 100, each with every attempt. While a delivery is being sent now (its first attempt, or
 * a resend) the log is read again every few seconds, so its outcome shows without Refresh; a
 * retry hours away waits for Refresh.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';
import { isBeingSent } from '../utils/webhook-delivery-row';
import { webhookKeys } from './webhook-keys';

const SENDING_POLL_MS = 3_000;

export const webhookDeliveriesQuery = (endpointId: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: ({ signal }) => answer(api.GET('/webhooks/deliveries', { params: { query: { endpointId } }, signal })),
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data?.items.some((delivery) => isBeingSent(delivery, Date.now())) ? SENDING_POLL_MS : false),
  });

export function useWebhookDeliveries(endpointId: string) {
  return useQuery(webhookDeliveriesQuery(endpointId));
}
