import { signInAs } from '../../support/accounts';
import { expectAccessibleAndFitting, shot } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';

const THANK_YOU = 'Thank you for your interest! Please check your inbox for an email with more details.';

test.describe('the public site’s spec items (issue 30)', () => {
  test('marketing figures read the same on every page; About Us links to reviews', async ({ page }) => {
    const figures: string[][] = [];
    for (const path of ['/', '/title-landing']) {
      await page.goto(path);
      const region = page.getByRole('region', { name: 'SigningDesk in figures' });
      await expect(region).toContainText('8,000+');
      figures.push((await region.locator('div').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()));
    }
    await page.goto('/about-us');
    for (const text of ['8,000+', 'signing agents in our database', '20+', 'years of experience', '24-hour', 'turnaround']) {
      await expect(page.locator('main').getByText(text, { exact: true })).toBeVisible();
    }
    expect(figures[0]).toEqual(figures[1]);
    expect(figures[0]!.join(' ')).toContain('8,000+');
    expect(figures[0]!.join(' ')).toContain('signing agents in our database');
    const reviews = page.getByRole('link', { name: 'SigningDesk reviews (opens in a new tab)' });
    await expect(reviews).toHaveAttribute('href', /^https:\/\/www\.google\.com\/search\?q=SigningDesk\+reviews$/);
    await expect(reviews).toHaveAttribute('target', '_blank');
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, 'about-us', true);
      await expectAccessibleAndFitting(page, `about us at ${width}`);
    }
  });

  test('the Data Policy gives the opt-out text number and says what analytics records', async ({ page }) => {
    await page.goto('/data-policy');
    await expect(page.getByText('text STOP to (888) 555-0142')).toBeVisible();
    await expect(page.getByText(/with a random visitor id kept in your browser/)).toBeVisible();
    await expect(page.getByText(/without third-party trackers/)).toHaveCount(0);
  });

  test('the FAQ answers how an agent hears whether an offer was accepted', async ({ page }) => {
    await page.goto('/faq');
    await page.getByRole('button', { name: 'How do I know whether my offer was accepted?' }).click();
    await expect(page.getByText('you get a follow-up message saying whether your offer was accepted or declined')).toBeVisible();
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, 'faq-open');
      await expectAccessibleAndFitting(page, `faq with an answer open at ${width}`);
    }
  });

  test('the affiliate banner for a signed-in escrow officer: minimize, Learn More, gone for the session', async ({ page }) => {
    await signInAs(page, 'escrow@firm-b.demo.test', '/originator');
    const banner = page.getByRole('region', { name: 'Earn more with the SigningDesk affiliate program' });
    await expect(banner).toBeVisible();
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await banner.scrollIntoViewIfNeeded();
      await shot(page, 'affiliate-banner');
      await expectAccessibleAndFitting(page, `affiliate banner at ${width}`);
    }
    await banner.getByRole('button', { name: 'Minimize' }).click();
    const minimized = page.getByRole('region', { name: 'Affiliate program' });
    await expect(minimized).toBeVisible();
    await page.reload();
    await expect(minimized).toBeVisible();
    await minimized.getByRole('button', { name: 'Earn more with the affiliate program' }).click();
    await banner.getByRole('button', { name: 'Learn More' }).click();
    const thanks = page.getByRole('dialog', { name: 'Affiliate Program' });
    await expect(thanks).toContainText(THANK_YOU);
    await expectAccessibleAndFitting(page, 'affiliate thank-you dialog');
    await thanks.getByRole('button', { name: 'Close' }).last().click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Escrow Officer Portal' })).toBeVisible();
    await expect(banner).toBeHidden();
    await expect(minimized).toBeHidden();
  });

  test('operators see no affiliate banner', async ({ page }) => {
    await signInAs(page, 'admin@demo.test', '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeVisible();
    await expect(page.getByRole('region', { name: /affiliate/i })).toHaveCount(0);
  });
});
