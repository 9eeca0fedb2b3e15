/**
 * Firms (spec 02 §2): the firm list (GET /api/firms; operators all firms, escrow roles their
 * own), Add Firm (POST /api/firms, admin only, sent with an Idempotency-Key) and disabling or
 * enabling a firm (admin only).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, newIdempotencyKey, settle, type Schemas } from '../../../lib/api-client';

export const FIRMS_PAGE_SIZE = 25;

export const firmKeys = {
  all: ['firms'] as const,
  page: (page: number) => [...firmKeys.all, page] as const,
};

export function useFirms(page: number) {
  return useQuery({
    queryKey: firmKeys.page(page),
    queryFn: ({ signal }) => answer(api.GET('/firms', { params: { query: { page, pageSize: FIRMS_PAGE_SIZE } }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useAddFirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['CreateFirm']) =>
      settle(
        api.POST('/firms', { body, headers: { 'Idempotency-Key': newIdempotencyKey() } }),
        (status) => `The firm could not be added (error ${status}).`,
      ),
    onSuccess: (outcome) => {
      if (outcome.type === 'ok') void queryClient.invalidateQueries({ queryKey: firmKeys.all });
    },
  });
}

/** Disable or enable a title firm (admins; decision 071). The server's message is the answer. */
export function useSetFirmDisabled(firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (disabled: boolean) =>
      answer(
        disabled
          ? api.POST('/firms/{id}/disable', { params: { path: { id: firmId } } })
          : api.POST('/firms/{id}/enable', { params: { path: { id: firmId } } }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: firmKeys.all }),
  });
}

/** Every firm at once (the largest page holds them all), for a firm choice. */
export function useAllFirms() {
  return useQuery({
    queryKey: [...firmKeys.all, 'all'] as const,
    queryFn: ({ signal }) => answer(api.GET('/firms', { params: { query: { pageSize: 500 } }, signal })),
    staleTime: 5 * 60_000,
  });
}
