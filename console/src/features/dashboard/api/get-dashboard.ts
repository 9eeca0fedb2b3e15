/** GET /api/dashboard: the operators' figures, fetched again every minute while the tab is open. */
import { useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';

export const dashboardKeys = { all: ['dashboard'] as const };

export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => answer(api.GET('/dashboard', { signal })),
    refetchInterval: 60_000,
  });
}
