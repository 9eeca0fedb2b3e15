import { request as playwrightRequest } from '@playwright/test';
import { API_KEY_MESSAGES } from '@signingdesk/domain/api-keys';
import { signInAs } from '../../support/accounts';
import { expectAccessibleAndFitting, shot } from '../../support/agent-app';
import { expect, test, workerServer } from '../../support/fixtures';
import { LOS_ANGELES } from '../../support/orders';
import { scaled } from '../../support/slowdown';

// Issue 34: the firm's org admin creates an API key, shown once; the firm's title software
// creates an order with it (no browser, no cookie, like curl) and the order is in the escrow
// portal; revoked in the console, the key is refused at once; operators see every firm's keys.

test('an org admin creates a key, title software orders with it, and a revoked key is refused', async ({ page, browser }) => {
  test.setTimeout(scaled(120_000));
  const name = `Qualia ${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'orgadmin@firm-a.demo.test', '/originator?tab=integrations');
  const keys = page.getByRole('region', { name: 'API keys' });
  await keys.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  // Sent without a name: the form's own message under the field, nothing created.
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText(API_KEY_MESSAGES.nameRequired)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('checkbox', { name: /orders:write/ }).check();
  await shot(page, 'integrations-create-key');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  // Shown once, with the warning.
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown).toContainText('Copy the key now. You will not be able to see it again.');
  const token = await shown.getByRole('textbox', { name: `API key for ${name}` }).inputValue();
  expect(token).toMatch(/^sdk_[a-z2-7]{8}_[A-Za-z0-9_-]{43}$/);
  await shot(page, 'integrations-key-shown-once');
  await shown.getByRole('button', { name: 'Done' }).click();
  const row = keys.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`sdk_${token.slice(4, 12)}_…`);
  await expect(row).toContainText('Never');
  await expect(page.getByText(token.slice(13))).toHaveCount(0);

  // The title software: no cookie, no Origin, the key in the Authorization header.
  const { baseURL } = workerServer();
  const software = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  const fileNumber = `QL-${Date.now().toString(36).toUpperCase()}`;
  const created = await software.post('/api/appointments', {
    data: {
      name: `Refinance ${fileNumber}`,
      date: '2030-12-10',
      time: '14:30',
      ...LOS_ANGELES,
      agentFee: '$150',
      scanBackRequired: true,
      transactionType: 2,
      contactName: 'Maria Alvarez',
      contactPhone1: '2135550199',
      fileNumber,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The order is the firm's, in the escrow portal.
  await page.getByRole('tab', { name: 'In Process Appointments' }).click();
  await page.getByLabel('Search').fill(fileNumber);
  await expect(page.getByRole('table', { name: 'In process appointments' })).toContainText('Maria Alvarez', { timeout: scaled(10_000) });

  // Revoked in the console: the next request is refused.
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(row).not.toContainText('Never');
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(row).toContainText('Revoked');
  const refused = await software.get('/api/escrow/appointments');
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { detail: string }).detail).toBe(API_KEY_MESSAGES.invalid);
  await software.dispose();
  await expectAccessibleAndFitting(page, 'the Integrations tab at 1280 px');
  await page.setViewportSize({ width: 768, height: 900 });
  await shot(page, 'integrations-768');
  await expectAccessibleAndFitting(page, 'the Integrations tab at 768 px');

  // Operators: every firm's keys, with the firm.
  const operatorContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const operator = await operatorContext.newPage();
  await signInAs(operator, 'admin@demo.test', '/admin?tab=integrations');
  const all = operator.getByRole('row').filter({ hasText: name });
  await expect(all).toContainText('Revoked');
  await shot(operator, 'integrations-operators');
  await expectAccessibleAndFitting(operator, 'the operators’ Integrations tab');
  await operatorContext.close();
});
