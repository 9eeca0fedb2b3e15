import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations, shot, signedInApi, signInAsAgent } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';

/** A 44 px touch target, as the layout reports it: a 44 px box can measure 43.999996 px. */
const MIN_TARGET_PX = 44 - 0.001;

/**
 * The agent app's chrome on a 360 px phone (and 320 px where it is tightest): links out of the
 * app open in the browser and, offline, say they need a connection; the header's sync chip
 * says when the phone is offline; every header control is a 44 px target; 'Forgot password?'
 * (the app's own screen) and 'Log in with this email'; message times with their zone and emails that wrap at '@' and
 * '.'; the comparison table; the unsaved-profile warning; a deep link to a lazy screen with a clean console.
 * With SHOTS_DIR set, screenshots of each screen are written there.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, timezoneId: 'America/Los_Angeles' });

const OUT_LINKS = ['Home', 'About Us', 'Contact Us'];

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

/** Opens the header's Menu, where the site's links, the profile and Log Out are. */
async function openMenu(page: Page) {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
}

/** Each item of the site navigation is a full-width 44 px target. */
async function expectNavTargets(page: Page) {
  const heights = await page
    .getByRole('navigation', { name: 'Site' })
    .locator('li > a, li > .external-link--offline')
    .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().height)));
  for (const height of heights) expect(height).toBeGreaterThanOrEqual(MIN_TARGET_PX);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is on screen').not.toBeNull();
  return found!;
}

test('links out of the app open in the browser, and offline say they need a connection', async ({ page, context }) => {
  await page.goto('/notary/login');
  // The site's links are in the header's Menu, folded away until asked for.
  const nav = page.getByRole('navigation', { name: 'Site' });
  await expect(nav).toBeHidden();
  await openMenu(page);
  for (const label of OUT_LINKS) {
    const link = nav.getByRole('link', { name: label });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toHaveAccessibleDescription('Opens in your browser');
  }
  const signUp = nav.getByRole('link', { name: 'Sign Up' });
  await expect(signUp).not.toHaveAttribute('target', /./);

  await expectNavTargets(page);
  await shot(page, 'menu-visitor');

  // 'Forgot password?' is the app's own screen (forgot-password.spec.ts), not a link out.
  const forgot = page.getByRole('link', { name: 'Forgot password?' });
  await expect(forgot).toBeVisible();
  await expect(forgot).not.toHaveAttribute('target', /./);
  await expect(forgot).toHaveAttribute('href', '/notary/forgot-password');
  expect((await box(forgot)).height).toBeGreaterThanOrEqual(MIN_TARGET_PX);

  // Followed, a link out opens a new page and the app stays where it was.
  const [opened] = await Promise.all([context.waitForEvent('page'), nav.getByRole('link', { name: 'About Us' }).click()]);
  await opened.waitForLoadState();
  expect(new URL(opened.url()).pathname).toBe('/about-us');
  await opened.close();
  await expect(page).toHaveURL(/\/notary\/login$/);
  await shot(page, 'login');

  await context.setOffline(true);
  await expect(page.getByText('You are offline — showing what was last synced.')).toBeVisible();
  await expect(nav.getByRole('link')).toHaveCount(1);
  await expect(nav.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await expect(nav.getByText('Home, About Us and Contact Us need a connection.')).toBeVisible();
  for (const label of OUT_LINKS) await expect(nav.getByText(`${label} (needs a connection)`)).toHaveCount(1);
  // The app's own screen opens offline too (it then says sending needs a connection).
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
  await expectNoAxeViolations(page, 'login offline');
  await shot(page, 'login-offline');
  await page.setViewportSize({ width: 320, height: 740 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'login-offline');
  await context.setOffline(false);
  await expect(nav.getByRole('link')).toHaveCount(4);
  await expectNoSidewaysScroll(page);
  await expectNavTargets(page);
  await shot(page, 'login');
  // Opening another screen folds the menu; Sign Up is marked as the current page.
  await nav.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Register as a Signing Agent or Field Inspector' })).toBeVisible();
  await expect(nav).toBeHidden();
  await openMenu(page);
  await expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('aria-current', 'page');
  // Escape folds it and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();
  await shot(page, 'sign-up');
});

/**
 * How many lines of text a control's box holds: its content height (padding and border off) in
 * its line heights, rounded down. A one-line button over a 44 px minimum stays 1.
 */
async function linesOf(locator: Locator) {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    const px = (value: string) => parseFloat(value) || 0;
    const content =
      el.getBoundingClientRect().height -
      px(style.paddingTop) -
      px(style.paddingBottom) -
      px(style.borderTopWidth) -
      px(style.borderBottomWidth);
    return Math.floor(content / px(style.lineHeight));
  });
}

