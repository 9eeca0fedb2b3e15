/**
 * Automatic dispatch of one order (issue 32, decision 067): where it stands with its log, and the
 * operator's start / pause / resume / stop. Under the order's key, so a live update of the order
 * refetches it; a control refetches the order too (its status line and offers change with it).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type Schemas } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export type DispatchControl = Schemas['DispatchControl']['action'];

export function useDispatch(id: string) {
  return useQuery({
    queryKey: orderKeys.dispatch(id),
    queryFn: ({ signal }) => answer(api.GET('/appointments/{id}/dispatch', { params: { path: { id } }, signal })),
  });
}

export function useDispatchControl(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: DispatchControl) =>
      answer(api.POST('/appointments/{id}/dispatch', { params: { path: { id } }, body: { action } })),
    onSuccess: (result) => queryClient.setQueryData(orderKeys.dispatch(id), result.dispatch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
  });
}
