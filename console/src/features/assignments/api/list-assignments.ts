/**
 * The operators' Assignments (spec 02 §2): appointments by status (Open by default) and firm
 * (all, or one), paged on the server (GET /api/appointments), and the firm choices
 * (GET /api/firms).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AttentionKind } from '@signingdesk/domain/attention';
import type { AppointmentStatus } from '@signingdesk/domain/codes';
import { answer, api } from '../../../lib/api-client';

export type AssignmentFilter = { status: AppointmentStatus; firmId?: string; attention?: AttentionKind; page: number; pageSize: number };

export const assignmentKeys = {
  all: ['assignments'] as const,
  lists: () => [...assignmentKeys.all, 'list'] as const,
  list: (filter: AssignmentFilter) => [...assignmentKeys.lists(), filter] as const,
  firms: () => [...assignmentKeys.all, 'firms'] as const,
};

export function useAssignments(filter: AssignmentFilter) {
  return useQuery({
    queryKey: assignmentKeys.list(filter),
    queryFn: ({ signal }) => answer(api.GET('/appointments', { params: { query: filter }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** Every firm, for the filter (the list's largest page holds them all). */
export function useFirmChoices() {
  return useQuery({
    queryKey: assignmentKeys.firms(),
    queryFn: ({ signal }) => answer(api.GET('/firms', { params: { query: { pageSize: 500 } }, signal })),
    staleTime: 5 * 60_000,
  });
}
