/**
 * What the phone holds of the offers the agent answered (for list-with-outbox.ts): the card of
 * the last synced Open list, else the mirrored offer preview, by appointment id. Live: read
 * again when either copy changes.
 */
import { useLiveDb } from '../../../lib/use-live-db';
import type { AgentAppointment } from '../../../types/api';
import { cardOfPreview } from '../list-with-outbox';

export function useOfferSources(userId: string, ids: readonly string[]): ReadonlyMap<string, AgentAppointment> | undefined {
  const key = [...ids].sort().join(',');
  return useLiveDb(
    async (db) => {
      const sources = new Map<string, AgentAppointment>();
      if (ids.length === 0) return sources;
      const [open, views] = await Promise.all([db.appointmentLists.get('open'), db.appointments.bulkGet([...ids])]);
      for (const row of views) {
        if (row?.userId === userId && row.view.view === 'preview') sources.set(row.id, cardOfPreview(row.view));
      }
      if (open?.userId === userId) {
        for (const item of open.items) if (ids.includes(item.id)) sources.set(item.id, item);
      }
      return sources;
    },
    [userId, key],
  );
}
