/**
 * Helpers of the agent-app journeys: an API session of a demo account (to read what the server
 * holds), the agent's lists, and a network that is really gone (the service worker's own
 * fetches too: `setOffline` alone does not stop them).
 */
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signInAs } from './accounts';
import { expect, workerServer } from './fixtures';
import { scaled } from './slowdown';
import { expectSortableHeadersAccessible } from './table-headers';

export interface AgentListItem {
  id: string;
  /** Order type and place: what an offer is called before the agent is assigned. */
  title: string;
  /** The appointment's name: on the assigned and completed tabs only. */
  name?: string;
  city: string;
  state: string;
  date: string;
  feeCents: number;
  startsAt: number;
  offerStatus: string | null;
  showCompleteButton: boolean;
  markedCompleted: boolean;
}

/** An API session of a demo account on this worker's server, apart from any browser. */
export async function signedInApi(email: string): Promise<APIRequestContext> {
  const { baseURL } = workerServer();
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const res = await api.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return api;
}

export async function agentList(api: APIRequestContext, tab: 'open' | 'pending' | 'assigned' | 'completed'): Promise<AgentListItem[]> {
  const res = await api.get(`/api/agent/appointments?tab=${tab}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: AgentListItem[] }).items;
}

/**
 * The agent's open offers that no automatic dispatch is running for (`admin`: an operator's API
 * session). A journey that claims, counters or declines takes one of these: on an order another
 * journey dispatched, a good agent's claim is assigned at once (decision 067), not left to an
 * operator.
 */
export async function undispatchedOffers(agent: APIRequestContext, admin: APIRequestContext): Promise<AgentListItem[]> {
  const offered = (await agentList(agent, 'open')).filter((item) => item.offerStatus === 'offered');
  const kept: AgentListItem[] = [];
  for (const item of offered) {
    const res = await admin.get(`/api/appointments/${item.id}/dispatch`);
    expect(res.status()).toBe(200);
    if (((await res.json()) as { state: string | null }).state === null) kept.push(item);
  }
  return kept;
}

export async function cutNetwork(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

export async function restoreNetwork(context: BrowserContext) {
  await context.unroute('**/api/**');
  await context.setOffline(false);
}

/** Opens the agent app signed in as the demo agent (through the API, not the form) and waits for the portal. */
export async function signInAsAgent(page: Page, email = 'agent@demo.test') {
  await signInAs(page, email, '/notary/');
  await expect(page.getByRole('heading', { level: 1, name: 'Signing Agent Portal' })).toBeVisible();
}

/**
 * Opens the agent app signed in as the demo agent and reloads once the service worker is ready,
 * so it controls the page: from then on the app's chunks load with no network.
 */
export async function signInUnderServiceWorker(page: Page, email = 'agent@demo.test') {
  await signInAs(page, email, '/notary/');
  const assigned = page.getByRole('heading', { name: 'Here are your current assigned requests:' });
  await expect(assigned).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(assigned).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Waits until the app has mirrored these appointments into IndexedDB (each of `stores`). */
export async function waitForMirror(page: Page, ids: string[], stores: string[] = ['appointments']) {
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ wanted, stores }) => {
            const db = await new Promise<IDBDatabase>((resolve, reject) => {
              const open = indexedDB.open('signingdesk-agent');
              open.onsuccess = () => resolve(open.result);
              open.onerror = () => reject(open.error);
            });
            const has = (store: string, id: string) =>
              new Promise<boolean>((resolve) => {
                const get = db.transaction(store).objectStore(store).get(id);
                get.onsuccess = () => resolve(get.result !== undefined);
                get.onerror = () => resolve(false);
              });
            const found = await Promise.all(stores.flatMap((store) => wanted.map((id) => has(store, id))));
            db.close();
            return found.every(Boolean);
          },
          { wanted: ids, stores },
        ),
      { timeout: scaled(20_000) },
    )
    .toBe(true);
}

/** With SHOTS_DIR set, a screenshot named after the screen and the viewport's width. */
export async function shot(page: Page, name: string, fullPage = false) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage });
}

/**
 * Waits until nothing is mid-transition (a dialog fading in, a toast sliding in): axe measures
 * colours as drawn, and a half-faded button fails contrast that the settled one passes. Endless
 * animations (spinners) are not waited for.
 */
async function settled(page: Page) {
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running') &&
        [...document.querySelectorAll('[role="dialog"]')].every((d) => getComputedStyle(d).opacity === '1'),
      undefined,
      { timeout: scaled(5_000), polling: 50 },
    )
    .catch(() => undefined); // still moving after 5 s: let axe report what it sees
}

/**
 * What axe finds on the page once it has settled: one line per violated rule, naming the screen.
 * Every rule axe has, best practices included (landmarks: a dialog's header must not be a second
 * banner). axe runs in the page itself ("legacy mode", which still checks frames of the page's
 * own origin; the screens have none from elsewhere) instead of opening a blank page for each look
 * to gather the frames' results, and details violations only: the same rules and findings, at
 * less than half the cost (decision 077).
 */
export async function axeViolations(page: Page, screen: string) {
  await settled(page);
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map((v) => `${screen}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * axe finds no violations (WCAG 2.1 AA and best practices), once the screen has settled, and every
 * sortable table header is still a column header (support/table-headers.ts). A toast that starts closing
 * while axe measures it is half-faded for that one look, so a screen with findings is settled and
 * measured once more; a real violation is still there the second time.
 */
export async function expectNoAxeViolations(page: Page, screen: string) {
  await expectSortableHeadersAccessible(page);
  const first = await axeViolations(page, screen);
  expect(first.length === 0 ? first : await axeViolations(page, screen)).toEqual([]);
}

/** axe finds no violations, and nothing reaches past the right edge of the screen. */
export async function expectAccessibleAndFitting(page: Page, screen: string) {
  await expectNoAxeViolations(page, screen);
  const wider = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const tooWide = document.documentElement.scrollWidth > width;
    return [...document.querySelectorAll('body *')]
      .filter((e) => tooWide && e.getBoundingClientRect().right > width + 1)
      .map((e) => `${e.tagName.toLowerCase()}${e.className ? `.${String(e.className).split(' ').join('.')}` : ''}`)
      .slice(0, 10);
  });
  expect(wider, `${screen} is wider than the screen`).toEqual([]);
}
