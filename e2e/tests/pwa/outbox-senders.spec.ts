import type { APIRequestContext, Page } from '@playwright/test';
import {
  cutNetwork,
  restoreNetwork,
  shot,
  signedInApi,
  signInUnderServiceWorker,
  undispatchedOffers,
  type AgentListItem,
} from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { appRegistrationId } from '../../support/push';
import { scaled } from '../../support/slowdown';

/**
 * The outbox's senders other than the app start (offline.spec.ts covers that one): the
 * `online` event with the page open, and the service worker on its own with no page of the app
 * open (Background Sync). Each claim made offline reaches the server exactly once, checked in
 * the bids the operators see.
 */

const SAVED = 'Saved on this phone — it will be sent when you are back online.';

/** The card of an appointment on the portal's tab shown (titles repeat: found by its link). */
function cardOf(page: Page, appointmentId: string) {
  return page.getByRole('tabpanel').locator('article', { has: page.locator(`a[href$="/appointments/${appointmentId}"]`) });
}

async function claimsBy(admin: APIRequestContext, appointmentId: string, agentId: string) {
  const res = await admin.get(`/api/appointments/${appointmentId}/bids`);
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { agent: { id: string }; status: string }[] };
  return items.filter((b) => b.agent.id === agentId).map((b) => b.status);
}

/** Signs in, opens the Pending tab and the offer's detail online, then claims it with no network. */
async function claimOffline(page: Page, context: Parameters<typeof cutNetwork>[0], offer: AgentListItem) {
  await signInUnderServiceWorker(page);
  await page.getByRole('tab', { name: 'Pending Appointments' }).click();
  await expect(page.getByRole('heading', { name: 'Here are your current pending requests:' })).toBeVisible();
  await page.goto(`/notary/appointments/${offer.id}`);
  const claim = page.getByRole('button', { name: 'Claim', exact: true });
  await expect(claim).toBeVisible();
  await cutNetwork(context);
  await claim.click();
  await expect(page.getByText(SAVED)).toBeVisible();
}

test.describe('the outbox’s other senders', () => {
  test.describe.configure({ timeout: scaled(90_000) });

  test('the online event sends a claim made offline, with the page open and nothing reloaded; Pending shows it at once', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    // As in Safari and Firefox: no Background Sync, so only the online event can send it.
    await context.addInitScript(() => {
      Object.defineProperty(ServiceWorkerRegistration.prototype, 'sync', { get: () => undefined, configurable: true });
    });
    const admin = await signedInApi('admin@demo.test');
    const agent = await signedInApi('agent@demo.test');
    const agentId = ((await (await agent.get('/api/me')).json()) as { id: string }).id;
    const [offer] = await undispatchedOffers(agent, admin);
    expect(offer).toBeDefined();

    await claimOffline(page, context, offer!);
    // Still offline, the claim is on the Pending tab, marked as kept on the phone, and no longer an open offer.
    await page.getByRole('link', { name: 'Back to your requests' }).click();
    await page.getByRole('tab', { name: 'Open Appointments' }).click();
    await expect(page.getByRole('heading', { name: 'Currently open requests:' })).toBeVisible();
    await expect(cardOf(page, offer!.id)).toHaveCount(0);
    await page.getByRole('tab', { name: 'Pending Appointments' }).click();
    const card = cardOf(page, offer!.id);
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(offer!.title);
    await expect(card.getByText('Saved on this phone', { exact: true })).toBeVisible();
    await shot(page, 'pending-saved-on-phone');
    const at = page.url();
    let loads = 0;
    page.on('load', () => (loads += 1));
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/api/appointments/${offer!.id}/claim`)) sent.push(r.url());
    });
    await page.waitForTimeout(500);
    expect(await claimsBy(admin, offer!.id, agentId)).toEqual([]);

    await restoreNetwork(context);
    await expect.poll(() => claimsBy(admin, offer!.id, agentId), { timeout: scaled(15_000) }).toEqual(['claimed']);
    // The server's card now (the order is Pending there), once, without the mark.
    await expect(card.locator('.appointment-card__meta dd').first()).toHaveText('Pending');
    await expect(cardOf(page, offer!.id)).toHaveCount(1);
    await expect(card.getByText('Saved on this phone', { exact: true })).toHaveCount(0);
    await shot(page, 'pending-sent');
    expect(sent).toHaveLength(1);
    expect(loads).toBe(0);
    expect(page.url()).toBe(at);

    // Another online event finds nothing left to send.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(500);
    expect(sent).toHaveLength(1);
    expect(await claimsBy(admin, offer!.id, agentId)).toEqual(['claimed']);
    await Promise.all([admin.dispose(), agent.dispose()]);
  });

  test('the service worker sends a claim made offline by itself, with no page of the app open', async ({ page, context }) => {
    const admin = await signedInApi('admin@demo.test');
    const agent = await signedInApi('agent@demo.test');
    const agentId = ((await (await agent.get('/api/me')).json()) as { id: string }).id;
    const offers = await undispatchedOffers(agent, admin);
    // Another offer than the first test's, in case both run against one server.
    const offer = offers[1] ?? offers[0];
    expect(offer).toBeDefined();

    await claimOffline(page, context, offer!);
    await page.close();
    // Nothing reached the server while the phone was offline.
    expect(await claimsBy(admin, offer!.id, agentId)).toEqual([]);
    // Chromium may fire the sync by itself as the network returns (with no page of the app open,
    // only the worker can send it then); otherwise DevTools wakes the worker below.
    await restoreNetwork(context);

    // A page outside the app's scope (the public site) is not one of the worker's windows: it
    // only gives DevTools a target to wake the worker with Background Sync.
    const outside = await context.newPage();
    await outside.goto('/about-us');
    const cdp = await context.newCDPSession(outside);
    const registrationId = await appRegistrationId(cdp);
    const origin = new URL(outside.url()).origin;
    const sync = () =>
      cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag: 'signingdesk-outbox', lastChance: false });
    await sync();
    await expect.poll(() => claimsBy(admin, offer!.id, agentId), { timeout: scaled(15_000) }).toEqual(['claimed']);

    // Woken again (the browser retries a sync): applied once all the same.
    await sync();
    await outside.waitForTimeout(500);
    expect(await claimsBy(admin, offer!.id, agentId)).toEqual(['claimed']);
    await cdp.detach();

    // The agent opens the app: the claim reads as sent, not as waiting.
    const app = await context.newPage();
    await app.goto('/notary/sync');
    await expect(app.getByText('Everything you did on this phone has reached SigningDesk.')).toBeVisible();
    const sentSection = app.locator('section', { has: app.getByRole('heading', { name: /^Sent/ }) });
    await expect(sentSection.getByText(/^Claim of /)).toHaveCount(1);
    await Promise.all([admin.dispose(), agent.dispose()]);
  });
});