/** Every header control a 44 × 44 px target on one line; nothing overlapping or cut. */
async function expectTidyHeader(page: Page) {
  const width = page.viewportSize()!.width;
  const header = page.locator('header.app-header');
  const controls = [
    header.getByRole('link', { name: 'SigningDesk' }),
    header.getByRole('link', { name: /^Pending actions:/ }),
    header.getByRole('button', { name: 'Menu' }),
  ];
  const boxes = [];
  for (const control of controls) {
    const b = await box(control);
    const what = `${(await control.getAttribute('aria-label')) ?? (await control.textContent())} at ${width} px`;
    expect(b.height, what).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    expect(b.width, what).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    expect(b.x + b.width, what).toBeLessThanOrEqual(width);
    boxes.push({ what, ...b });
  }
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const overlap = a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
      expect(overlap, `${a.what} overlaps ${b.what}`).toBe(false);
    }
  }
  // One line: the header takes 56 px of the screen at most.
  expect((await box(header)).height).toBeLessThanOrEqual(56);
  await expectNoSidewaysScroll(page);
}

test('the header: one line, the chip says offline, every control is a 44 px target, the menu holds the profile and Log Out', async ({
  page,
  context,
}) => {
  await signInAsAgent(page);
  const header = page.locator('header.app-header');
  const chip = header.getByRole('link', { name: /^Pending actions:/ });
  await expect(chip).toHaveText('All synced');

  for (const [width, height] of [
    [360, 740],
    [320, 640],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectTidyHeader(page);
    // The day's work starts near the top (it began at 360 px under two header lines and the
    // links' row), and a second card shows on the first screen, its name and time at least.
    const cards = page.locator('.appointment-card');
    await expect(cards.nth(1)).toBeAttached();
    expect((await box(cards.first())).y, `first card at ${width} × ${height}`).toBeLessThanOrEqual(240);
    expect((await box(cards.nth(1))).y + 80, `second card at ${width} × ${height}`).toBeLessThanOrEqual(height);
    // The card's button keeps the spec's words on one line; no tab's word is cut.
    const action = cards.first().getByRole('link', { name: /^Click Here to Access Assignment: / });
    await expect(action).toHaveText('Click Here to Access Assignment');
    expect(await linesOf(action), `the assignment button's lines at ${width} px`).toBe(1);
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(4);
    for (const tab of await tabs.all()) {
      const fit = await tab.evaluate((el) => ({ text: el.textContent, scroll: el.scrollWidth, client: el.clientWidth }));
      expect(fit.scroll, `the ${fit.text} tab fits at ${width} px`).toBeLessThanOrEqual(fit.client);
    }
    await shot(page, 'portal');
  }
  await expectNoAxeViolations(page, 'portal at 320 px');

  // The menu: the site's links, then the agent's profile, and Log Out last, away from the thumb.
  await openMenu(page);
  const nav = page.getByRole('navigation', { name: 'Site' });
  await expect(nav.getByRole('link', { name: 'Portal' })).toHaveAttribute('aria-current', 'page');
  const profile = header.getByRole('link', { name: /^Profile of / });
  const logOut = header.getByRole('button', { name: 'Log Out' });
  expect((await box(profile)).height).toBeGreaterThanOrEqual(MIN_TARGET_PX);
  expect((await box(logOut)).y).toBeGreaterThan((await box(profile)).y);
  await expectNavTargets(page);
  await expectNoAxeViolations(page, 'menu at 320 px');
  await shot(page, 'menu');
  // A tap outside folds it (in the page's margin, under the panel).
  const panel = await box(header.locator('.site-menu__panel'));
  await page.mouse.click(4, panel.y + panel.height + 12);
  await expect(nav).toBeHidden();

  // Offline: the chip says so under the banner, never 'All synced'.
  await context.setOffline(true);
  await expect(page.getByText('You are offline — showing what was last synced.')).toBeVisible();
  await expect(chip).toHaveText('Offline — nothing waiting');
  await expect(header.getByRole('link', { name: 'Pending actions: Offline — nothing waiting' })).toBeVisible();
  await expectTidyHeader(page);
  await expectNoAxeViolations(page, 'portal offline at 320 px');
  await shot(page, 'portal-offline');
  await openMenu(page);
  await expect(nav.getByText('Home, About Us and Contact Us need a connection.')).toBeVisible();
  await shot(page, 'menu-offline');
  await page.keyboard.press('Escape');

  // A long name ends in an ellipsis in the menu; the header keeps its one line.
  await openMenu(page);
  const name = profile.locator('.site-menu__profile-name');
  await name.evaluate((el) => {
    el.textContent = 'Maximiliana Bartholomew-Featherstonehaugh';
  });
  expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 360, height: 740 });
  await expectTidyHeader(page);
  await context.setOffline(false);
  await expect(chip).toHaveText('All synced');
  await expectTidyHeader(page);
});

