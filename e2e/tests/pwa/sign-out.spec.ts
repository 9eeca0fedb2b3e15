import { request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { fillLogin } from '../../support/accounts';
import {
  agentList,
  cutNetwork,
  restoreNetwork,
  signedInApi,
  signInAsAgent,
  signInUnderServiceWorker,
  waitForMirror,
} from '../../support/agent-app';
import { expect, test, workerServer } from '../../support/fixtures';
import { deviceEndpoint, installPushService, turnOnNotifications } from '../../support/push';
import { scaled } from '../../support/slowdown';

/**
 * One phone, two agents (issue 9, finding 6). Signing out leaves nothing of the first agent on
 * the phone or bound to it on the server: no push subscription for the phone's endpoint, no
 * stored deep link of a tapped notification, no offline copy, no session — also when the
 * sign-out is made with no signal. The next agent who signs in gets their own pushes only.
 */

interface WorkerScope {
  registration: ServiceWorkerRegistration;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
  dispatchEvent(event: Event): boolean;
}

const devicesOf = async (api: APIRequestContext) =>
  ((await (await api.get('/api/push/subscriptions')).json()) as { items: { endpoint: string }[] }).items.map((d) => d.endpoint);

/** What the app keeps in IndexedDB for a user, table by table (the outbox included). */
async function storedRows(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('signingdesk-agent');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const counts: Record<string, number> = {};
    for (const store of [...db.objectStoreNames]) {
      counts[store] = await new Promise<number>((resolve) => {
        const count = db.transaction(store).objectStore(store).count();
        count.onsuccess = () => resolve(count.result);
      });
    }
    db.close();
    return counts;
  });
}

const hasDeepLink = (page: Page) => page.evaluate(() => caches.has('signingdesk-deep-link'));

async function sessionCookie(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies(workerServer().baseURL);
  const session = cookies.filter((c) => c.name.includes('session_token'));
  expect(session.length).toBeGreaterThan(0);
  return session.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** Whether the server still honours a session cookie (sent from outside the browser). */
async function sessionAlive(cookie: string): Promise<boolean> {
  const api = await playwrightRequest.newContext({ baseURL: workerServer().baseURL, extraHTTPHeaders: { Cookie: cookie } });
  const status = (await api.get('/api/me')).status();
  await api.dispose();
  return status === 200;
}

async function logOut(page: Page) {
  // Log Out is at the end of the header's Menu.
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/notary\/login/);
}

