/**
 * The webhook endpoints the caller may manage (GET /api/webhooks/endpoints): an org admin their
 * firm's, with the signing secrets; an operator every firm's, or one firm's (`firmId`), without.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

export const webhookEndpointsQuery = (firmId: string | null) =>
  queryOptions({
    queryKey: webhookKeys.endpointList(firmId),
    queryFn: ({ signal }) => answer(api.GET('/webhooks/endpoints', { params: { query: firmId ? { firmId } : {} }, signal })),
    // Another firm chosen: its rows replace the last ones when they arrive, without an empty table between.
    placeholderData: keepPreviousData,
    // Read again whenever the tab opens: an endpoint failing for 3 days is turned off by the server.
    refetchOnMount: 'always',
  });

export function useWebhookEndpoints(firmId: string | null = null) {
  return useQuery(webhookEndpointsQuery(firmId));
}
