import { signInAs } from '../../support/accounts';
import { expectAccessibleAndFitting, shot } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';

test.describe('one look: the brand, light and dark', () => {
  test('the console wears the agent app’s brand: its logo and teal; dark mode is remembered and stays readable', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.locator('img[src="/logo.svg"]')).toBeVisible();
    // The agent app's logo file is the console's.
    const [consoleLogo, agentLogo] = await Promise.all([
      (await page.request.get('/logo.svg')).text(),
      (await page.request.get('/notary/icons/icon.svg')).text(),
    ]);
    expect(consoleLogo).toBe(agentLogo);
    const primary = page.getByRole('button', { name: 'Schedule Your Notary Today' }).first();
    await expect(primary).toHaveCSS('background-color', 'rgb(14, 85, 102)'); // #0e5566, the agent app's --color-brand

    await header.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await shot(page, 'landing-dark');
    await expectAccessibleAndFitting(page, 'landing, dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('button', { name: 'Schedule Your Notary Today' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Notary Request Form' })).toBeVisible();
    await expectAccessibleAndFitting(page, 'notary request form, dark');
    await page.keyboard.press('Escape');

    await signInAs(page, 'escrow@firm-a.demo.test', '/originator');
    await expect(page.getByRole('heading', { level: 1, name: 'Escrow Officer Portal' })).toBeVisible();
    await expect(page.getByLabel('Appointment name')).toBeVisible();
    await expectAccessibleAndFitting(page, 'create form, dark');
    await page.goto('/originator?tab=in-process');
    const table = page.getByRole('table', { name: 'In process appointments' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await shot(page, 'in-process-dark');
    await expectAccessibleAndFitting(page, 'in-process list, dark');
    await table.getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('listitem').first()).toBeVisible();
    await shot(page, 'order-details-dark', true);
    await expectAccessibleAndFitting(page, 'order details, dark');

    await page.getByRole('banner').getByRole('button', { name: 'Switch to light mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});
