import { signInAs } from '../../support/accounts';
import { signedInApi, signInUnderServiceWorker } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { installPushService, turnOnNotifications } from '../../support/push';

/**
 * A push delivered to the agent app's service worker through the DevTools protocol (the path a
 * real push service's message takes inside Chromium) is shown as a notification with the
 * payload's tag; tapping it opens the offer preview inside the app.
 *
 * Chromium has no protocol command to click a notification: the click is dispatched inside the
 * service worker as a `notificationclick` carrying the notification it showed, so the worker's
 * own handler runs (with the app open, it focuses and navigates that window).
 */
/** The parts of the service worker's global scope these tests use (e2e is typed for pages). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
  dispatchEvent(event: Event): boolean;
}

test('a pushed offer shows a notification whose click opens the preview', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await signInUnderServiceWorker(page);

  const offers = (await (await page.request.get('/api/agent/appointments?tab=open')).json()) as {
    items: { id: string; title: string; city: string; state: string }[];
  };
  const offer = offers.items[0]!;

  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
      const ours = list.find((r) => new URL(r.scopeURL).pathname === '/notary/' && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registrations;

  const payload = {
    title: 'New signing near you',
    // As the server writes an offer: the place, never the appointment's name.
    body: `${offer.city}, ${offer.state} · $150.00`,
    url: `/preview/${offer.id}`,
    tag: `job-${offer.id}`,
    type: 'offer.new',
    appointmentId: offer.id,
  };
  const origin = new URL(page.url()).origin;
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
  // The same push again (a retried delivery): one notification per tag, never two.
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });

  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
      }),
    )
    .toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: payload.tag,
        // The server's short link is mapped into the app's scope.
        data: { url: `${origin}/notary/preview/${offer.id}` },
      },
    ]);

  const worker = context.serviceWorkers().find((w) => new URL(w.url()).pathname === '/notary/sw.js');
  expect(worker).toBeDefined();
  await worker!.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
  });

  await expect(page).toHaveURL(`${origin}/notary/preview/${offer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: offer.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Claim', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Prior orders in this area' })).toBeVisible();
  await cdp.detach();
});

test('a notification tapped while the app was closed opens its preview on the next start', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await signInAs(page, 'agent@demo.test', '/notary/');
  await expect(page.getByRole('heading', { name: 'Here are your current assigned requests:' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const offers = (await (await page.request.get('/api/agent/appointments?tab=open')).json()) as { items: { id: string; title: string }[] };
  const offer = offers.items[1] ?? offers.items[0]!;
  const worker = context.serviceWorkers().find((w) => new URL(w.url()).pathname === '/notary/sw.js');
  expect(worker).toBeDefined();
  await page.close();

  // No window of the app is open: the worker stores the link (its window may not open here).
  await worker!.evaluate(async (url) => {
    const scope = self as unknown as WorkerScope;
    await scope.registration.showNotification('New signing offer near you', { tag: 'deep-link-test', data: { url } });
    const [notification] = await scope.registration.getNotifications({ tag: 'deep-link-test' });
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    await new Promise((resolve) => setTimeout(resolve, 500));
  }, `/preview/${offer.id}`);

  // The browser starts the app at its start URL: the app opens the tapped offer itself.
  const next = await context.newPage();
  await next.goto('/notary/');
  await expect(next).toHaveURL(new RegExp(`/notary/preview/${offer.id}$`));
  await expect(next.getByRole('heading', { level: 1, name: offer.title })).toBeVisible();

  // Used once: the next start stays on the portal.
  await next.goto('/notary/');
  await expect(next.getByRole('heading', { level: 1, name: 'Signing Agent Portal' })).toBeVisible();
  await expect(next).toHaveURL(/\/notary\/$/);
});

test('Turn On Notifications stores this device’s subscription for the agent on the server', async ({ page, context }) => {
  await installPushService(context);
  await signInUnderServiceWorker(page);
  const endpoint = await turnOnNotifications(page);

  // The stored row, read back through the API (the e2e server owns its PGlite database).
  const agent = await signedInApi('agent@demo.test');
  const devices = async () => ((await (await agent.get('/api/push/subscriptions')).json()) as { items: { endpoint: string }[] }).items;
  expect((await devices()).filter((d) => d.endpoint === endpoint)).toHaveLength(1);

  // The next start sends the same subscription again: still one row, not a second one.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Here are your current assigned requests:' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Get new offers first' })).toBeHidden();
  await expect.poll(async () => (await devices()).filter((d) => d.endpoint === endpoint).length).toBe(1);
  await agent.dispose();
});
