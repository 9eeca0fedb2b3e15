import { DEMO_PASSWORD, fillLogin, invitationLink } from '../../support/accounts';
import { expect, test } from '../../support/fixtures';

test('a user created by an operator sets a password from the invitation and signs in', async ({ page, request }) => {
  const signIn = await request.post('/api/auth/sign-in/email', { data: { email: 'admin@demo.test', password: DEMO_PASSWORD } });
  expect(signIn.ok()).toBe(true);
  const firms = await (await request.get('/api/firms')).json();
  const firmA = firms.items.find((f: { orgNumber: number }) => f.orgNumber === 1);
  const email = `invited-${Date.now()}@firm-a.demo.test`;
  const created = await request.post('/api/users', {
    data: { firstName: 'Ina', lastName: 'Vited', email, phone: '2135550177', role: 'creator', firmId: firmA.id },
  });
  expect(created.status()).toBe(201);

  // No SMTP server is configured here: the invitation waits in the outbox operators read.
  const link = await invitationLink(request, email);

  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Set Your Password' })).toBeVisible();
  await page.getByLabel('New password').fill('welcome-aboard-2026');
  await page.getByLabel('Confirm password').fill('welcome-aboard-2026');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Your password is set.')).toBeVisible();
  await page.getByRole('link', { name: 'Log in with your new password' }).click();
  await fillLogin(page, email, 'welcome-aboard-2026');
  await expect(page).toHaveURL(/\/originator/);
  await expect(page.getByText('Welcome, Ina Vited of Firm A Title & Escrow.')).toBeVisible();
});
