/**
 * The offer preview an agent opens from a notification: GET /api/appointments/{id}/preview
 * (stage offer / pending / assigned / taken / unavailable), mirrored with the appointment's
 * other views in IndexedDB; and the comparison orders of the area (online only).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';
import { mirroredGet, type Mirrored } from '../../../lib/mirrored-get';
import type { AppointmentView, OfferPreviewView } from '../../../types/api';
import { appointmentKeys } from './appointment-keys';
import { appointmentViewStore } from './mirror-stores';

export function previewQueryOptions(id: string, userId: string) {
  return queryOptions({
    queryKey: [...appointmentKeys.detail(id), 'preview'] as const,
    queryFn: ({ signal }) =>
      mirroredGet({
        get: () => answer(api.GET('/appointments/{id}/preview', { params: { path: { id } }, signal })),
        store: appointmentViewStore(id, userId, isPreview),
      }),
  });
}

function isPreview(view: AppointmentView): view is OfferPreviewView {
  return view.view === 'preview';
}

/** The last synced preview of this user, shown while the network is still answering. */
export async function loadPreviewCopy(id: string, userId: string): Promise<Mirrored<OfferPreviewView> | null> {
  const row = await appointmentViewStore(id, userId, isPreview).load();
  return row ? { data: row.data, syncedAt: row.syncedAt, offline: true } : null;
}

export function usePreview(id: string, userId: string, enabled: boolean) {
  return useQuery({ ...previewQueryOptions(id, userId), enabled });
}

export function useComparisonOrders(id: string, enabled: boolean) {
  return useQuery({
    queryKey: appointmentKeys.comparison(id),
    queryFn: ({ signal }) => answer(api.GET('/appointments/{id}/comparison-orders', { params: { path: { id } }, signal })),
    enabled,
    staleTime: 10 * 60_000,
  });
}
