/**
 * Who an order can go to (decision 048: commissioned in its state and within the radius): the
 * reach a send would have, shown before sending, and the agents a direct assignment can
 * choose from, nearest first. Both live under the order's key, so its refetch refreshes them.
 */
import { useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export const ELIGIBLE_AGENTS_PAGE_SIZE = 100;

/** How many agents Send to Notaries (or to Preferred Agents) would reach now, and the sentence saying so. */
export function useOfferReach(id: string, preferredOnly: boolean, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.reach(id, preferredOnly),
    queryFn: ({ signal }) =>
      answer(
        api.GET('/appointments/{id}/reach', {
          params: { path: { id }, query: { preferredOnly: preferredOnly ? 'true' : 'false' } },
          signal,
        }),
      ),
    enabled,
    // Always counted afresh when the confirmation opens: an offer sent a minute ago changes it.
    staleTime: 0,
  });
}

/** The eligible agents for a direct assignment, nearest first; `name` narrows them. */
export function useEligibleAgents(id: string, name: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.eligibleAgents(id, name),
    queryFn: ({ signal }) =>
      answer(
        api.GET('/appointments/{id}/eligible-agents', {
          params: { path: { id }, query: { ...(name.trim() ? { name: name.trim() } : {}), pageSize: ELIGIBLE_AGENTS_PAGE_SIZE } },
          signal,
        }),
      ),
    enabled,
  });
}
