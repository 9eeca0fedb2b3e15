/**
 * Keeps the offline copy complete: after a portal list loads from the network, the detail of
 * each open, pending and assigned appointment — and for assigned ones the files list and the
 * message thread — is fetched into IndexedDB, so any of them opens with no signal; so are
 * completed ones still inside their 3-day window (`agentDetailWindowOpen`: scan-backs are due
 * then, and afterwards the server keeps the details from the agent). Threads are read with
 * `markRead=false`: mirroring is not the agent reading them. After the assigned and completed
 * lists, what the phone still holds of signings past their window is deleted
 * (lib/forget-closed-signings.ts), and after the assigned list the documents the agent keeps on
 * the phone are brought up to date.
 */
import { agentDetailWindowOpen } from '@signingdesk/domain/appointment-rules';
import { forgetClosedSignings } from '../../../lib/forget-closed-signings';
import { withMirror } from '../../../lib/offline-store';
import type { AgentAppointment, AgentTab } from '../../../types/api';
import { getAppointment } from './get-appointment';
import { downloadFile } from './get-download-link';
import { getFiles } from './get-files';
import { getNotes } from './get-notes';

const MIRRORED_TABS: ReadonlySet<AgentTab> = new Set(['open', 'pending', 'assigned', 'completed']);
const MAX_MIRRORED = 50;
/**
 * Requests in flight for the copy, all tabs together: the copy is background work, and on one
 * bar of signal the agent's own taps (an appointment opened, a claim) must not queue behind it.
 */
const CONCURRENCY = 2;

type Job = () => Promise<unknown>;
const queue: { job: Job; done: () => void }[] = [];
let workers = 0;

/** Runs the jobs in the one queue; resolves when all of them have run (or were dropped offline). */
function enqueue(jobs: Job[]): Promise<void> {
  const finished = jobs.map((job) => new Promise<void>((done) => queue.push({ job, done })));
  while (workers < CONCURRENCY && queue.length > 0) {
    workers += 1;
    void work().finally(() => {
      workers -= 1;
    });
  }
  return Promise.all(finished).then(() => undefined);
}

async function work(): Promise<void> {
  for (let next = queue.shift(); next; next = queue.shift()) {
    // With no signal, what waits is dropped: the next list loaded online asks again.
    if (navigator.onLine) await next.job().catch(() => undefined);
    next.done();
    // One answer (its JSON and its IndexedDB write) per task: the screen stays responsive.
    await nextIdle();
  }
}

function nextIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1_000 });
    else setTimeout(resolve, 0);
  });
}

export async function mirrorAppointments(tab: AgentTab, userId: string, items: AgentAppointment[]): Promise<void> {
  if (!MIRRORED_TABS.has(tab)) return;
  const jobs: Job[] = [];
  const wanted = tab === 'completed' ? items.filter((item) => agentDetailWindowOpen(item)) : items;
  for (const { id } of wanted.slice(0, MAX_MIRRORED)) {
    jobs.push(() => getAppointment({ id, userId }));
    if (tab === 'assigned' || tab === 'completed') {
      jobs.push(() => getFiles({ id, userId }));
      jobs.push(() => getNotes({ id, userId, markRead: false }));
    }
  }
  await enqueue(jobs);
  if (tab === 'assigned' || tab === 'completed') await withMirror((db) => forgetClosedSignings(db));
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
