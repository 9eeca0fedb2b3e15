/**
 * Keeps the offline copy complete: after a portal list loads from the network, the detail of
 * each open, pending and assigned appointment — and for assigned ones the files list and the
 * message thread — is fetched into IndexedDB, so any of them opens with no signal; so are
 * completed ones whose panels are still open (scan-backs are due for 3 days after the signing). Threads
 * are read with `markRead=false`: mirroring is not the agent reading them. After the assigned
 * list, the documents the agent keeps on the phone are brought up to date.
 */
import { panelsEnabled } from '@signingdesk/domain/appointment-rules';
import type { AgentAppointment, AgentTab } from '../../../types/api';
import { getAppointment } from './get-appointment';
import { downloadFile } from './get-download-link';
import { getFiles } from './get-files';
import { getNotes } from './get-notes';

const MIRRORED_TABS: ReadonlySet<AgentTab> = new Set(['open', 'pending', 'assigned', 'completed']);
const MAX_MIRRORED = 50;
const CONCURRENCY = 3;

export async function mirrorAppointments(tab: AgentTab, userId: string, items: AgentAppointment[]): Promise<void> {
  if (!MIRRORED_TABS.has(tab)) return;
  const jobs: (() => Promise<unknown>)[] = [];
  const wanted = tab === 'completed' ? items.filter((item) => panelsEnabled(item.status, item.startsAt)) : items;
  for (const { id } of wanted.slice(0, MAX_MIRRORED)) {
    jobs.push(() => getAppointment({ id, userId }));
    if (tab === 'assigned' || tab === 'completed') {
      jobs.push(() => getFiles({ id, userId }));
      jobs.push(() => getNotes({ id, userId, markRead: false }));
    }
  }
  const next = async (): Promise<void> => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      if (!navigator.onLine) return;
      await job().catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, next));
  if (tab === 'assigned') await keepDocuments(userId, items);
}

/**
 * Documents of today's and tomorrow's assignments kept on the phone when the agent asked for
 * it, and copies that no longer qualify deleted (features/appointments/documents, docs/decisions/017).
 */
async function keepDocuments(userId: string, items: AgentAppointment[]): Promise<void> {
  const { keepDocumentsNow } = await import('../documents/api/keep-documents');
  await keepDocumentsNow({
    userId,
    candidates: items,
    // A full page may not be the whole list: then a missing appointment is not taken as unassigned.
    complete: items.length < MAX_MIRRORED,
    sources: { listFiles: async (id) => (await getFiles({ id, userId })).data, download: downloadFile },
  });
}
