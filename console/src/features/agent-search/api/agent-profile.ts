/**
 * One agent as operators see them (GET /api/agents/{id}): the profile modal, Set Preferred Status
 * (PUT /api/agents/{id}/preferred, admin only) and a text message or email to them
 * (POST /api/agents/{id}/messages).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentMessageInput } from '@signingdesk/domain/agent-message';
import { answer, api } from '../../../lib/api-client';
import { agentSearchKeys } from './search-agents';

export function useAgentProfile(id: string | null) {
  return useQuery({
    queryKey: agentSearchKeys.profile(id ?? ''),
    queryFn: ({ signal }) => answer(api.GET('/agents/{id}', { params: { path: { id: id! } }, signal })),
    enabled: id !== null,
  });
}

export function useSetPreferred(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferred: boolean) => answer(api.PUT('/agents/{id}/preferred', { params: { path: { id } }, body: { preferred } })),
    // The modal's title and the list's preferred column both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentSearchKeys.all }),
  });
}

export function useMessageAgent(id: string) {
  return useMutation({
    mutationFn: (body: AgentMessageInput) => answer(api.POST('/agents/{id}/messages', { params: { path: { id } }, body })),
  });
}
