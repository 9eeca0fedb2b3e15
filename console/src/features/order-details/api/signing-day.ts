/**
 * Signing day by an operator (issue 33, items 3 and 4): the confirmation with the signer, a
 * confirmation link texted or emailed to the signer, and the originals' shipment. Settled rather
 * than thrown, so a refusal's field errors go under the form's fields; the order is refetched
 * whatever the answer, as after the other actions.
 */
import type { Settled } from '@signingdesk/domain/problem';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, settle, type Schemas } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

function useOrderMutation<T>(id: string, mutationFn: (body: T) => Promise<Settled<Schemas['TransitionResult']>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }) });
}

export function useRecordSignerConfirmation(id: string) {
  return useOrderMutation(id, (body: Schemas['SignerConfirmationInput']) =>
    settle(
      api.POST('/appointments/{id}/signer-confirmations', { params: { path: { id } }, body }),
      (status) => `The confirmation could not be recorded (error ${status}).`,
    ),
  );
}

export function useSendSignerLink(id: string) {
  return useOrderMutation(id, (body: Schemas['SignerLinkInput']) =>
    settle(
      api.POST('/appointments/{id}/signer-link', { params: { path: { id } }, body }),
      (status) => `The confirmation link could not be sent (error ${status}).`,
    ),
  );
}

export function useRecordReturnShipment(id: string) {
  return useOrderMutation(id, (body: Schemas['ReturnShipmentInput']) =>
    settle(
      api.POST('/appointments/{id}/return-shipment', { params: { path: { id } }, body }),
      (status) => `The shipment could not be recorded (error ${status}).`,
    ),
  );
}
