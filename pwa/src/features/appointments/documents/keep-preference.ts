/**
 * Whether the agent turned on "Keep documents on this phone": one flag per user on this
 * device, in localStorage (a preference, not data: it stays after sign-out, so the documents
 * come back at the next sync after signing in again). Listeners hear changes made in this tab
 * and, through the `storage` event, in other tabs.
 */
import { useSyncExternalStore } from 'react';

const KEY_PREFIX = 'signingdesk.keepDocuments.';
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage blocked by the browser's settings.
    return null;
  }
}

export function readKeepPreference(userId: string): boolean {
  return storage()?.getItem(KEY_PREFIX + userId) === 'on';
}

export function writeKeepPreference(userId: string, on: boolean): void {
  const store = storage();
  if (!store) return;
  if (on) store.setItem(KEY_PREFIX + userId, 'on');
  else store.removeItem(KEY_PREFIX + userId);
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(KEY_PREFIX)) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export function useKeepPreference(userId: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => readKeepPreference(userId),
    () => false,
  );
}
