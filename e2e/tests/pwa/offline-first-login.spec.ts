import { agentList, cutNetwork, restoreNetwork, signedInApi } from '../../support/agent-app';
import { fillLogin } from '../../support/accounts';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

/**
 * The agent logs in for the first time and loses the signal within seconds, before the app is
 * kept on the phone: a screen whose code has not come yet says it needs a connection, with
 * Retry, never a blank page; back online, Retry opens it. On a first visit the app says once
 * that it is ready to work offline.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const SCREEN_OFFLINE_TEXT = 'This screen needs a connection the first time it opens. Connect to the internet, then press Retry.';

test('offline within seconds of the first login, a screen not yet on the phone offers Retry, then opens', async ({ page, context }) => {
  test.setTimeout(scaled(60_000));
  const agentApi = await signedInApi('agent@demo.test');
  const [assigned] = await agentList(agentApi, 'assigned');
  expect(assigned).toBeDefined();

  // The service worker has not kept the app yet, and the appointment screen's code has not come
  // (one bar of signal): both are held back.
  let chunkHeld = true;
  await context.route('**/notary/sw.js', (route) => route.abort('internetdisconnected'));
  await context.route('**/notary/assets/appointment-detail-*.js', (route) =>
    chunkHeld ? route.abort('internetdisconnected') : route.fallback(),
  );

  await page.goto('/notary/login');
  await fillLogin(page, 'agent@demo.test');
  await expect(page.getByRole('heading', { name: 'Here are your current assigned requests:' })).toBeVisible();
  // The heading comes before the list: the cut must wait for the cards, or it cuts their fetch.
  const card = page.getByRole('link', { name: new RegExp(`: ${escapeRegExp(assigned!.name!)},`) }).first();
  await expect(card).toBeVisible();

  await cutNetwork(context);
  await card.click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(SCREEN_OFFLINE_TEXT);
  await expect(page.getByText('You are offline — showing what was last synced.')).toBeVisible();
  await page.screenshot({ path: '/tmp/agent1-chunk-offline-360.png' });
  await page.setViewportSize({ width: 320, height: 640 });
  await page.screenshot({ path: '/tmp/agent1-chunk-offline-320.png' });
  // Still offline, Retry says the same again.
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert')).toContainText(SCREEN_OFFLINE_TEXT);

  chunkHeld = false;
  await restoreNetwork(context);
  await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${assigned!.name} Details` })).toBeVisible();
  await expect(page.getByText(SCREEN_OFFLINE_TEXT)).toHaveCount(0);
});

test('offline seconds after the first login, a screen warmed after the list opens with no signal', async ({ page, context }) => {
  test.setTimeout(scaled(60_000));
  const agentApi = await signedInApi('agent@demo.test');
  const [assigned] = await agentList(agentApi, 'assigned');
  expect(assigned).toBeDefined();
  // The service worker has not kept the app yet: only what the page fetched itself is there.
  await context.route('**/notary/sw.js', (route) => route.abort('internetdisconnected'));
  const fetched = new Set<string>();
  page.on('response', (response) => {
    if (response.ok()) fetched.add(new URL(response.url()).pathname);
  });

  await page.goto('/notary/login');
  await fillLogin(page, 'agent@demo.test');
  const card = page.getByRole('link', { name: new RegExp(`: ${escapeRegExp(assigned!.name!)},`) }).first();
  await expect(card).toBeVisible();
  // Once the list is on screen, the code of the screens the agent may open next comes (not run):
  // the appointment's among it.
  const warmed = (await page.locator('meta[name="signingdesk-warmed-screens"]').getAttribute('content'))!.split(' ');
  expect(warmed.some((file) => /\/appointment-detail-[^/]+\.js$/.test(file))).toBe(true);
  await expect.poll(() => warmed.filter((file) => !fetched.has(file)), { timeout: scaled(20_000) }).toEqual([]);

  await cutNetwork(context);
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: /Details$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: '← Back to your requests' })).toBeVisible();
  await expect(page.getByText(SCREEN_OFFLINE_TEXT)).toHaveCount(0);
});

test('says once, on the first visit, that the app is ready to work offline', async ({ page }) => {
  test.setTimeout(scaled(60_000));
  await page.goto('/notary/login');
  await fillLogin(page, 'agent@demo.test');
  await expect(page.getByRole('heading', { name: 'Here are your current assigned requests:' })).toBeVisible();
  // A status (heard by screen readers), in the update bar's place at the bottom.
  const note = page.getByRole('status').locator('.banner--ready');
  await expect(note).toHaveText(/^Ready to work offline/, { timeout: scaled(20_000) });
  await expect(note).toBeVisible();
  await page.screenshot({ path: '/tmp/agent1-offline-ready-360.png' });
  await note.getByRole('button', { name: 'OK' }).click();
  await expect(note).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Here are your current assigned requests:' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.waitForTimeout(1_000);
  await expect(page.getByText('Ready to work offline')).toHaveCount(0);
});

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
