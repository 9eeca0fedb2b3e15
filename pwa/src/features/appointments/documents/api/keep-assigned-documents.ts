/**
 * The keep step for all of the agent's assignments at once, from the last synced assigned list:
 * run when the agent turns "Keep documents on this phone" on or off in the profile. Turned on,
 * today's and tomorrow's documents are kept right away rather than at the next sync; turned
 * off, every kept copy is deleted. With no assigned list on the phone yet there is nothing to
 * judge (the portal's next sync keeps them).
 */
import { loadAppointmentList } from '../../../../lib/offline-store';
import { downloadFile } from '../../api/get-download-link';
import { getFiles } from '../../api/get-files';
import { keepDocumentsNow } from './keep-documents';

export async function keepAssignedDocuments(userId: string): Promise<void> {
  const list = await loadAppointmentList('assigned');
  await keepDocumentsNow({
    userId,
    candidates: list?.userId === userId ? list.items : [],
    // Copies of assignments no longer listed are the portal's sync to judge (it reads the list).
    complete: false,
    sources: { listFiles: async (id) => (await getFiles({ id, userId })).data, download: downloadFile },
  });
}