test.describe('signing out of a shared phone', () => {
  test.describe.configure({ timeout: scaled(90_000) });

  test('leaves no subscription, deep link, offline copy or session, and the next agent never gets the first one’s pushes', async ({
    page,
    context,
  }) => {
    const admin = await signedInApi('admin@demo.test');
    const first = await signedInApi('agent@demo.test');
    const [assigned] = await agentList(first, 'assigned');
    const [offer] = await agentList(first, 'open');
    expect(assigned && offer).toBeTruthy();
    // This phone is to be the first agent's only device (earlier journeys may have left others).
    for (const other of await devicesOf(first)) {
      expect((await first.delete('/api/push/subscriptions', { data: { endpoint: other } })).status()).toBe(200);
    }

    await installPushService(context);
    await signInUnderServiceWorker(page);
    const endpoint = await turnOnNotifications(page);
    expect(await devicesOf(first)).toContain(endpoint);
    await waitForMirror(page, [assigned!.id]);

    // A notification for the offer on screen is tapped: the worker stores its link for the next
    // start (the window already shows it, so nothing navigates and the link stays stored).
    await page.goto(`/notary/preview/${offer!.id}`);
    await expect(page.getByRole('button', { name: 'Claim', exact: true })).toBeVisible();
    const worker = context.serviceWorkers().find((w) => new URL(w.url()).pathname === '/notary/sw.js')!;
    await worker.evaluate(async (url) => {
      const scope = self as unknown as WorkerScope;
      await scope.registration.showNotification('New signing offer near you', { tag: 'shared-phone', data: { url } });
      const [notification] = await scope.registration.getNotifications({ tag: 'shared-phone' });
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    }, page.url());
    await expect.poll(() => hasDeepLink(page)).toBe(true);
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Portal' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Signing Agent Portal' })).toBeVisible();
    expect(await hasDeepLink(page)).toBe(true);

    const cookie = await sessionCookie(context);
    await logOut(page);

    // The server: no subscription of the first agent for this phone, and the session is over.
    expect(await devicesOf(first)).not.toContain(endpoint);
    expect(await sessionAlive(cookie)).toBe(false);
    // The phone: no subscription, no deep link, no offline copy of the first agent.
    expect(await deviceEndpoint(page)).toBeNull();
    // The login opens as soon as the server says the session is over; the last steps of the
    // sign-out (the tapped link, the query cache) finish a moment later.
    await expect.poll(() => hasDeepLink(page)).toBe(false);
    const rows = await storedRows(page);
    expect(Object.entries(rows).filter(([, n]) => n > 0)).toEqual([]);

    // The next agent signs in on the same phone and opens the app again: their portal, not the
    // first agent's tapped offer.
    const nextEmail = await anotherActiveAgent(admin);
    await fillLogin(page, nextEmail);
    await expect(page.getByRole('heading', { level: 1, name: 'Signing Agent Portal' })).toBeVisible();
    await page.goto('/notary/');
    await expect(page.getByRole('heading', { level: 1, name: 'Signing Agent Portal' })).toBeVisible();
    await expect(page).toHaveURL(/\/notary\/$/);
    const nextEndpoint = await turnOnNotifications(page);
    expect(nextEndpoint).not.toBe(endpoint);
    const next = await signedInApi(nextEmail);
    expect(await devicesOf(next)).toContain(nextEndpoint);
    expect(await devicesOf(first)).not.toContain(nextEndpoint);

    // A notification for the first agent now: the server has no device to push it to.
    const message = `For the first agent ${Date.now()}`;
    expect((await admin.post(`/api/appointments/${assigned!.id}/notes`, { data: { message } })).status()).toBe(201);
    const firstId = ((await (await first.get('/api/me')).json()) as { id: string }).id;
    await expect
      .poll(
        async () => {
          const jobs = (await (await admin.get(`/api/notifications/jobs?type=note.created&appointmentId=${assigned!.id}`)).json()) as {
            items: {
              recipient: { id: string };
              payload: { noteId?: string };
              deliveries: { channel: string; state: string; detail: string | null }[];
            }[];
          };
          const job = jobs.items.find((j) => j.recipient.id === firstId);
          return job?.deliveries.find((d) => d.channel === 'push') ?? null;
        },
        { timeout: scaled(30_000) },
      )
      .toMatchObject({ state: 'skipped', detail: 'no push subscription' });

    await Promise.all([admin.dispose(), first.dispose(), next.dispose()]);
  });

  test('made with no signal, counts as signed out at once and reaches the server when the network is back', async ({ page, context }) => {
    const first = await signedInApi('agent@demo.test');
    await installPushService(context);
    await signInUnderServiceWorker(page);
    const endpoint = await turnOnNotifications(page);
    const cookie = await sessionCookie(context);

    await cutNetwork(context);
    await logOut(page);
    // The phone forgot everything already; the server could not be told yet.
    expect(await deviceEndpoint(page)).toBeNull();
    expect((await storedRows(page)).session).toBe(0);
    expect(await devicesOf(first)).toContain(endpoint);
    expect(await sessionAlive(cookie)).toBe(true);

    // The network is back but the sign-out cannot get through yet: the cookie still works, the
    // app still counts the phone as signed out.
    await context.route('**/api/push/subscriptions', (route) => route.abort('connectionreset'));
    await restoreNetwork(context);
    await page.goto('/notary/');
    await expect(page).toHaveURL(/\/notary\/login/);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    expect(await sessionAlive(cookie)).toBe(true);

    // Through: the phone's subscription is forgotten first, then the session ends.
    await context.unroute('**/api/push/subscriptions');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => devicesOf(first), { timeout: scaled(20_000) }).not.toContain(endpoint);
    await expect.poll(() => sessionAlive(cookie)).toBe(false);
    await first.dispose();
  });

  test('when IndexedDB refuses to queue the sign-out, the app ends the session itself (issue 26, item 5)', async ({ page, context }) => {
    // Once asked to, the phone's storage refuses every write to the outbox, as a full or broken IndexedDB does.
    await page.addInitScript(() => {
      const open = IDBDatabase.prototype.transaction;
      IDBDatabase.prototype.transaction = function (
        this: IDBDatabase,
        names: string | string[],
        mode?: IDBTransactionMode,
        options?: IDBTransactionOptions,
      ) {
        const stores = typeof names === 'string' ? [names] : [...names];
        if (sessionStorage.getItem('e2e.refuse-outbox') && mode === 'readwrite' && stores.includes('outbox')) {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return open.call(this, names, mode, options);
      };
    });
    await signInAsAgent(page);
    const cookie = await sessionCookie(context);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.evaluate(() => sessionStorage.setItem('e2e.refuse-outbox', '1'));
    const signOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-out'));
    await logOut(page);
    const answer = await signOut;
    // The direct request, not the outbox's (which carries an Idempotency-Key).
    expect(warnings.some((w) => w.startsWith('Sign-out could not be queued'))).toBe(true);
    expect(answer.request().headers()['idempotency-key']).toBeUndefined();
    expect({ status: answer.status(), sessionAlive: await sessionAlive(cookie) }).toEqual({ status: 200, sessionAlive: false });
  });
});

/** An active signing agent of the demo data other than agent@demo.test (same demo password). */
async function anotherActiveAgent(admin: APIRequestContext): Promise<string> {
  const res = await admin.get('/api/agents?status=active&pageSize=10');
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { email?: string }[] };
  const email = items.map((a) => a.email).find((e) => e && e.endsWith('@agents.demo.test'));
  expect(email).toBeDefined();
  return email!;
}
