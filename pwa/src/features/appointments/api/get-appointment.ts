/**
 * One appointment as the agent may see it: GET /api/appointments/{id} answers the assigned
 * agent's full view (`view: 'agent'`), once a completed signing's 3-day window has closed the
 * record of what they are paid for (`view: 'agent_record'`), or, for an offer, the preview
 * (`view: 'preview'`). Mirrored into IndexedDB (table `appointments`) so it opens offline; a
 * record also takes the signing's files list, thread and kept documents off the phone.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client';
import { mirroredGet, type Mirrored } from '../../../lib/mirrored-get';
import { withMirror } from '../../../lib/offline-store';
import type { AppointmentView } from '../../../types/api';
import { appointmentViewStore } from './mirror-stores';
import { appointmentKeys } from './appointment-keys';

export type AgentVisibleView = Extract<AppointmentView, { view: 'agent' | 'agent_record' | 'preview' }>;

export function getAppointment(options: { id: string; userId: string; signal?: AbortSignal }): Promise<Mirrored<AgentVisibleView>> {
  const { id, userId, signal } = options;
  return mirroredGet({
    get: async () => {
      const view = await answer(api.GET('/appointments/{id}', { params: { path: { id } }, ...(signal ? { signal } : {}) }));
      if (!isAgentVisible(view)) throw new TypeError(`unexpected view ${view.view}`);
      if (view.view === 'agent_record')
        void withMirror(async (db) => (await import('../../../lib/forget-closed-signings')).forgetDetails(db, [id]));
      return view;
    },
    store: appointmentViewStore(id, userId, isAgentVisible),
  });
}

function isAgentVisible(view: AppointmentView): view is AgentVisibleView {
  return view.view === 'agent' || view.view === 'agent_record' || view.view === 'preview';
}

export function appointmentQueryOptions(id: string, userId: string) {
  return queryOptions({
    queryKey: appointmentKeys.detail(id),
    queryFn: ({ signal }) => getAppointment({ id, userId, signal }),
  });
}

export function useAppointment(id: string, userId: string) {
  return useQuery(appointmentQueryOptions(id, userId));
}

/** The last synced view of this user, shown while the network is still answering. */
export async function loadAppointmentCopy(id: string, userId: string): Promise<Mirrored<AgentVisibleView> | null> {
  const row = await appointmentViewStore(id, userId, isAgentVisible).load();
  return row ? { data: row.data, syncedAt: row.syncedAt, offline: true } : null;
}
