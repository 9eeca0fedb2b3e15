/**
 * Offline-first reading for weak signal: while a query waits for the network (one bar can take
 * the full request timeout), the last synced copy from IndexedDB is shown at once; the
 * network's answer replaces it when it comes. With no network at all the query itself falls
 * back to the copy (lib/mirrored-get.ts), so this only matters while it is still pending.
 */
import { useQuery, type QueryKey, type UseQueryResult } from '@tanstack/react-query';

export function useCopyWhilePending<T>(query: UseQueryResult<T>, copyKey: QueryKey, loadCopy: () => Promise<T | null>): T | undefined {
  const copy = useQuery({
    queryKey: [...copyKey, 'offline-copy'],
    queryFn: loadCopy,
    enabled: query.isPending,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  if (query.data !== undefined) return query.data;
  return query.isPending ? (copy.data ?? undefined) : undefined;
}
