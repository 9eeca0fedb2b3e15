/**
 * Registers the service worker (production builds only) and tells the page when a new
 * version is waiting. Updating is the agent's choice: `applyUpdate()` asks the waiting worker
 * to take over ({type:'SKIP_WAITING'}) and reloads once it controls the page.
 */
import type { Workbox } from 'workbox-window';

type Listener = () => void;

let workbox: Workbox | null = null;
let updateWaiting = false;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const base = import.meta.env.BASE_URL;
  const wb = new Workbox(`${base}sw.js`, { scope: base });
  workbox = wb;
  wb.addEventListener('waiting', () => {
    updateWaiting = true;
    notify();
  });
  try {
    await wb.register();
  } catch (error) {
    console.warn('Service worker registration failed', error);
  }
  // An installed app can stay open for days: look for a new version now and then.
  const HOUR_MS = 60 * 60 * 1000;
  setInterval(() => {
    if (navigator.onLine) void workbox?.update();
  }, HOUR_MS);
}

export function subscribeToUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
