/**
 * The files of an assigned appointment with their log lines: GET /api/appointments/{id}/files,
 * mirrored into IndexedDB (table `appointmentFiles`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, type Schemas } from '../../../lib/api-client';
import { mirroredGet, type Mirrored } from '../../../lib/mirrored-get';
import { filesStore } from './mirror-stores';
import { appointmentKeys } from './appointment-keys';

export function getFiles(options: { id: string; userId: string; signal?: AbortSignal }): Promise<Mirrored<Schemas['FileList']>> {
  const { id, userId, signal } = options;
  return mirroredGet({
    get: () => answer(api.GET('/appointments/{id}/files', { params: { path: { id } }, ...(signal ? { signal } : {}) })),
    store: filesStore(id, userId),
  });
}

export function filesQueryOptions(id: string, userId: string) {
  return queryOptions({
    queryKey: appointmentKeys.files(id),
    queryFn: ({ signal }) => getFiles({ id, userId, signal }),
  });
}

export function useFiles(id: string, userId: string, enabled = true) {
  return useQuery({ ...filesQueryOptions(id, userId), enabled });
}
