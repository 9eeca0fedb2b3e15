/**
 * Helpers of the push and service-worker journeys: a stand-in for the browser's push service,
 * the agent app's service-worker registration as DevTools sees it, and what the phone holds.
 *
 * Headless Chromium refuses `pushManager.subscribe()` ("AbortError: Registration failed -
 * permission denied": it has no connection to its push service), so `installPushService` gives
 * the pages of a context a PushManager that behaves like the browser's for the app: one
 * subscription per device (this browser context, kept in localStorage), with an endpoint on the
 * push service's host and real P-256 keys, and `unsubscribe()` that ends it. Everything after
 * the PushSubscription — the app's code, the API, the database — is the real thing.
 */
import { expect, type BrowserContext, type CDPSession, type Page } from '@playwright/test';

const SUBSCRIPTION_KEY = 'e2e.push-subscription';

export async function installPushService(context: BrowserContext) {
  await context.grantPermissions(['notifications']);
  await context.addInitScript((storageKey) => {
    interface Stored {
      endpoint: string;
      keys: { p256dh: string; auth: string };
    }
    const base64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const read = (): Stored | null => {
      const raw = localStorage.getItem(storageKey);
      return raw ? (JSON.parse(raw) as Stored) : null;
    };
    const asSubscription = (stored: Stored) => ({
      endpoint: stored.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
      unsubscribe: () => {
        const live = read()?.endpoint === stored.endpoint;
        localStorage.removeItem(storageKey);
        return Promise.resolve(live);
      },
    });
    const manager = PushManager.prototype as unknown as Record<string, unknown>;
    manager.getSubscription = function getSubscription() {
      const stored = read();
      return Promise.resolve(stored ? asSubscription(stored) : null);
    };
    manager.subscribe = async function subscribe() {
      if (Notification.permission !== 'granted') throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
      const existing = read();
      if (existing) return asSubscription(existing);
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
      const stored: Stored = {
        endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`,
        keys: { p256dh: base64url(publicKey), auth: base64url(crypto.getRandomValues(new Uint8Array(16))) },
      };
      localStorage.setItem(storageKey, JSON.stringify(stored));
      return asSubscription(stored);
    };
    manager.permissionState = () => Promise.resolve(Notification.permission === 'granted' ? 'granted' : 'prompt');
  }, SUBSCRIPTION_KEY);
}

/** The endpoint of this device's push subscription, as the app's own code reads it. */
export async function deviceEndpoint(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return (await registration?.pushManager.getSubscription())?.endpoint ?? null;
  });
}

/** Taps Turn On in the portal's notifications prompt; answers the device's endpoint. */
export async function turnOnNotifications(page: Page): Promise<string> {
  const prompt = page.getByRole('region', { name: 'Get new offers first' });
  await prompt.getByRole('button', { name: 'Turn On Notifications' }).click();
  await expect(prompt).toBeHidden();
  const endpoint = await deviceEndpoint(page);
  expect(endpoint).toMatch(/^https:\/\/fcm\.googleapis\.com\/fcm\/send\/e2e-/);
  return endpoint!;
}

/** DevTools' id of the agent app's service-worker registration (scope /notary/). */
export async function appRegistrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => new URL(r.scopeURL).pathname === '/notary/' && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}
