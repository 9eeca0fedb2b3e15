/**
 * GET /api/me: who is signed in (docs/session-contract.md). A 401 is not an error here — it
 * means "nobody", so the query resolves to null and guards and the navbar treat the visitor
 * as signed out.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, type Schemas } from '../../../lib/api-client';

export type Me = Schemas['Me'];

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  const call = api.GET('/me', signal ? { signal } : {});
  if ((await call).response.status === 401) return null;
  return answer(call);
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 60_000,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * The signed-in user, for components rendered under RequireAuth (which has already loaded
 * the me query and turned visitors away).
 */
export function useSignedInUser(): Me {
  const { data } = useMe();
  if (!data) throw new Error('useSignedInUser() needs a signed-in user: render it under RequireAuth');
  return data;
}
