/** An agent's availability as operators read it (GET /api/agents/{id}/availability), read-only. */
import { useQuery } from '@tanstack/react-query';
import { answer, api, type Schemas } from '../../../lib/api-client';
import { agentSearchKeys } from './search-agents';

export type AgentAvailability = Schemas['Availability'];

export function useAgentAvailability(id: string) {
  return useQuery({
    queryKey: [...agentSearchKeys.profile(id), 'availability'],
    queryFn: ({ signal }) => answer(api.GET('/agents/{id}/availability', { params: { path: { id } }, signal })),
  });
}
