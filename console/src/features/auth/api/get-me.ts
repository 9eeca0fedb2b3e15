/**
 * GET /api/me: who is signed in (docs/session-contract.md). A 401 is not an error here — it
 * means "nobody", so the query resolves to null and guards and the navbar treat the visitor
 * as signed out.
 */
import type { Me } from '@signingdesk/api/contracts';
import { isRole } from '@signingdesk/domain/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type { Me };

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  const response = await fetch('/api/me', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`GET /api/me answered ${response.status}`);
  const body = (await response.json()) as Me;
  if (!isRole(body.role)) throw new Error(`GET /api/me answered an unknown role: ${String(body.role)}`);
  return body;
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
