/**
 * A GET whose answer is mirrored into IndexedDB: online, the answer is saved (with the time);
 * when the network is gone, the saved copy of the same user is answered instead, with the time
 * it was synced. A 404 erases the copy (the agent may no longer see it: offer taken, reassigned).
 */
import { ApiError, NetworkError } from './api-client';

export interface Mirrored<T> {
  data: T;
  /** When the copy was synced (epoch ms); `offline` says whether the network answered. */
  syncedAt: number;
  offline: boolean;
}

export interface MirrorStore<T> {
  load(): Promise<{ data: T; syncedAt: number } | undefined>;
  save(data: T): Promise<void>;
  remove(): Promise<void>;
}

export async function mirroredGet<T>(options: { get: () => Promise<T>; store: MirrorStore<T> }): Promise<Mirrored<T>> {
  const { get, store } = options;
  try {
    const data = await get();
    void store.save(data);
    return { data, syncedAt: Date.now(), offline: false };
  } catch (error) {
    if (error instanceof NetworkError) {
      const row = await store.load();
      if (row) return { data: row.data, syncedAt: row.syncedAt, offline: true };
    }
    if (error instanceof ApiError && error.status === 404) void store.remove();
    throw error;
  }
}
