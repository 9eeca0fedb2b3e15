/** The order's timeline as this caller may see it: GET /api/appointments/{id}/timeline, oldest first. */
import { useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export function useOrderTimeline(id: string) {
  return useQuery({
    queryKey: orderKeys.timeline(id),
    queryFn: ({ signal }) => answer(api.GET('/appointments/{id}/timeline', { params: { path: { id } }, signal })),
  });
}
