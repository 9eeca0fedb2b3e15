/**
 * Every firm at once, for an operator's firm choice (GET /api/firms; its largest page holds them
 * all). Kept under the `['firms']` key so that adding a firm (features/firm-users) refreshes it.
 */
import { useQuery } from '@tanstack/react-query';
import { answer, api } from './api-client';

export const firmChoicesKey = ['firms', 'choices'] as const;

export function useFirmChoices() {
  return useQuery({
    queryKey: firmChoicesKey,
    queryFn: ({ signal }) => answer(api.GET('/firms', { params: { query: { pageSize: 500 } }, signal })),
    staleTime: 5 * 60_000,
  });
}
