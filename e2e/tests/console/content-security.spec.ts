import type { Page } from '@playwright/test';
import { signInAs } from '../../support/accounts';
import { expect, test } from '../../support/fixtures';

/** Every CSP violation the page reports, as "directive: blocked". */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective}: ${e.blockedURI || e.sample}`));
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

test('the console and the agent app run under the CSP: styles only with the page’s nonce, no violation', async ({ page }) => {
  const violations = await watchViolations(page);

  // The login page renders under the CSP too; the session itself comes from the API.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await signInAs(page, 'escrow@firm-a.demo.test', '/originator');
  // Mantine's own style element carries this page's nonce, so the browser applied it.
  const mantineStyle = page.locator('style[data-mantine-styles]').first();
  await expect(mantineStyle).toBeAttached();
  const nonce = await page.locator('meta[name="csp-nonce"]').getAttribute('content');
  expect(nonce).toMatch(/^[A-Za-z0-9+/=_-]{16,}$/);
  expect(await mantineStyle.evaluate((el) => (el as HTMLStyleElement).nonce)).toBe(nonce);
  // The primary colour comes from those variables: had the element been blocked, it would be unset.
  const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-blue-6').trim());
  expect(primary).not.toBe('');

  await page.goto('/external-api');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.goto('/notary/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await violations()).toEqual([]);

  // An injected style element without the nonce is refused.
  const injected = await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'body { outline: 7px solid rgb(1, 2, 3); }';
    document.head.append(style);
    return getComputedStyle(document.body).outlineWidth;
  });
  expect(injected).not.toBe('7px');
  await expect.poll(violations).toEqual([expect.stringMatching(/^style-src-elem/)]);
});
