import { apiSignIn, fillLogin, signInAs } from '../../support/accounts';
import { expect, test } from '../../support/fixtures';

const INACTIVE_TEXT = 'Your registration is currently being reviewed and is not yet active.  Please check back soon!';

test.describe('the agent app at /notary/', () => {
  test('asks for sign-in and returns to the tab wanted', async ({ page }) => {
    await page.goto('/notary/?tab=open');
    await expect(page).toHaveURL(/\/notary\/login\?redirect=/);
    await fillLogin(page, 'agent@demo.test');
    await expect(page).toHaveURL((url) => url.pathname === '/notary/' && url.search === '?tab=open');
    await expect(page.getByRole('tab', { name: 'Open Appointments' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Currently open requests:' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Click Here to Review and Claim' }).first()).toBeVisible();
  });

  test('opens on the Assigned tab with the cards of the agent', async ({ page }) => {
    await signInAs(page, 'agent@demo.test', '/notary/');
    await expect(page.getByRole('heading', { level: 1, name: 'Signing Agent Portal' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Assigned Appointments' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Here are your current assigned requests:' })).toBeVisible();
    const api = await page.request.get('/api/agent/appointments?tab=assigned');
    const { items } = (await api.json()) as { items: { name: string }[] };
    expect(items.length).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Click Here to Access Assignment' })).toHaveCount(items.length);
    await expect(page.getByRole('heading', { level: 3, name: items[0]!.name }).first()).toBeVisible();
  });

  test('has the site navigation of spec 01 §2: a visitor’s, then a signed-in agent’s', async ({ page }) => {
    // The site's links are in the header's Menu.
    const links = async () => {
      const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
      if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
      return page
        .getByRole('navigation', { name: 'Site' })
        .getByRole('link')
        .evaluateAll((all) => all.map((a) => `${a.textContent} ${(a as HTMLAnchorElement).pathname}`));
    };
    await page.goto('/notary/login');
    // The page's HTML shows the header alone until the app runs.
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    expect(await links()).toEqual(['Home /', 'About Us /about-us', 'Contact Us /support', 'Sign Up /notary/sign-up']);
    await apiSignIn(page, 'agent@demo.test');
    await page.goto('/notary/');
    await expect(page.getByRole('heading', { level: 1, name: 'Signing Agent Portal' })).toBeVisible();
    expect(await links()).toEqual(['Home /', 'About Us /about-us', 'Portal /notary/', 'Contact Us /support']);
    await expect(page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Portal' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // A page of the website opens in the browser; the agent stays in the app.
    const opened = page.context().waitForEvent('page');
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'About Us' }).click();
    await expect(await opened).toHaveURL(/\/about-us$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Signing Agent Portal' })).toBeVisible();
  });

  test('keeps a pending agent out of every tab with the spec text', async ({ page }) => {
    await signInAs(page, 'pending-agent@demo.test', '/notary/');
    for (const tab of ['Open Appointments', 'Pending Appointments', 'Assigned Appointments', 'Completed Appointments']) {
      await page.getByRole('tab', { name: tab }).click();
      const text = page.getByText('Your registration is currently being reviewed');
      await expect(text).toBeVisible();
      expect(await text.textContent()).toBe(INACTIVE_TEXT);
    }
  });

  test('is installable: manifest scoped to /notary/ and an active service worker', async ({ page }) => {
    await page.goto('/notary/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = await (await page.request.get(new URL(href!, page.url()).toString())).json();
    expect(manifest).toMatchObject({ scope: '/notary/', start_url: '/notary/', display: 'standalone' });
    expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/notary/');
  });

  test('notification links /preview/:id and /sign-up open inside the app', async ({ page }) => {
    await page.goto('/preview/8d2f6a52-5b7e-4c1e-9a53-7e4f8c9d0a11');
    await expect(page).toHaveURL(/\/notary\/preview\/8d2f6a52-5b7e-4c1e-9a53-7e4f8c9d0a11$/);
    await page.goto('/sign-up');
    await expect(page).toHaveURL(/\/notary\/sign-up$/);
  });
});
