/**
 * An agent's credentials for operators (GET /api/agents/{id}/credentials), their review
 * (POST /api/credentials/{id}/verify, /reject with a reason) and a link to each document
 * (POST /api/credentials/{id}/document/download, opened in a new tab).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type Schemas } from '../../../lib/api-client';
import { agentSearchKeys } from './search-agents';

export type AgentCredential = Schemas['Credential'];

export const agentCredentialKeys = {
  of: (agentId: string) => [...agentSearchKeys.all, 'credentials', agentId] as const,
};

export function useAgentCredentials(agentId: string) {
  return useQuery({
    queryKey: agentCredentialKeys.of(agentId),
    queryFn: ({ signal }) => answer(api.GET('/agents/{id}/credentials', { params: { path: { id: agentId } }, signal })),
  });
}

export function useReviewCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string | null }) =>
      reason === null
        ? answer(api.POST('/credentials/{id}/verify', { params: { path: { id } } }))
        : answer(api.POST('/credentials/{id}/reject', { params: { path: { id } }, body: { reason } })),
    // The Verified mark in the search, the modal's title and the panel all follow the review.
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentSearchKeys.all }),
  });
}

export function credentialDocumentLink(id: string) {
  return answer(api.POST('/credentials/{id}/document/download', { params: { path: { id } } }));
}
