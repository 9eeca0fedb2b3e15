/**
 * The Dashboard's agent-credential counts and the lists they open (issue 31, decision 065):
 * GET /api/dashboard/credentials and GET /api/dashboard/credentials/{bucket}.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, api, type Schemas } from '../../../lib/api-client';

export type CredentialBucket = Schemas['CredentialCounts']['buckets'][number]['bucket'];
export const CREDENTIAL_PAGE_SIZE = 25;

export const credentialCountKeys = {
  all: ['dashboard', 'credentials'] as const,
  counts: () => [...credentialCountKeys.all, 'counts'] as const,
  list: (bucket: CredentialBucket, page: number) => [...credentialCountKeys.all, bucket, page] as const,
};

export function useCredentialCounts() {
  return useQuery({
    queryKey: credentialCountKeys.counts(),
    queryFn: ({ signal }) => answer(api.GET('/dashboard/credentials', { signal })),
    refetchInterval: 60_000,
  });
}

export function useCredentialBucket(bucket: CredentialBucket, page: number) {
  return useQuery({
    queryKey: credentialCountKeys.list(bucket, page),
    queryFn: ({ signal }) =>
      answer(
        api.GET('/dashboard/credentials/{bucket}', {
          params: { path: { bucket }, query: { page, pageSize: CREDENTIAL_PAGE_SIZE } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
