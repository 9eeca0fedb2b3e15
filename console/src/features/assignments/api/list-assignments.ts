/**
 * The operators' Assignments (spec 02 §2): appointments by status (Open by default) and firm
 * (all, or one), searched, sorted and paged on the server (GET /api/appointments), and the firm
 * choices (GET /api/firms).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AttentionKind } from '@signingdesk/domain/attention';
import type { AppointmentStatus } from '@signingdesk/domain/codes';
import type { operations } from '@signingdesk/domain/api-contract';
import { answer, api, type Schemas } from '../../../lib/api-client';

/** The columns the server sorts by (the API's own list, so a renamed one fails the type-check). */
export type AssignmentSort = NonNullable<NonNullable<operations['searchAppointments']['parameters']['query']>['sort']>;

export type AssignmentFilter = {
  status: AppointmentStatus;
  firmId?: string;
  attention?: AttentionKind;
  q?: string;
  sort?: AssignmentSort;
  order?: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

export type AssignmentRow = Schemas['AssignmentRow'];

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
