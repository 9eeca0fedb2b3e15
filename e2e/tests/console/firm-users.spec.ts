import { fillLogin, signInAs } from '../../support/accounts';
import { expectAccessibleAndFitting, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

test.describe('the org admin’s users', () => {
  test('orgadmin@firm-a creates an escrow user of the firm, who appears in the list and can sign in', async ({ page }) => {
    await signInAs(page, 'orgadmin@firm-a.demo.test', '/originator?tab=users');
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
    await expect(card).toContainText('Invitation sent.');
    await expect(card).toContainText(`We emailed ${email} an invitation for Noel Ferris to join Firm A Title & Escrow as Escrow Officer.`);
    await expect(card).not.toContainText('Status:');
    await expectAccessibleAndFitting(page, 'registration status');
    await card.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByLabel('Email')).toHaveValue('');
    const table = page.getByRole('table', { name: 'Firm users' });
    await expect(table).toContainText(email);

    // The invitation waits in the outbox (no SMTP here); the new officer sets a password and signs in.
    const admin = await signedInApi('admin@demo.test');
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const outbox = await (await admin.get('/api/outbox?channel=email&pageSize=50')).json();
          link = outbox.items
            .find((m: { toAddress: string }) => m.toAddress === email)
            ?.body.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
          return Boolean(link);
        },
        { timeout: scaled(20_000) },
      )
      .toBe(true);
    await admin.dispose();
    await page.getByRole('button', { name: 'Log Out' }).click();
    // Leaving before the sign-out has answered would cut it off and keep the org admin signed in.
    await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByLabel('New password').fill('noel-ferris-2026');
    await page.getByLabel('Confirm password').fill('noel-ferris-2026');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByRole('link', { name: 'Log in with your new password' }).click();
    await fillLogin(page, email, 'noel-ferris-2026');
    await expect(page.getByText('Welcome, Noel Ferris of Firm A Title & Escrow.')).toBeVisible();
    // An escrow officer (creator) may add escrow officers only (spec 02 §6, as the API enforces).
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page.getByLabel('Role').locator('option')).toHaveText(['Escrow Officer']);
  });
});

test.describe('signing agents near a signing', () => {
  test('an escrow officer sees how many agents cover a zip, nearest first, without their contact; the search is in the URL', async ({
    page,
  }) => {
    await signInAs(page, 'escrow@firm-a.demo.test', '/originator?tab=agents');
    const search = page.getByRole('search', { name: 'Find signing agents' });
    await search.getByLabel('Zip code').fill('7870');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(search.getByText('Zip code must be a 5-digit number')).toBeVisible();
    await expect(page).not.toHaveURL(/zip=/);

    await search.getByLabel('Zip code').fill('78701');
    await search.getByLabel('Within').selectOption({ label: '50 miles' });
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/mode=radius/);
    await expect(page).toHaveURL(/zip=78701/);
    const summary = page.getByRole('status').filter({ hasText: 'within 50 miles of 78701' });
    await expect(summary).toBeVisible();
    const table = page.getByRole('table', { name: 'Signing agents' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const distances = (await table.getByRole('row').locator('td:nth-child(5)').allTextContents()).map((d) => Number.parseFloat(d));
    expect(distances.length).toBeGreaterThan(0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(50);
    await expect(table).not.toContainText('@');
    await shot(page, 'agent-coverage');
    await expectAccessibleAndFitting(page, 'agent coverage');

    // The same count as the API gives this officer, whose rows carry no contact.
    const api = await signedInApi('escrow@firm-a.demo.test');
    const answer = await (await api.get('/api/agents?mode=radius&zip=78701&radius=50')).json();
    await expect(summary).toHaveText(
      `${answer.total.toLocaleString('en-US')} signing agent${answer.total === 1 ? '' : 's'} within 50 miles of 78701`,
    );
    expect(answer.items[0]).not.toHaveProperty('email');
    expect(answer.items[0]).not.toHaveProperty('phone');
    await api.dispose();

    // A reload keeps the search; a state search replaces it.
    await page.reload();
    await expect(summary).toBeVisible();
    await search.getByLabel('Search by').selectOption({ label: 'State' });
    await search.getByLabel('State').selectOption('TX');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('status').filter({ hasText: / in TX$/ })).toBeVisible();
    await page.setViewportSize({ width: 768, height: 1000 });
    await expectAccessibleAndFitting(page, 'agent coverage at 768');
  });
});
