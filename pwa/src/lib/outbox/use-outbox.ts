/**
 * React views of the outbox (live: Dexie re-runs the query when a row changes, in any tab).
 */
import { useLiveDb, useSharedLiveDb } from '../use-live-db';
import type { OutboxItem } from './types';

/** One row, by id (undefined while loading or once dismissed). */
export function useOutboxItem(id: string | null | undefined): OutboxItem | undefined {
  return useLiveDb(async (db) => (id ? db.outbox.get(id) : undefined), [id]);
}

/**
 * Every row of the user, oldest first. One live query for all the screen's readers (the header's
 * chip, Log Out, the list): each change is read once.
 */
export function useOutboxItems(userId: string): OutboxItem[] | undefined {
  return useSharedLiveDb(`outbox:${userId}`, (db) => db.outbox.where('userId').equals(userId).sortBy('createdAt'));
}

/** The rows of one appointment, oldest first. */
export function useAppointmentOutbox(userId: string, appointmentId: string): OutboxItem[] | undefined {
  return useLiveDb(
    async (db) =>
      (await db.outbox.where('appointmentId').equals(appointmentId).sortBy('createdAt')).filter((item) => item.userId === userId),
    [userId, appointmentId],
  );
}

export function isWaiting(item: OutboxItem): boolean {
  return item.state === 'queued' || item.state === 'sending';
}
