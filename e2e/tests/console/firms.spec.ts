import { signInAs } from '../../support/accounts';
import { expectAccessibleAndFitting, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';

test.describe('Firms', () => {
  test('the admin adds a firm with the spec’s rules and messages; a firm’s name shows its escrow users', async ({ page }) => {
    const suffix = Date.now().toString(36);
    await signInAs(page, 'admin@demo.test', '/admin?tab=firms');
    const table = page.getByRole('table', { name: 'Firms' });
    await expect(table).toContainText('Firm A Title & Escrow');
    await shot(page, 'firms');
    await expectAccessibleAndFitting(page, 'firms');

    // A firm's escrow users, phones formatted.
    await table.getByRole('button', { name: 'Firm A Title & Escrow' }).click();
    const users = page.getByRole('table', { name: 'Firm users' });
    await expect(users).toContainText('escrow@firm-a.demo.test');
    await expect(users).toContainText('(213) 555-0111');

    await page.getByRole('button', { name: 'Add Firm' }).click();
    const form = page.getByRole('form', { name: 'Add Firm' });
    await form.getByLabel('Organization name').fill(`harbor point title ${suffix}`);
    await form.getByLabel('Contact name').fill('dana whitfield');
    await form.getByLabel('Contact email').fill(`Ops.${suffix}@Harbor.Example`);
    await form.getByLabel('Address').fill('1 Harbor Way');
    await form.getByLabel('City').fill('Long Beach');
    await form.getByLabel('State').selectOption('CA');
    await form.getByLabel('Zip').fill('9080');
    await form.getByLabel('Service fee').fill('$4a5.0.0');
    await expect(form.getByLabel('Service fee')).toHaveValue('45.00');
    await form.getByRole('button', { name: 'Add Firm' }).click();
    await expect(form.getByText('Zip code must be a 5-digit number')).toBeVisible();
    await expect(form.getByRole('alert')).toHaveText('Please enter a valid 5-digit ZIP code.');
    await expectAccessibleAndFitting(page, 'add firm with errors');

    await form.getByLabel('Zip').fill('90802');
    await form.getByRole('button', { name: 'Add Firm' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Firm added' })).toBeVisible();
    await expect(form).toHaveCount(0);

    // Stored title-cased, lowercased and in cents.
    const admin = await signedInApi('admin@demo.test');
    const firms = await (await admin.get(`/api/firms?q=${suffix}`)).json();
    expect(firms.items).toEqual([
      expect.objectContaining({
        name: `Harbor Point Title ${suffix.charAt(0).toUpperCase()}${suffix.slice(1)}`,
        contactName: 'Dana Whitfield',
        contactEmail: `ops.${suffix}@harbor.example`,
        zip: '90802',
        serviceFeeCents: 4500,
        managingOrgNumber: 3000,
      }),
    ]);

    // The same name again, in other letters: refused in the spec's words, nothing added.
    await page.getByRole('button', { name: 'Add Firm' }).click();
    await form.getByLabel('Organization name').fill(`HARBOR POINT TITLE ${suffix.toUpperCase()}`);
    await form.getByLabel('Contact name').fill('Sam Ortiz');
    await form.getByLabel('Contact email').fill(`sam.${suffix}@harbor.example`);
    await form.getByLabel('Address').fill('2 Harbor Way');
    await form.getByLabel('City').fill('Long Beach');
    await form.getByLabel('State').selectOption('CA');
    await form.getByLabel('Zip').fill('90802');
    await form.getByLabel('Service fee').fill('50');
    await form.getByRole('button', { name: 'Add Firm' }).click();
    await expect(form.getByRole('alert')).toHaveText('This organization name is already taken');
    expect((await (await admin.get(`/api/firms?q=${suffix}`)).json()).items).toHaveLength(1);
    await admin.dispose();
  });

  test('a sub-admin sees the firms but no Add Firm', async ({ page }) => {
    await signInAs(page, 'subadmin@demo.test', '/admin?tab=firms');
    await expect(page.getByRole('table', { name: 'Firms' })).toContainText('Firm A Title & Escrow');
    await expect(page.getByRole('button', { name: 'Add Firm' })).toHaveCount(0);
  });
});
