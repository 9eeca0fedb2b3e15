import { fillLogin, LANDINGS } from '../../support/accounts';
import { expect, test } from '../../support/fixtures';

test.describe('signing in from the console', () => {
  for (const landing of LANDINGS) {
    test(`${landing.email} lands on its portal`, async ({ page }) => {
      await page.goto('/login');
      await fillLogin(page, landing.email);
      await expect(page).toHaveURL((url) => url.pathname === landing.path);
      await expect(page.getByRole('heading', { level: 1, name: landing.heading })).toBeVisible();
      if ('greeting' in landing) await expect(page.getByText(landing.greeting, { exact: true })).toBeVisible();
    });
  }

  test('a visitor sent to a protected page logs in and returns to the path and query wanted', { tag: '@smoke' }, async ({ page }) => {
    await page.goto('/admin?tab=firms&sort=name');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin?tab=firms&sort=name');
    await fillLogin(page, 'subadmin@demo.test');
    await expect(page).toHaveURL((url) => url.pathname === '/admin' && url.search === '?tab=firms&sort=name');
    await expect(page.getByRole('tab', { name: 'Firms' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a wrong password shows "Login failed" and keeps the visitor out', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, 'admin@demo.test', 'not-the-password');
    await expect(page.getByText('Login failed')).toBeVisible();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login/);
  });

  test('navigation follows the role, and Log Out ends the session', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();

    await page.goto('/login');
    await fillLogin(page, 'escrow@firm-a.demo.test');
    await expect(page).toHaveURL(/\/originator/);
    await expect(nav.getByRole('link', { name: 'Portal' })).toHaveAttribute('href', '/originator');
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    const me = await page.request.get('/api/me');
    expect(me.status()).toBe(401);
    await page.goto('/originator');
    await expect(page).toHaveURL(/\/login\?redirect=%2Foriginator/);
  });

  test('an escrow officer who opens the admin portal is not shown it', async ({ page }) => {
    await page.goto('/login?redirect=%2Fadmin');
    await fillLogin(page, 'escrow@firm-b.demo.test');
    await expect(page).toHaveURL(/\/admin/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toHaveCount(0);
    await expect(page.getByText(/do not have access/i)).toBeVisible();
  });
});
