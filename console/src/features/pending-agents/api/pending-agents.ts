/**
 * Pending Signing Agents (spec 02 §2, admin only): the registrations waiting for review,
 * oldest first (GET /api/agents/registrations/pending), and the bulk decision
 * (POST /api/agents/registrations/review), sent with an Idempotency-Key kept for that decision.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, newIdempotencyKey, type Schemas } from '../../../lib/api-client';

export const pendingAgentKeys = {
  all: ['pending-agents'] as const,
  page: (page: number, pageSize: number) => [...pendingAgentKeys.all, page, pageSize] as const,
};

export function usePendingAgents(page: number, pageSize: number) {
  return useQuery({
    queryKey: pendingAgentKeys.page(page, pageSize),
    queryFn: ({ signal }) => answer(api.GET('/agents/registrations/pending', { params: { query: { page, pageSize } }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useReviewRegistrations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['ReviewRegistrations']) =>
      answer(api.POST('/agents/registrations/review', { body, headers: { 'Idempotency-Key': newIdempotencyKey() } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingAgentKeys.all }),
  });
}
