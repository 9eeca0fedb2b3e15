/**
 * List Signing Agents (spec 02 §2; GET /api/agents): all, by last name, by distance from a zip or
 * by state. Escrow roles get where each agent is and whether they are preferred, never their
 * contact (the API decides); operators get phone, email and certified states from the same call.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SEARCH_RADII_MILES } from '@signingdesk/domain/codes';
import type { UsState } from '@signingdesk/domain/us-states';
import type { operations } from '@signingdesk/domain/api-contract';
import { answer, api } from '../../../lib/api-client';

export type SearchRadius = (typeof SEARCH_RADII_MILES)[number];
/** Operators only: whose accounts (the API's default: active, approved agents). */
export type AccountFilter = NonNullable<NonNullable<operations['searchAgents']['parameters']['query']>['status']>;

/** `verifiedOnly` (operators only): agents with the Verified mark. */
/** Operators only: `sort: 'score'` lists the best score first (decision 064). */
type Page = { page: number; pageSize: number; status?: AccountFilter; verifiedOnly?: 'true'; sort?: 'score' };
export type AgentSearch =
  | ({ mode: 'all' } & Page)
  | ({ mode: 'name'; lastName: string } & Page)
  | ({ mode: 'radius'; zip: string; radius: SearchRadius } & Page)
  | ({ mode: 'state'; state: UsState } & Page);
export type SearchMode = AgentSearch['mode'];

export const agentSearchKeys = {
  all: ['agent-search'] as const,
  search: (search: AgentSearch) => [...agentSearchKeys.all, search] as const,
  profile: (id: string) => [...agentSearchKeys.all, 'profile', id] as const,
};

export function useAgentSearch(search: AgentSearch | null) {
  return useQuery({
    queryKey: search ? agentSearchKeys.search(search) : agentSearchKeys.all,
    queryFn: ({ signal }) => answer(api.GET('/agents', { params: { query: search! }, signal })),
    enabled: search !== null,
    placeholderData: keepPreviousData,
  });
}
