import { fillLogin, LANDINGS } from '../../support/accounts';
import { expectAccessibleAndFitting, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

const RESET_ANSWER = 'If an account exists for this email, we sent a link to choose a new password. It works for one hour.';

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

  test('"Forgot password?" on the login carries the email and sends the reset link', async ({ page }) => {
    const email = 'escrow@firm-b.demo.test';
    await page.goto('/login');
    await page.locator('form').getByLabel('Email').fill(email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password\?email=escrow%40firm-b\.demo\.test$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible();
    await expect(page.locator('main form').getByLabel('Email')).toHaveValue(email);
    await expectAccessibleAndFitting(page, 'console forgot password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('status').filter({ hasText: RESET_ANSWER })).toBeVisible();

    // The reset email is written for that account (read from the outbox operators see).
    const admin = await signedInApi('admin@demo.test');
    await expect
      .poll(
        async () => {
          const outbox = (await (await admin.get('/api/outbox?channel=email&pageSize=50')).json()) as {
            items: { toAddress: string; subject: string | null }[];
          };
          return outbox.items.some((m) => m.toAddress === email && m.subject === 'Reset your SigningDesk password');
        },
        { timeout: scaled(20_000) },
      )
      .toBe(true);
    await admin.dispose();
    await page.getByRole('link', { name: 'Back to Log In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  });
});
