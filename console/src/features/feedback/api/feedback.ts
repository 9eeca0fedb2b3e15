/**
 * The Feedback inbox (spec 02 §2, admin only): contact and landing-page requests, newest first
 * (GET /api/feedback, read ones only with includeRead), Mark Selected as Read
 * (POST /api/feedback/read) and a reply by email or text message (POST /api/feedback/{id}/replies),
 * each write with an Idempotency-Key.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, newIdempotencyKey, type Schemas } from '../../../lib/api-client';

export const FEEDBACK_PAGE_SIZE = 25;
/** Spec 02 §5: a feedback reply is at most 320 characters. */
export const MAX_REPLY_LENGTH = 320;

export const feedbackKeys = {
  all: ['feedback'] as const,
  page: (includeRead: boolean, page: number) => [...feedbackKeys.all, includeRead, page] as const,
};

export function useFeedback(includeRead: boolean, page: number) {
  return useQuery({
    queryKey: feedbackKeys.page(includeRead, page),
    queryFn: ({ signal }) =>
      answer(api.GET('/feedback', { params: { query: { includeRead, page, pageSize: FEEDBACK_PAGE_SIZE } }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      answer(api.POST('/feedback/read', { body: { ids }, headers: { 'Idempotency-Key': newIdempotencyKey() } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}

export function useReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['CreateFeedbackReply']) =>
      answer(api.POST('/feedback/{id}/replies', { params: { path: { id } }, body, headers: { 'Idempotency-Key': newIdempotencyKey() } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}
