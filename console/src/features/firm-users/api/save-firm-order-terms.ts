/**
 * A firm's default order terms (issue 33, decision 068): PUT /api/firms/{id}/order-terms,
 * operators for any firm and the firm's org admin for its own. The saved answer replaces the
 * GET's, which the order form also reads.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { firmOrderTermsKeys } from '../../../components/signing-terms/firm-order-terms';
import { api, settle, type Schemas } from '../../../lib/api-client';

export function useSaveFirmOrderTerms(firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['FirmOrderTermsInput']) =>
      settle(
        api.PUT('/firms/{id}/order-terms', { params: { path: { id: firmId } }, body }),
        (status) => `The default order terms could not be saved (error ${status}).`,
      ),
    onSuccess: (outcome) => {
      if (outcome.type === 'ok') queryClient.setQueryData(firmOrderTermsKeys.detail(firmId), outcome.data.terms);
    },
  });
}
