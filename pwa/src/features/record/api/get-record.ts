/** "Your record": the signed-in agent's score and the counts it is made of (GET /api/agent/record). */
import { useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';

export const recordKeys = {
  all: ['agent-record'] as const,
  me: (userId: string) => [...recordKeys.all, userId] as const,
};

export function useOwnRecord(userId: string) {
  return useQuery({
    queryKey: recordKeys.me(userId),
    queryFn: ({ signal }) => answer(api.GET('/agent/record', { signal })),
  });
}