test('messages: the zone with each time, no read flag for the author’s own side, emails wrap at @ and .', async ({ page }) => {
  const agentApi = await signedInApi('agent@demo.test');
  const assigned = (
    (await (await agentApi.get('/api/agent/appointments?tab=assigned')).json()) as {
      items: { id: string; name: string; showCompleteButton: boolean }[];
    }
  ).items.find((a) => a.showCompleteButton)!;
  const email = 'maximiliana.featherstonehaugh@escrow-department.firm-a-title.example.com';
  const admin = await signedInApi('admin@demo.test');
  const posted = await admin.post(`/api/appointments/${assigned.id}/notes`, {
    data: { message: `Please send the scan-backs to ${email}.` },
  });
  expect(posted.status()).toBeLessThan(300);

  await signInAsAgent(page);
  await page.goto(`/notary/appointments/${assigned.id}`);
  const thread = page.locator('.thread');
  const note = thread.locator('.thread__item', { hasText: email });
  await expect(note).toBeVisible();
  // Written by SigningDesk: its flags are the two other sides'.
  await expect(note.locator('.thread__flags')).toHaveText(/^Escrow: (unread|reviewed by .+) · Signing agent: (unread|reviewed by .+)$/);
  await expect(note.locator('.thread__meta')).toHaveText(/ · \d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2}\s[AP]M P[SD]T$/);

  const link = note.getByRole('link', { name: email, exact: true });
  await expect(link).toHaveAttribute('href', `mailto:${email}`);
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: 740 });
    await link.scrollIntoViewIfNeeded();
    // Each part between the wrapping points sits on one line; the address takes several.
    const lines = await link.evaluate((a) => {
      const linesOf = (node: Node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      };
      return {
        perPart: [...a.children].filter((e) => e.tagName !== 'WBR').map((e) => `${e.textContent}: ${linesOf(e)}`),
        total: linesOf(a),
      };
    });
    expect(lines.perPart).toEqual([
      'maximiliana: 1',
      '.featherstonehaugh@: 1',
      'escrow-department: 1',
      '.firm-a-title: 1',
      '.example: 1',
      '.com: 1',
    ]);
    expect(lines.total).toBeGreaterThan(1);
    await expectNoSidewaysScroll(page);
    await note.screenshot(process.env.SHOTS_DIR ? { path: `${process.env.SHOTS_DIR}/message-${width}.png` } : {});
  }
  await expectNoAxeViolations(page, 'assignment detail at 320 px');
  await shot(page, 'assignment');
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, 'assignment');
});

test('the comparison table fits the phone, in a named region', async ({ page }) => {
  const agentApi = await signedInApi('agent@demo.test');
  const offers = ((await (await agentApi.get('/api/agent/appointments?tab=open')).json()) as { items: { id: string }[] }).items;
  let withComparison: string | null = null;
  for (const offer of offers) {
    const comparison = (await (await agentApi.get(`/api/appointments/${offer.id}/comparison-orders`)).json()) as { groups: unknown[] };
    if (comparison.groups.length > 0) {
      withComparison = offer.id;
      break;
    }
  }
  expect(withComparison, 'the demo data has an offer with prior orders nearby').not.toBeNull();
  await signInAsAgent(page);
  await page.goto(`/notary/preview/${withComparison}`);
  const region = page.getByRole('region', { name: 'Prior orders by agent' });
  await expect(region.getByRole('table')).toBeVisible();
  await expect(region).toHaveAttribute('tabindex', '0');
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: 740 });
    await region.scrollIntoViewIfNeeded();
    await region.screenshot(process.env.SHOTS_DIR ? { path: `${process.env.SHOTS_DIR}/comparison-${width}.png` } : {});
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `the table fits at ${width} px`).toBe(true);
    await expectNoSidewaysScroll(page);
  }
  await expectNoAxeViolations(page, 'offer preview at 320 px');
  await shot(page, 'preview');
});

