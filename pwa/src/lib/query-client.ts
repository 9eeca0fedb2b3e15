import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Query functions fall back to the offline copy themselves, so they must run offline.
        networkMode: 'always',
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: true,
      },
    },
  });
}
