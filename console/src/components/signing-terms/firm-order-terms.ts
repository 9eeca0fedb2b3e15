/**
 * A firm's default order terms (issue 33, decision 068): GET /api/firms/{id}/order-terms.
 * Operators read any firm's, escrow users their own firm's. Shared by the order form (a new
 * order starts from them) and the firm's settings card (which writes its saved answer here).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../lib/api-client';

export const firmOrderTermsKeys = {
  all: ['firm-order-terms'] as const,
  detail: (firmId: string) => [...firmOrderTermsKeys.all, firmId] as const,
};

export const firmOrderTermsOptions = (firmId: string) =>
  queryOptions({
    queryKey: firmOrderTermsKeys.detail(firmId),
    queryFn: ({ signal }) => answer(api.GET('/firms/{id}/order-terms', { params: { path: { id: firmId } }, signal })),
  });

/** The firm's defaults; nothing is asked until a firm is known (an operator's form before the firm is chosen). */
export function useFirmOrderTerms(firmId: string) {
  return useQuery({ ...firmOrderTermsOptions(firmId), enabled: firmId !== '' });
}
