/**
 * A live view of the offline copy: Dexie's `liveQuery` runs `query` again whenever a row it read
 * changes, in this tab or another. Dexie is imported on first use, as everywhere in the page
 * (lib/offline-store.ts), so it stays out of the first screen's JavaScript; dexie-react-hooks
 * would have imported it up front. On a device that has no offline copy yet there is nothing to
 * show, so the view starts once the first screen is shown (lib/first-screen.ts). Undefined until the first answer; while `deps` change the
 * last answer stays on screen until the new one comes.
 *
 * Owns the shared views (`useSharedLiveDb`): one subscription per key for every component that
 * shows it (the header's chip, Log Out and the list all read the outbox), so that a change is
 * queried once, not once per reader. `useLiveDb`'s answers reach React as transitions: a copy
 * that changes while the agent taps or scrolls never re-renders the screen in one long task
 * ahead of the tap.
 */
import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { AgentDb } from './db';
import { afterFirstScreen } from './first-screen';
import { mayHaveOfflineCopy } from './offline-store';

/** Starts a live query; `onValue` gets each answer. Returns the stop. */
function watchLiveDb<T>(query: (db: AgentDb) => Promise<T>, onValue: (value: T) => void): () => void {
  let subscription: { unsubscribe(): void } | undefined;
  let stopped = false;
  void (async () => {
    if (!(await mayHaveOfflineCopy())) await afterFirstScreen();
    if (stopped) return;
    const { db, liveQuery } = await import('./db');
    if (stopped) return;
    subscription = liveQuery(() => query(db)).subscribe({
      next: onValue,
      error: (error: unknown) => console.warn('Offline copy unavailable', error),
    });
  })();
  return () => {
    stopped = true;
    subscription?.unsubscribe();
  };
}

export function useLiveDb<T>(query: (db: AgentDb) => Promise<T>, deps: readonly unknown[]): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(
    () => watchLiveDb(query, (next) => startTransition(() => setValue(next))),
    // The caller's deps, as with useEffect: `query` is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    deps,
  );
  return value;
}

interface SharedView {
  value: unknown;
  readers: Set<() => void>;
  stop: () => void;
}

const sharedViews = new Map<string, SharedView>();

/** The view of `key`, started by its first reader and stopped once its last one leaves. */
function readShared(key: string, query: (db: AgentDb) => Promise<unknown>, reader: () => void): () => void {
  let view = sharedViews.get(key);
  if (!view) {
    const started: SharedView = { value: undefined, readers: new Set(), stop: () => undefined };
    started.stop = watchLiveDb(query, (next) => {
      started.value = next;
      // A copy: a reader that leaves and a new one that comes while they are told are not told twice.
      for (const notify of [...started.readers]) notify();
    });
    sharedViews.set(key, started);
    view = started;
  }
  const shown = view;
  shown.readers.add(reader);
  return () => {
    shown.readers.delete(reader);
    if (shown.readers.size > 0) return;
    shown.stop();
    sharedViews.delete(key);
  };
}

/**
 * `useLiveDb` for a view several components show at once: the components using the same `key`
 * (which must say everything `query` reads by) share one live query, started by the first and
 * stopped when the last unmounts. An external store of React's: a changed answer renders at
 * once, as an outbox row that changed must show.
 */
export function useSharedLiveDb<T>(key: string, query: (db: AgentDb) => Promise<T>): T | undefined {
  const subscribe = useCallback(
    (reader: () => void) => readShared(key, query, reader),
    // The key says everything the query reads by; `query` is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const snapshot = () => sharedViews.get(key)?.value as T | undefined;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
