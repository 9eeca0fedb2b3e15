/**
 * A live view of the offline copy: Dexie's `liveQuery` runs `query` again whenever a row it read
 * changes, in this tab or another. Dexie is imported on first use, as everywhere in the page
 * (lib/offline-store.ts), so it stays out of the first screen's JavaScript; dexie-react-hooks
 * would have imported it up front. On a device that has no offline copy yet there is nothing to
 * show, so the view starts once the first screen is shown (lib/first-screen.ts). Undefined until the first answer; while `deps` change the
 * last answer stays on screen until the new one comes.
 */
import { useEffect, useState } from 'react';
import type { AgentDb } from './db';
import { afterFirstScreen } from './first-screen';
import { mayHaveOfflineCopy } from './offline-store';

export function useLiveDb<T>(query: (db: AgentDb) => Promise<T>, deps: readonly unknown[]): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let subscription: { unsubscribe(): void } | undefined;
    let stopped = false;
    void (async () => {
      if (!(await mayHaveOfflineCopy())) await afterFirstScreen();
      if (stopped) return;
      const { db, liveQuery } = await import('./db');
      if (stopped) return;
      subscription = liveQuery(() => query(db)).subscribe({
        next: setValue,
        error: (error: unknown) => console.warn('Offline copy unavailable', error),
      });
    })();
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
    // The caller's deps, as with useEffect: `query` is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}
