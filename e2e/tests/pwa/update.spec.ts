import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { signInAs } from '../../support/accounts';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

/**
 * A new version of the app arrives while the agent's claim is still on its way: the prompt
 * offers Reload, and the reload waits until the outbox has sent the claim. The new version is
 * the built service worker with one more line, served in place of the old one (with the
 * compressed copies the server prefers) and put back afterwards.
 */
const SW_FILE = fileURLToPath(new URL('../../../pwa/dist/sw.js', import.meta.url));
const SW_COPIES = [SW_FILE, `${SW_FILE}.br`, `${SW_FILE}.gz`];

/** The demo agent signed in at the portal, with the service worker installed and in charge. */
async function openAppWithItsWorker(page: Page): Promise<void> {
  await signInAs(page, 'agent@demo.test', '/notary/');
  await expect(page.getByRole('heading', { level: 1, name: 'Signing Agent Portal' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** The server now has a new version of the service worker: the built one with one more line. */
function serveNextVersion(original: Buffer): void {
  const next = Buffer.concat([original, Buffer.from(`\n// next version ${Date.now()}\n`)]);
  writeFileSync(SW_FILE, next);
  writeFileSync(`${SW_FILE}.br`, brotliCompressSync(next));
  writeFileSync(`${SW_FILE}.gz`, gzipSync(next));
}

/**
 * Waits for the page marked before the update to be replaced by a reload. Should it not come,
 * the failure says what the service workers were doing (a waiting version that never took
 * over: the old one kept alive by the page's requests, see sw.ts).
 */
async function waitForReload(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate === undefined, null, {
      timeout: scaled(20_000),
    });
  } catch (error) {
    const workers = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return {
        waiting: reg?.waiting?.state,
        active: reg?.active?.state,
        installing: reg?.installing?.state,
        controlled: Boolean(navigator.serviceWorker.controller),
      };
    });
    throw new Error(`No reload within 20 s; service workers: ${JSON.stringify(workers)}`, { cause: error });
  }
}

test.describe('updating the agent app', () => {
  let originals: Buffer[] = [];

  test.beforeAll(() => {
    originals = SW_COPIES.map((file) => readFileSync(file));
  });
  test.afterAll(() => {
    SW_COPIES.forEach((file, i) => writeFileSync(file, originals[i]!));
  });

  test('waits for the outbox to send the claim, then reloads into the new version', async ({ page }) => {
    await openAppWithItsWorker(page);
    const open = (await (await page.request.get('/api/agent/appointments?tab=open')).json()) as { items: { id: string; title: string }[] };
    const offer = open.items[0]!;

    serveNextVersion(originals[0]!);

    await page.goto(`/notary/appointments/${offer.id}`);
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(prompt).toBeVisible({ timeout: scaled(20_000) });
    const oldScript = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(oldScript).toContain('/notary/sw.js');

    // The claim takes three seconds to reach the server; Reload is pressed meanwhile.
    const claims: string[] = [];
    await page.route('**/api/appointments/*/claim', async (route) => {
      claims.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });
    const claimAnswered = page.waitForResponse('**/api/appointments/*/claim').then(() => Date.now());
    let reloadedAt = 0;
    page.on('load', () => {
      reloadedAt = Date.now();
    });
    await page.getByRole('button', { name: 'Claim', exact: true }).click();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByText('Updating once your saved actions are sent…')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);

    // Once the claim is sent, the page reloads under the new worker, and the claim was sent once.
    await waitForReload(page);
    // The new document can answer before its load event has reached the test.
    const answeredAt = await claimAnswered;
    await expect.poll(() => reloadedAt).toBeGreaterThanOrEqual(answeredAt);
    await expect(page.getByRole('heading', { level: 1, name: offer.title })).toBeVisible();
    await expect(page.getByText('A new version is available')).toHaveCount(0);
    const registration = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(reg?.waiting), controlled: navigator.serviceWorker.controller !== null };
    });
    expect(registration).toEqual({ waiting: false, controlled: true });
    expect(claims).toHaveLength(1);
    const bids = (await (await page.request.get(`/api/appointments/${offer.id}/preview`)).json()) as { stage: string };
    expect(bids.stage).toBe('pending');
  });

  test('a version taken over in another tab: Reload in this one loads it', async ({ page, context }) => {
    await openAppWithItsWorker(page);

    serveNextVersion(originals[0]!);

    // Two tabs of the app see the new version waiting.
    await page.reload();
    const other = await context.newPage();
    await other.goto('/notary/appointments?tab=open');
    for (const tab of [page, other]) {
      await expect(tab.getByRole('status').filter({ hasText: 'A new version is available' })).toBeVisible({ timeout: scaled(20_000) });
      await tab.evaluate(() => {
        (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
      });
    }

    // Reload in the other tab puts the new version in charge; this tab still offers Reload.
    await other.getByRole('button', { name: 'Reload' }).click();
    await waitForReload(other);
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);

    await page.getByRole('button', { name: 'Reload' }).click();
    await waitForReload(page);
    await expect(page.getByText('A new version is available')).toHaveCount(0);
    const controller = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(reg?.waiting), sameAsActive: navigator.serviceWorker.controller?.scriptURL === reg?.active?.scriptURL };
    });
    expect(controller).toEqual({ waiting: false, sameAsActive: true });
  });

  test('takes over while the page keeps asking the server for news and loading its screens', async ({ page }) => {
    await openAppWithItsWorker(page);
    serveNextVersion(originals[0]!);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'A new version is available' })).toBeVisible({ timeout: scaled(20_000) });

    // The app refetches as it works (after a claim, on focus, on a push), and loads its other
    // screens' files in the seconds after it opens: here, three of each at a time without pause
    // until the page reloads.
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
      const screenFile = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')!.src;
      const again = (url: string): void => {
        void fetch(url).finally(() => again(url));
      };
      for (let i = 0; i < 3; i += 1) {
        again('/api/agent/appointments?tab=open');
        again(screenFile);
      }
    });
    await page.getByRole('button', { name: 'Reload' }).click();
    await waitForReload(page);
    await expect(page.getByText('A new version is available')).toHaveCount(0);
    const registration = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(reg?.waiting), controlled: navigator.serviceWorker.controller !== null };
    });
    expect(registration).toEqual({ waiting: false, controlled: true });
  });
});
