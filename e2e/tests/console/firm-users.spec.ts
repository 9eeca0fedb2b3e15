import { expect, test } from '@playwright/test';
import { fillLogin } from '../../support/accounts';
import { expectAccessibleAndFitting, shot, signedInApi } from '../../support/agent-app';

test.describe('the org admin’s users', () => {
  test('orgadmin@firm-a creates an escrow user of the firm, who appears in the list and can sign in', async ({ page }) => {
    await page.goto('/login?redirect=/originator?tab=users');
    await fillLogin(page, 'orgadmin@firm-a.demo.test');
    await expect(page.getByRole('heading', { level: 2, name: 'Create New User' })).toBeVisible();
    await shot(page, 'firm-users');
    await expectAccessibleAndFitting(page, 'firm users');

    const email = `new-officer-${Date.now()}@firm-a.demo.test`;
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('First name').fill('Noel');
    await page.getByLabel('Last name').fill('Ferris');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('2145550123');
    await page.getByLabel('Role').selectOption({ label: 'Escrow Officer' });
    await page.getByRole('button', { name: 'Create User' }).click();

    const card = page.getByRole('region', { name: 'Registration Status' });
    await expect(card).toContainText('Status: created');
    await expect(card).toContainText(`Noel Ferris (${email}), Escrow Officer of Firm A Title & Escrow`);
    await expectAccessibleAndFitting(page, 'registration status');
    await card.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByLabel('Email')).toHaveValue('');
    const table = page.getByRole('table', { name: 'Firm users' });
    await expect(table).toContainText(email);

    // The invitation waits in the outbox (no SMTP here); the new officer sets a password and signs in.
    const admin = await signedInApi('admin@demo.test');
    let link: string | undefined;
    await expect
      .poll(async () => {
        const outbox = await (await admin.get('/api/outbox?channel=email&pageSize=50')).json();
        link = outbox.items.find((m: { toAddress: string }) => m.toAddress === email)?.body.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
        return Boolean(link);
      }, { timeout: 20_000 })
      .toBe(true);
    await admin.dispose();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByLabel('New password').fill('noel-ferris-2026');
    await page.getByLabel('Confirm password').fill('noel-ferris-2026');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByRole('link', { name: 'Log in with your new password' }).click();
    await fillLogin(page, email, 'noel-ferris-2026');
    await expect(page.getByText('Welcome, Noel Ferris of Firm A Title & Escrow.')).toBeVisible();
    // An escrow officer (creator) has no Users tab.
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveCount(0);
  });
});
