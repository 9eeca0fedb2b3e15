import { fillLogin } from '../../support/accounts';
import { expectAccessibleAndFitting, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

/**
 * Forgot password, on a 360 px phone: from the login's 'Forgot password?' (carrying the email
 * typed there) to the app's screen, which waits for a connection and shows the server's
 * answer; then the emailed link (read from the outbox operators see, as no SMTP server is
 * configured here) opens the agent app's own page (in its look, not the console's), sets a new
 * password, and the agent signs in with it.
 * It uses agent00001@…, not agent@demo.test: later files sign in with the demo password.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const EMAIL = 'agent00001@agents.demo.test';
const NEW_PASSWORD = 'a-fresh-start-2026';
const ANSWER = 'If an account exists for this email, we sent a link to choose a new password. It works for one hour.';

test('an agent asks for a reset link from the login, chooses a new password and signs in with it', async ({ page, context }) => {
  await page.goto('/notary/login');
  await page.locator('form').getByLabel('Email').fill(EMAIL);
  await page.getByRole('link', { name: 'Forgot password?' }).click();

  await expect(page).toHaveURL(/\/notary\/forgot-password\?email=agent00001%40agents\.demo\.test$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible();
  const email = page.locator('main form').getByLabel('Email');
  await expect(email).toHaveValue(EMAIL);
  const send = page.getByRole('button', { name: 'Send Reset Link' });
  for (const target of [send, email, page.getByRole('link', { name: 'Back to Log In' })]) {
    expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await expectAccessibleAndFitting(page, 'forgot password');

  // Offline the button waits, and says why.
  await context.setOffline(true);
  await expect(send).toBeDisabled();
  await expect(page.getByText('Sending a reset link needs a connection.')).toBeVisible();
  await expectAccessibleAndFitting(page, 'forgot password offline');
  await context.setOffline(false);
  await expect(send).toBeEnabled();

  await send.click();
  await expect(page.getByRole('status').filter({ hasText: ANSWER })).toBeVisible();
  await expectAccessibleAndFitting(page, 'forgot password sent');

  // The delivery worker writes the email into the outbox within a few seconds.
  const admin = await signedInApi('admin@demo.test');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await admin.get('/api/outbox?channel=email&pageSize=50');
        const outbox = (await res.json()) as { items: { toAddress: string; subject: string | null; body: string }[] };
        const message = outbox.items.find((m) => m.toAddress === EMAIL && m.subject === 'Reset your SigningDesk password');
        link = message?.body.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
        return Boolean(link);
      },
      { timeout: scaled(20_000) },
    )
    .toBe(true);
  await admin.dispose();

  const url = new URL(link!);
  expect(url.pathname).toBe('/notary/reset-password');
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Set Your Password' })).toBeVisible();
  // The agent app's chrome, not the console's.
  await expect(page.getByRole('banner').getByRole('link', { name: 'SigningDesk' })).toHaveAttribute('href', '/notary/');
  await expectAccessibleAndFitting(page, 'set password');
  await page.screenshot({ path: '/tmp/agent1-set-password-360.png' });
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('New password must be at least 10 characters.');
  await page.setViewportSize({ width: 320, height: 640 });
  await expectAccessibleAndFitting(page, 'set password 320');
  await page.screenshot({ path: '/tmp/agent1-set-password-320.png' });
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password is set. Log in with it now.' })).toBeVisible();

  await page.getByRole('link', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(/\/notary\/login$/);
  await fillLogin(page, EMAIL, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/notary\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Signing Agent Portal' })).toBeVisible();
});
