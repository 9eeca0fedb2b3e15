/**
 * The message thread of an appointment: GET /api/appointments/{id}/notes (reading marks the
 * agent's side read), mirrored into IndexedDB (table `appointmentNotes`). Agents get the
 * fee-discussion warning with it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, type Schemas } from '../../../lib/api-client';
import { mirroredGet, type Mirrored } from '../../../lib/mirrored-get';
import { notesStore } from './mirror-stores';
import { appointmentKeys } from './appointment-keys';

/** `markRead: false` when mirroring in the background: the agent has not seen the thread yet. */
export function getNotes(options: {
  id: string;
  userId: string;
  signal?: AbortSignal;
  markRead?: boolean;
}): Promise<Mirrored<Schemas['NoteThread']>> {
  const { id, userId, signal, markRead = true } = options;
  return mirroredGet({
    get: () =>
      answer(
        api.GET('/appointments/{id}/notes', {
          params: { path: { id }, query: markRead ? {} : { markRead: 'false' } },
          ...(signal ? { signal } : {}),
        }),
      ),
    store: notesStore(id, userId),
  });
}

export function notesQueryOptions(id: string, userId: string) {
  return queryOptions({
    queryKey: appointmentKeys.notes(id),
    queryFn: ({ signal }) => getNotes({ id, userId, signal }),
  });
}

export function useNotes(id: string, userId: string, enabled = true) {
  return useQuery({ ...notesQueryOptions(id, userId), enabled });
}
