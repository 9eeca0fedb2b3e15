import { apiSignIn, fillLogin, invitationLink, signInAs } from '../../support/accounts';
import { expectAccessibleAndFitting, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

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

  test('an admin disables a firm: its org admin’s open console is signed out and cannot sign in, its key is refused; enabled, all of it comes back', async ({
    page,
    browser,
  }) => {
    test.setTimeout(scaled(90_000));
    const suffix = Date.now().toString(36);
    const admin = await signedInApi('admin@demo.test');
    const added = await admin.post('/api/firms', {
      data: {
        name: `quarry lane title ${suffix}`,
        contactName: 'Ada Quarry',
        contactEmail: `ada.${suffix}@quarry.example`,
        address: '5 Quarry Ln',
        city: 'Pasadena',
        state: 'CA',
        zip: '91101',
        serviceFee: '45',
      },
    });
    expect(added.status()).toBe(201);
    const firm = ((await added.json()) as { firm: { id: string; name: string } }).firm;
    const email = `ada.${suffix}@quarry.example`;
    const created = await admin.post('/api/users', {
      data: { firstName: 'Ada', lastName: 'Quarry', email, phone: '6265550142', role: 'creator_admin', firmId: firm.id },
    });
    expect(created.status()).toBe(201);
    const token = (await invitationLink(admin, email)).searchParams.get('token');
    const password = 'quarry-lane-2026';
    expect((await admin.post('/api/auth/reset-password', { data: { token, newPassword: password } })).status()).toBe(200);

    // The firm's org admin works in the console and has an API key.
    const orgAdminContext = await browser.newContext();
    const orgAdminPage = await orgAdminContext.newPage();
    await apiSignIn(orgAdminPage, email, password);
    const key = await orgAdminPage.request.post('/api/api-keys', { data: { name: 'ResWare', scopes: ['orders:read'] } });
    expect(key.status()).toBe(201);
    const bearer = { authorization: `Bearer ${((await key.json()) as { token: string }).token}` };
    await orgAdminPage.goto('/originator');
    await expect(orgAdminPage.locator('html')).toHaveAttribute('data-live', 'connected');

    await test.step('the admin disables the firm from its detail', async () => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await apiSignIn(page, 'admin@demo.test');
      await page.goto('/admin?tab=firms');
      await page.getByRole('table', { name: 'Firms' }).getByRole('button', { name: firm.name }).click();
      const access = page.getByRole('region', { name: 'Firm access' });
      await expect(access).toContainText('Its users can sign in, and its API keys and webhooks work.');
      await access.getByRole('button', { name: 'Disable firm' }).click();
      const dialog = page.getByRole('dialog', { name: 'Disable firm' });
      await expect(dialog).toContainText(
        `Disable ${firm.name}? Its users are signed out everywhere at once and cannot sign in, and its API keys and webhooks stop, until the firm is enabled again. Its orders stay for operators to finish or cancel.`,
      );
      await dialog.getByRole('button', { name: 'Disable firm' }).click();
      await expect(
        page.getByRole('alert').filter({
          hasText: `${firm.name} is disabled: its 1 user is signed out everywhere and cannot sign in, and its 1 API key and webhooks stop until the firm is enabled again.`,
        }),
      ).toBeVisible();
      await expect(access).toContainText(
        /Disabled since \d{1,2}\/\d{1,2}\/\d{4}, .*: its users cannot sign in, and its API keys and webhooks are stopped\./,
      );
      await expect(page.getByRole('table', { name: 'Firms' }).getByRole('row').filter({ hasText: firm.name })).toContainText('Disabled');
      await shot(page, 'firm-disabled');
      await expectAccessibleAndFitting(page, 'a disabled firm');
    });

    await test.step('the org admin’s open console is signed out, sign-in is refused, and the key too', async () => {
      await expect(orgAdminPage).toHaveURL(/\/login\?redirect=%2Foriginator/);
      await fillLogin(orgAdminPage, email, password);
      await expect(orgAdminPage.getByText('Your firm is disabled on SigningDesk. Ask SigningDesk to enable it again.')).toBeVisible();
      expect((await orgAdminPage.request.get('/api/escrow/appointments', { headers: bearer })).status()).toBe(401);
    });

    await test.step('enabled again, the org admin signs in and the key works', async () => {
      await page.getByRole('region', { name: 'Firm access' }).getByRole('button', { name: 'Enable firm' }).click();
      await expect(page.getByRole('alert').filter({ hasText: `${firm.name} is enabled` })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Firms' }).getByRole('row').filter({ hasText: firm.name })).not.toContainText(
        'Disabled',
      );
      await fillLogin(orgAdminPage, email, password);
      await expect(orgAdminPage).toHaveURL(/\/originator/);
      expect((await orgAdminPage.request.get('/api/escrow/appointments', { headers: bearer })).status()).toBe(200);
    });
    await orgAdminContext.close();
    await admin.dispose();
  });
});
