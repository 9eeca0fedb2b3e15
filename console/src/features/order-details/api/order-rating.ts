/**
 * The escrow rating of a completed signing (issue 31): GET and POST /api/appointments/{id}/rating.
 * Rated once; the answer of the POST is written into the cache, so the card turns into "You rated
 * this signing 4/5" without another request.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type Schemas } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export function useOrderRating(id: string) {
  return useQuery({
    queryKey: orderKeys.rating(id),
    queryFn: ({ signal }) => answer(api.GET('/appointments/{id}/rating', { params: { path: { id } }, signal })),
  });
}

export function useRateSigning(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['EscrowRatingInput']) => answer(api.POST('/appointments/{id}/rating', { params: { path: { id } }, body })),
    onSuccess: (result) => queryClient.setQueryData(orderKeys.rating(id), { rating: result.rating }),
    // A 409 (rated meanwhile, in another tab): show what is stored.
    onError: () => queryClient.invalidateQueries({ queryKey: orderKeys.rating(id) }),
  });
}
