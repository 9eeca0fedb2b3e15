/** The one TanStack Query cache of the console. */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: 1,
        refetchOnWindowFocus: false,
      },
      // A change is always attempted: offline, TanStack's default ('online') would pause it
      // without a word and leave its button spinning; attempted, it fails at once and the form
      // says it was not sent, keeping what was typed (issue 27, item 14).
      mutations: { networkMode: 'always' },
    },
  });
}
