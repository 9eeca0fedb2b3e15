/**
 * Service worker of the agent app (scope /notary/).
 *
 * Owns: the precache of the built app shell (injected by vite-plugin-pwa), the offline
 * navigation fallback to the precached index.html, and push notifications.
 * Never caches /api/ responses: user data lives in IndexedDB (src/lib/db.ts), written by the
 * page, so that signing out can erase it.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

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
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const rawUrl = isRecord(data) && typeof data.url === 'string' ? data.url : scope.href;
  event.waitUntil(openInApp(sameOriginUrl(rawUrl)));
});

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
  let parsed: unknown = null;
  try {
    parsed = data ? data.json() : null;
  } catch {
    parsed = data ? { body: data.text() } : null;
  }
  const record = isRecord(parsed) ? parsed : {};
  const title = typeof record.title === 'string' && record.title.trim() ? record.title : FALLBACK_TITLE;
  const body = typeof record.body === 'string' ? record.body : undefined;
  const url = typeof record.url === 'string' ? sameOriginUrl(record.url) : scope.href;
  return { title, body, url };
}

/** Resolves a link from a push against the app scope; anything off-origin opens the app home. */
function sameOriginUrl(raw: string): string {
  try {
    const url = new URL(raw, scope);
    return url.origin === scope.origin ? url.href : scope.href;
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
