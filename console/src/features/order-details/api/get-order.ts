/**
 * One order as the caller may see it: GET /api/appointments/{id} (the escrow view for escrow
 * roles), its files and its message thread. A 404 means "no such order, or not yours to see".
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, ApiError, settle, type Schemas } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** A refusal that must not be retried: the order is not there for this caller. */
const notRetried = (failures: number, error: Error) => !(error instanceof ApiError && error.status < 500) && failures < 2;

export function orderOptions(id: string) {
  return queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => answer(api.GET('/appointments/{id}', { params: { path: { id } }, signal })),
    retry: notRetried,
  });
}

export const useOrder = (id: string) => useQuery(orderOptions(id));

export function useOrderFiles(id: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.files(id),
    queryFn: ({ signal }) => answer(api.GET('/appointments/{id}/files', { params: { path: { id } }, signal })),
    enabled,
    retry: notRetried,
  });
}

export function useOrderNotes(id: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.notes(id),
    queryFn: ({ signal }) => answer(api.GET('/appointments/{id}/notes', { params: { path: { id } }, signal })),
    enabled,
    retry: notRetried,
  });
}

export function usePostNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => answer(api.POST('/appointments/{id}/notes', { params: { path: { id } }, body: { message } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.notes(id) }),
  });
}

/** An operator removes a message (spec 02 §2 "Message Center"); the thread reloads either way. */
export function useRemoveNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => answer(api.DELETE('/appointments/{id}/notes/{noteId}', { params: { path: { id, noteId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.notes(id) }),
  });
}

/** A short-lived signed link to one file, opened in a new tab. */
export function downloadLink(id: string, fileId: string) {
  return answer(api.POST('/appointments/{id}/files/{fileId}/download', { params: { path: { id, fileId } } }));
}

/**
 * PATCH /api/appointments/{id} with the changed fields only, on the version the editor read
 * (If-Match): an order someone changed since then answers 409 CONFLICT and is not overwritten.
 */
export function useUpdateOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changes, version }: { changes: Schemas['UpdateAppointment']; version: string }) =>
      settle(
        api.PATCH('/appointments/{id}', { params: { path: { id }, header: { 'if-match': version } }, body: changes }),
        (status) => `The order could not be updated (error ${status}).`,
      ),
    onSuccess: (outcome) => {
      if (outcome.type === 'ok') void queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) });
    },
  });
}
