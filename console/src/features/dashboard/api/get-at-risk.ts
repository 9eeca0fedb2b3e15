/**
 * GET /api/dashboard/at-risk: the orders at risk now, oldest first (issue 33, item 6). Fetched
 * again every minute, since an order becomes at risk by the clock alone, and on every order's
 * change (app/layout/live-updates.tsx), since one leaves the list when its condition is met.
 */
import { useQuery } from '@tanstack/react-query';
import { answer, api, type Schemas } from '../../../lib/api-client';

export type AtRiskItem = Schemas['AtRiskList']['items'][number];

export const atRiskKeys = { all: ['dashboard', 'at-risk'] as const };

export function useAtRisk() {
  return useQuery({
    queryKey: atRiskKeys.all,
    queryFn: ({ signal }) => answer(api.GET('/dashboard/at-risk', { signal })),
    refetchInterval: 60_000,
  });
}
