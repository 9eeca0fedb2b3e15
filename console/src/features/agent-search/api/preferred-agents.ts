/**
 * The escrow side's preferred agents (issue 32, decision 067; GET /api/escrow/preferred-agents):
 * those preferred for the caller's orders, then the firm's, each changed with
 * PUT /api/agents/{id}/preference as on an order's page.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type Schemas } from '../../../lib/api-client';

export type PreferredAgent = Schemas['PreferredAgentList']['items'][number];
type Scope = Schemas['AgentPreferenceInput']['scope'];

export const preferredAgentKeys = { all: ['preferred-agents'] as const };

export function usePreferredAgents() {
  return useQuery({
    queryKey: preferredAgentKeys.all,
    queryFn: ({ signal }) => answer(api.GET('/escrow/preferred-agents', { signal })),
  });
}

/** Takes an agent off the caller's (or, for an org admin, the firm's) preferred agents. */
export function useUnprefer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, scope }: { agentId: string; scope: Scope }) =>
      answer(api.PUT('/agents/{id}/preference', { params: { path: { id: agentId } }, body: { scope, preferred: false } })),
    // An order's page reads the preference with the order: both lists read it again.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
