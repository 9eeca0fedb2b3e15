/** The agent's scorecard as operators see it (GET /api/agents/{id}/scorecard): the profile modal's Scorecard section. */
import { useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';

export const agentScorecardKeys = {
  all: ['agent-scorecard'] as const,
  detail: (id: string) => [...agentScorecardKeys.all, id] as const,
};

export function useAgentScorecard(id: string) {
  return useQuery({
    queryKey: agentScorecardKeys.detail(id),
    queryFn: ({ signal }) => answer(api.GET('/agents/{id}/scorecard', { params: { path: { id } }, signal })),
    // A rating or a signing since the modal was last opened changes the score: read it on every opening.
    refetchOnMount: 'always',
  });
}
