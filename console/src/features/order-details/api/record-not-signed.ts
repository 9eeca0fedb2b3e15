/**
 * "Signer did not sign" by an operator (issue 33, item 2): POST /api/appointments/{id}/did-not-sign.
 * Settled rather than thrown, so a refusal's field errors go under the form's fields; the order
 * (its fees, outcome and invoice) is refetched whatever the answer, as after the other actions.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, settle, type Schemas } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export function useRecordNotSigned(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['NotSigned']) =>
      settle(
        api.POST('/appointments/{id}/did-not-sign', { params: { path: { id } }, body }),
        (status) => `The outcome could not be recorded (error ${status}).`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
  });
}
