import type { Page } from '@playwright/test';
import { signInAs } from '../../support/accounts';
import { expectAccessibleAndFitting, shot } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';

/** Each screen at both widths: axe finds nothing and nothing reaches past the right edge. */
async function atBothWidths(page: Page, screen: string) {
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, screen);
    await expectAccessibleAndFitting(page, `${screen} at ${width}`);
  }
}

test.describe('every console screen of the public site and the profile', () => {
  test('the public pages are axe-clean and fit at 1280 and 768 px', async ({ page }) => {
    test.slow(); // Eighteen axe runs: nine pages at two widths.
    for (const [path, heading] of [
      ['/about-us', 'About Us'],
      ['/support', 'Contact Us'],
      ['/escrow', 'Register as an Escrow Officer'],
      ['/auto-appraisals', 'Certified Auto Appraisals'],
      ['/faq', 'Frequently Asked Questions'],
      ['/data-policy', 'Data Policy'],
      ['/title-landing', 'Notary Services for Title Companies'],
      ['/login', 'Log In'],
      ['/no-such-page', 'Page not found'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await atBothWidths(page, path.slice(1));
    }
  });

  test('Contact Us can be completed with the keyboard alone', async ({ page }) => {
    await page.goto('/support');
    await page.getByRole('textbox', { name: 'Name' }).focus();
    await page.keyboard.type('Kim Park');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`keyboard-${Date.now()}@example.test`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('3125550100');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Keyboard only');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Sent without a mouse.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Thank you for contacting us.' })).toBeVisible();
  });

  test('the profile and its details show the signed-in officer, read-only', async ({ page }) => {
    await signInAs(page, 'escrow@firm-a.demo.test', '/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    const main = page.locator('main');
    await expect(main.getByText('Dana Whitfield', { exact: true })).toBeVisible();
    await expect(main.getByText('escrow@firm-a.demo.test', { exact: true })).toBeVisible();
    await expect(main.getByText('Escrow Officer', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Picture of Dana Whitfield' })).toBeVisible();
    await atBothWidths(page, 'profile');

    await page.getByRole('link', { name: 'View profile details' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Details' })).toBeVisible();
    const details = main;
    for (const text of ['Dana Whitfield', 'Firm A Title & Escrow', 'Escrow Officer', '(213) 555-0111', 'escrow@firm-a.demo.test']) {
      await expect(details.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(details.getByRole('textbox')).toHaveCount(0);
    await atBothWidths(page, 'profile-details');
  });
});
