import { expect, test } from '@playwright/test';
import { fillLogin } from '../../support/accounts';

test('an integrator reads the API reference rendered from the OpenAPI document', async ({ page }) => {
  await page.goto('/external-api');
  await fillLogin(page, 'escrow@firm-a.demo.test');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  const doc = await (await page.request.get('/api/openapi.json')).json();
  const operations = Object.values(doc.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
  await expect(page.getByText(`Showing ${operations} of ${operations} operations`)).toBeVisible();
  await page.getByLabel('Filter operations').fill('bids');
  const bidOperations = Object.keys(doc.paths).filter((p) => p.includes('bids')).length;
  await expect(page.getByText(`Showing ${bidOperations} of ${operations} operations`)).toBeVisible();
  await page.getByRole('button', { name: /POST \/api\/appointments\/\{id\}\/bids\/\{offerId\}\/accept/ }).click();
  await expect(page.getByText('Admin, Sub Admin').filter({ visible: true })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Download the OpenAPI document' })).toHaveAttribute('href', '/api/openapi.json');
});
