/**
 * The files of an assigned appointment with their log lines: GET /api/appointments/{id}/files,
 * mirrored into IndexedDB (table `appointmentFiles`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FileList } from '@signingdesk/api/contracts';
import { asObject, mirroredGet, type Mirrored } from '../../../lib/mirrored-get';
import { filesStore } from './mirror-stores';
import { appointmentKeys } from './appointment-keys';

export function getFiles(options: { id: string; userId: string; signal?: AbortSignal }): Promise<Mirrored<FileList>> {
  const { id, userId, signal } = options;
  return mirroredGet({
    path: `/api/appointments/${encodeURIComponent(id)}/files`,
    signal,
    parse: asObject<FileList>('GET /api/appointments/{id}/files'),
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
