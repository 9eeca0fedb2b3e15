/** GET /api/escrow/appointments: one page of the officer's (or the firm's) orders, sorted and searched on the server. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';
import { escrowOrderKeys, type EscrowListFilter } from './escrow-order-keys';

export function escrowListOptions(filter: EscrowListFilter) {
  return queryOptions({
    queryKey: escrowOrderKeys.list(filter),
    queryFn: ({ signal }) =>
      answer(api.GET('/escrow/appointments', { params: { query: { ...filter, q: filter.q || undefined } }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useEscrowList(filter: EscrowListFilter) {
  return useQuery(escrowListOptions(filter));
}

/** The CSV export of the same filter (all rows, streamed by the server as a download). */
export function escrowExportUrl(filter: Omit<EscrowListFilter, 'page' | 'pageSize'>): string {
  const query = new URLSearchParams({ view: filter.view, sort: filter.sort, order: filter.order });
  if (filter.q) query.set('q', filter.q);
  if (filter.status) query.set('status', filter.status);
  return `/api/escrow/appointments/export?${query.toString()}`;
}
