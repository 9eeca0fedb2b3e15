/**
 * The Outbox (issue 12): notification jobs, newest first, with what each channel did
 * (GET /api/notifications/jobs), filtered by state.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';

export const OUTBOX_PAGE_SIZE = 25;
export const JOB_STATES = ['pending', 'sent', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const outboxKeys = {
  all: ['outbox'] as const,
  page: (state: JobState | null, page: number) => [...outboxKeys.all, state, page] as const,
};

export function useNotificationJobs(state: JobState | null, page: number) {
  return useQuery({
    queryKey: outboxKeys.page(state, page),
    queryFn: ({ signal }) =>
      answer(
        api.GET('/notifications/jobs', { params: { query: { ...(state ? { state } : {}), page, pageSize: OUTBOX_PAGE_SIZE } }, signal }),
      ),
    placeholderData: keepPreviousData,
  });
}
