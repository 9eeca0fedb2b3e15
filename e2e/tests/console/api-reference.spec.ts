import { expectNoAxeViolations } from '../../support/agent-app';
import { signInAs } from '../../support/accounts';
import { expect, test } from '../../support/fixtures';

test('an integrator reads the API reference rendered from the OpenAPI document', async ({ page }) => {
  await signInAs(page, 'escrow@firm-a.demo.test', '/external-api');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  const doc = await (await page.request.get('/api/openapi.json')).json();
  const operations = Object.values(doc.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
  await expect(page.getByText(`Showing ${operations} of ${operations} operations`)).toBeVisible();
  await expectNoAxeViolations(page, 'all operations');

  await page.getByLabel('Filter operations').fill('bids');
  const bidOperations = Object.keys(doc.paths).filter((p) => p.includes('bids')).length;
  await expect(page.getByText(`Showing ${bidOperations} of ${operations} operations`)).toBeVisible();
  await page.getByRole('button', { name: /POST \/api\/appointments\/\{id\}\/bids\/\{offerId\}\/accept/ }).click();
  await expect(page.getByText('Admin, Sub Admin').filter({ visible: true })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Download the OpenAPI document' })).toHaveAttribute('href', '/api/openapi.json');

  // Find the order-creating operation by its summary, then read who may call it and its body.
  await page.getByLabel('Filter operations').fill('appointment order');
  await expect(page.getByText(`Showing 1 of ${operations} operations`)).toBeVisible();
  await page.getByRole('button', { name: /POST \/api\/appointments Create an appointment order/ }).click();
  await expect(page.getByText('Access: Admin, Sub Admin, Org Admin, Escrow Officer', { exact: true })).toBeVisible();
  const body = page.getByRole('table', { name: 'Request body fields of POST /api/appointments' });
  await expect(body).toBeVisible();
  const agentFee = body.getByRole('row').filter({ has: page.getByRole('cell', { name: 'agentFee', exact: true }) });
  await expect(agentFee.getByRole('cell')).toHaveText(['agentFee', 'string', 'Yes', /the signing agent fee.*Example: \$150\.00/]);
  const schema = doc.components.schemas.CreateAppointment as { required: string[] };
  for (const field of schema.required) {
    const row = body.getByRole('row').filter({ has: page.getByRole('cell', { name: field, exact: true }) });
    await expect(row.getByRole('cell').nth(2), field).toHaveText('Yes');
  }
  await expectNoAxeViolations(page, 'create appointment opened');

  // The documented answer of GET /api/me is what the same session gets from the API.
  await page.getByLabel('Filter operations').fill('GET /api/me');
  await page.getByRole('button', { name: /GET \/api\/me / }).click();
  const documented = await page
    .getByRole('table', { name: 'Response body fields of GET /api/me' })
    .locator('[data-depth="0"]')
    .allInnerTexts();
  const me = await (await page.request.get('/api/me')).json();
  expect(me.email).toBe('escrow@firm-a.demo.test');
  expect(documented.length).toBeGreaterThan(0);
  expect(Object.keys(me).filter((key) => !documented.includes(key))).toEqual([]);
});
