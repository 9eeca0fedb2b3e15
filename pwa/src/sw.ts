/**
 * Service worker of the agent app (scope /notary/).
 *
 * Owns: the precache of the built app shell (injected by vite-plugin-pwa), the offline
 * navigation fallback to the precached index.html, push notifications (one per payload tag;
 * a tap opens the offer preview, and the link is stored for the app to open if the browser
 * drops it), and Background Sync of the outbox: the open app is asked to flush; with no app
 * open, the worker sends the waiting actions itself (all but scan-backs, which need the page),
 * a sign-out made offline included (lib/outbox/signed-out.ts).
 * Never caches /api/ responses: user data lives in IndexedDB (src/lib/db.ts), written by the
 * page, so that signing out can erase it. In Chromium, API requests and the hashed files do
 * not reach it at all (static routes, below).
 */
import { cacheNames } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { DEEP_LINK_CACHE, DEEP_LINK_KEY } from './lib/deep-link-keys';

declare let self: ServiceWorkerGlobalScope;

const FALLBACK_TITLE = 'SigningDesk';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const scope = new URL(self.registration.scope);
const appIndex = new URL('index.html', scope).href;

// Every navigation inside the scope gets the app shell; the router in the page takes over.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(appIndex), {
    allowlist: [new RegExp(`^${escapeRegExp(scope.pathname)}`)],
    denylist: [new RegExp(`^${escapeRegExp(scope.pathname)}api(/|$)`), /^\/api(\/|$)/],
  }),
);

/**
 * Static routes (Chromium): requests to the API go straight to the network, and the built
 * app's hashed files straight to the precache (a miss goes to the network), neither through
 * this worker; elsewhere the fetch handler serves them as before. Besides sparing each request
 * the worker's start-up, this lets an update take over: Chromium activates a waiting version
 * only once the old one has stopped, and a request reaching the old one as it stops starts it
 * again — the page refetching after a claim, or loading its other screens' files in the
 * seconds after it opens, kept an agent who pressed Reload waiting for the old version's next
 * idle stop (30 s, or 5 minutes under DevTools). Each rule is added on its own: a browser
 * that refuses one keeps the other.
 */
interface StaticRoute {
  condition: { urlPattern: { pathname: string } };
  source: 'network' | { cacheName: string };
}
interface StaticRouteInstallEvent extends ExtendableEvent {
  addRoutes?: (rules: StaticRoute[]) => Promise<void>;
}

const STATIC_ROUTES: StaticRoute[] = [
  { condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' },
  // Every file under assets/ has its hash in its name, so the precache keeps it under its own URL.
  { condition: { urlPattern: { pathname: `${scope.pathname}assets/*` } }, source: { cacheName: cacheNames.precache } },
];

self.addEventListener('install', (event) => {
  const install = event as StaticRouteInstallEvent;
  if (!install.addRoutes) return;
  for (const route of STATIC_ROUTES) {
    try {
      install.addRoutes([route]).catch((error: unknown) => console.warn('Static route refused', route, error));
    } catch (error) {
      console.warn('Static route refused', route, error);
    }
  }
});

// A new version waits until the page asks for it (the "A new version is available" bar).
self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

interface PushPayload {
  title: string;
  body: string | undefined;
  url: string;
  /** One notification per tag: a repeated push (same job) replaces, never doubles. */
  tag: string | undefined;
}

self.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data);
  // iOS revokes push permission when a push does not show a notification: always show one.
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: new URL('icons/icon-192.png', scope).href,
      badge: new URL('icons/icon-192.png', scope).href,
      data: { url: payload.url },
      ...(payload.tag ? { tag: payload.tag } : {}),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const rawUrl = isRecord(data) && typeof data.url === 'string' ? data.url : scope.href;
  const url = sameOriginUrl(rawUrl);
  event.waitUntil(storeDeepLink(url).then(() => openInApp(url)));
});

/**
 * The link of the last tapped notification, for the app to open on its next start: some
 * browsers (iOS) open the start URL instead when the app had been killed. The app erases it
 * once used (lib/deep-link.ts).
 */
async function storeDeepLink(url: string): Promise<void> {
  try {
    const cache = await caches.open(DEEP_LINK_CACHE);
    await cache.put(
      DEEP_LINK_KEY,
      new Response(JSON.stringify({ url, at: Date.now() }), { headers: { 'Content-Type': 'application/json' } }),
    );
  } catch {
    // Storage refused: the window opened with the URL anyway.
  }
}

const OUTBOX_SYNC_TAG = 'signingdesk-outbox';

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(syncOutbox());
});

async function syncOutbox(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window' });
  if (windows.length > 0) {
    for (const client of windows) client.postMessage({ type: 'FLUSH_OUTBOX' });
    return;
  }
  const { flushFromWorker } = await import('./lib/outbox/worker-flush');
  const report = await flushFromWorker();
  // Throwing asks the browser to try the sync again later (with its own backoff).
  if (report.waiting > 0) throw new Error('Actions still waiting');
}

async function openInApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const appWindow = windows.find((client) => client.url.startsWith(scope.href));
  if (!appWindow) {
    await self.clients.openWindow(url);
    return;
  }
  // Focus first, while the click still allows it; a refusal must not stop the navigation.
  const focused = await appWindow.focus().catch(() => appWindow);
  if (focused.url === url) return;
  // navigate() is refused for a window this worker does not control: open a new one instead.
  const navigated = await focused.navigate(url).catch(() => null);
  if (!navigated) await self.clients.openWindow(url);
}

function readPushPayload(data: PushMessageData | null): PushPayload {
  let parsed: unknown;
  try {
    parsed = data ? data.json() : null;
  } catch {
    parsed = data ? { body: data.text() } : null;
  }
  const record = isRecord(parsed) ? parsed : {};
  const title = typeof record.title === 'string' && record.title.trim() ? record.title : FALLBACK_TITLE;
  const body = typeof record.body === 'string' ? record.body : undefined;
  const url = typeof record.url === 'string' ? sameOriginUrl(record.url) : scope.href;
  const tag = typeof record.tag === 'string' && record.tag ? record.tag : undefined;
  return { title, body, url, tag };
}

/**
 * Resolves a link from a push against the app scope; anything off-origin opens the app home.
 * The server's short links (/preview/:id, /sign-up) are mapped into the app's scope, so the
 * installed app opens them without a redirect.
 */
function sameOriginUrl(raw: string): string {
  try {
    const url = new URL(raw, scope);
    if (url.origin !== scope.origin) return scope.href;
    if (!url.pathname.startsWith(scope.pathname) && /^\/(preview\/|sign-up$)/.test(url.pathname)) {
      return new URL(`${url.pathname.slice(1)}${url.search}`, scope).href;
    }
    return url.href;
  } catch {
    return scope.href;
  }
}

function isSkipWaitingMessage(data: unknown): boolean {
  return isRecord(data) && data.type === 'SKIP_WAITING';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