test('“Your record” from the profile: the score and each line explained, as the API counts them, on a 360 px phone', async ({ page }) => {
  const agent = await signedInApi('agent@demo.test');
  const record = await (await agent.get('/api/agent/record')).json();
  await signInAsAgent(page);
  await page.goto('/notary/profile');
  await page.getByRole('link', { name: /Your record/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your record' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your score' })).toContainText(`${record.score} / 100`);
  const lines = page.getByRole('list', { name: 'What your score is made of' }).getByRole('listitem');
  await expect(lines).toHaveCount(6);
  await expect(lines.first()).toContainText(`Completed signings${record.counts.completed}`);
  await expect(lines.filter({ hasText: 'Offers answered in time' })).toContainText('within 2 hours of receiving them');
  // The ratings as an average only: no escrow officer's comment reaches the agent.
  await expect(lines.filter({ hasText: 'Escrow ratings' })).toContainText(/of 5 \(\d+ ratings?\)|None yet/);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'your record');
  await shot(page, 'your-record', true);
});

test('unsaved profile edits: the app asks before leaving the screen', async ({ page }) => {
  await signInAsAgent(page);
  await page.goto('/notary/profile');
  const city = page.getByLabel('City');
  await expect(city).not.toHaveValue('');
  const original = await city.inputValue();

  // Nothing changed: leaving is silent.
  await page.getByRole('link', { name: 'Back to the portal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Signing Agent Portal' })).toBeVisible();

  await page.goto('/notary/profile');
  await city.fill(`${original} Heights`);
  await page.getByRole('link', { name: 'Back to the portal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your changes to your profile are not saved yet.');
  await expectNoAxeViolations(page, 'leave dialog');
  await shot(page, 'profile-leave');
  await dialog.getByRole('button', { name: 'Keep Editing' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/notary\/profile$/);
  await expect(city).toHaveValue(`${original} Heights`);

  // Typed back to what it was: no change, no question.
  await city.fill(original);
  await page.getByRole('link', { name: 'Back to the portal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Signing Agent Portal' })).toBeVisible();

  await page.goto('/notary/profile');
  await city.fill(`${original} Heights`);
  await openMenu(page);
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Portal' }).click();
  await dialog.getByRole('button', { name: 'Leave Without Saving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Signing Agent Portal' })).toBeVisible();

  // The browser's Back button is asked about too (the Navigation API's traverse event).
  await openMenu(page);
  await page.getByRole('link', { name: /^Profile of / }).click();
  await expect(page).toHaveURL(/\/notary\/profile$/);
  await city.click();
  await city.fill(`${original} Heights`);
  // history.back(): Playwright's goBack() waits for a navigation the guard has cancelled.
  await page.evaluate(() => history.back());
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep Editing' }).click();
  await expect(page).toHaveURL(/\/notary\/profile$/);
  await expect(city).toHaveValue(`${original} Heights`);
  await city.click();
  await page.evaluate(() => history.back());
  await dialog.getByRole('button', { name: 'Leave Without Saving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Signing Agent Portal' })).toBeVisible();
  await expect(page).toHaveURL(/\/notary\/$/);
});

test('an email that already has an account gets the same answer as any other; the card leads to the login', async ({ page }) => {
  await page.goto('/notary/sign-up');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Vega');
  await page.getByLabel('Email', { exact: true }).fill('agent@demo.test');
  await page.getByLabel('Mobile phone').fill('(602) 555-0142');
  await page.getByLabel('City').fill('Phoenix');
  await page.getByLabel('State', { exact: true }).selectOption('AZ');
  await page.getByLabel('Zip', { exact: true }).fill('85004');
  await page.getByRole('checkbox', { name: 'AZ', exact: true }).check();
  await page.getByLabel('Years of experience').fill('6');
  await page.getByRole('button', { name: 'Register' }).click();
  // Nothing tells a visitor the email has an account; its owner is emailed instead (issue 9).
  const card = page.getByRole('region', { name: 'Registration Status' });
  await expect(card).toContainText('Your registration is being reviewed');
  await expect(card).toContainText('If this email address already has a SigningDesk account, we have emailed it how to log in instead.');
  await expect(page.getByText('An account with this email already exists.')).toHaveCount(0);
  const login = card.getByRole('link', { name: 'Log In' });
  await login.scrollIntoViewIfNeeded();
  await shot(page, 'sign-up-known-email');
  await login.click();
  await expect(page).toHaveURL(/\/notary\/login$/);
});

test('a deep link opens a lazy screen directly, with no warning or error in the console', async ({ page }) => {
  await signInAsAgent(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    // The app's own scripts only (the browser's notes about response headers are not the app's).
    const fromApp = message.location().url.includes('/notary/assets/');
    if (fromApp && (message.type() === 'warning' || message.type() === 'error')) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto('/notary/sync');
  await expect(page.getByRole('heading', { level: 1, name: 'Pending Actions' })).toBeVisible();
  await page.goto('/notary/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await page.goto('/notary/appointments/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(problems).toEqual([]);
});
