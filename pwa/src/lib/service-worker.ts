/**
 * Registers the service worker (production builds only) and tells the page when a new
 * version is waiting. Updating is the agent's choice: `applyUpdate()` asks the waiting worker
 * to take over ({type:'SKIP_WAITING'}, asked again each second until it does) and reloads once
 * it controls the page. A version that took over already (pressed in another tab of the app)
 * is simply loaded. The first version installed on this device tells the page once that the
 * app now opens with no network ("Ready to work offline"; remembered in localStorage).
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
  // Activated means the precache is complete: every screen now opens offline.
  wb.addEventListener('activated', (event) => {
    if (event.isUpdate || offlineReadyTold()) return;
    offlineReadyNews = true;
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

const OFFLINE_READY_TOLD_KEY = 'signingdesk-offline-ready-told';
let offlineReadyNews = false;

function offlineReadyTold(): boolean {
  try {
    return localStorage.getItem(OFFLINE_READY_TOLD_KEY) !== null;
  } catch {
    return false;
  }
}

/** True from the first install's activation until the note is put away (`putAwayOfflineReady`). */
export function isOfflineReadyNews(): boolean {
  return offlineReadyNews;
}

/** "Ready to work offline" is on screen: never again on this device. */
export function offlineReadySaid(): void {
  try {
    localStorage.setItem(OFFLINE_READY_TOLD_KEY, new Date().toISOString());
  } catch {
    // Storage refused: said once in this page at least.
  }
}

/** The note was read (OK) or has been up long enough. */
export function putAwayOfflineReady(): void {
  offlineReadyNews = false;
  notify();
}

/** Called when an update waits or the app became ready to work offline. */
export function subscribeToUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

let reloading = false;

function reload(): void {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/** How often the waiting version is asked again to take over until it does. */
const ASK_AGAIN_MS = 1_000;

export async function applyUpdate(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL);
  if (!registration?.waiting) {
    // Nothing waits any more: the new version controls the page already.
    reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  // Chromium hears the first request and activates the waiting version once the old one has
  // stopped (sw.ts keeps the page's API requests and built files from waking it). The request
  // is repeated each second all the same: a newer version can replace the one asked, and it
  // must be asked too.
  const watched = new WeakSet<ServiceWorker>();
  const ask = () => {
    if (reloading) return;
    const waiting = registration.waiting;
    if (waiting) {
      if (!watched.has(waiting)) {
        watched.add(waiting);
        waiting.addEventListener('statechange', () => {
          if (waiting.state === 'activated') reload();
        });
      }
      waiting.postMessage({ type: 'SKIP_WAITING' });
    } else if (registration.active?.state === 'activated') {
      // Its activation is the signal too, should the controller change go unseen.
      reload();
      return;
    }
    window.setTimeout(ask, ASK_AGAIN_MS);
  };
  ask();
}
