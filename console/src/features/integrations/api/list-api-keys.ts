/**
 * The firm API keys the caller may see (GET /api/api-keys), newest first: an org admin their
 * firm's; an operator every firm's, or one firm's (`firmId`).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';
import { apiKeyKeys } from './api-key-keys';

export const apiKeysQuery = (firmId: string | null) =>
  queryOptions({
    queryKey: apiKeyKeys.list(firmId),
    queryFn: ({ signal }) => answer(api.GET('/api-keys', { params: { query: firmId ? { firmId } : {} }, signal })),
    // Another firm chosen: its rows replace the last ones when they arrive, without an empty table between.
    placeholderData: keepPreviousData,
    // Read again whenever the tab opens: a key's last use changes without anything in the console.
    refetchOnMount: 'always',
  });

export function useApiKeys(firmId: string | null = null) {
  return useQuery(apiKeysQuery(firmId));
}
