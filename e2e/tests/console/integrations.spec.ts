import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { API_KEY_MESSAGES } from '@signingdesk/domain/api-keys';
import { Webhook } from 'standardwebhooks';
import { signInAs } from '../../support/accounts';
import { expectAccessibleAndFitting, shot, signedInApi } from '../../support/agent-app';
import { expect, test, workerServer } from '../../support/fixtures';
import { LOS_ANGELES } from '../../support/orders';
import { scaled } from '../../support/slowdown';

// Issue 34: the firm's org admin creates an API key, shown once; the firm's title software
// creates an order with it (no browser, no cookie, like curl) and the order is in the escrow
// portal; revoked in the console, the key is refused at once; operators see every firm's keys.
// A webhook endpoint at a local receiver gets the order's events, signed, and the delivery log
// sends one again with the same webhook-id.

/** Creates a key in the Integrations tab and answers it, as the org admin copies it once. */
async function createKey(page: Page, name: string, scopes: string[]): Promise<string> {
  const keys = page.getByRole('region', { name: 'API keys' });
  await keys.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  for (const scope of scopes) await dialog.getByRole('checkbox', { name: new RegExp(scope) }).check();
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const token = await shown.getByRole('textbox', { name: `API key for ${name}` }).inputValue();
  await shown.getByRole('button', { name: 'Done' }).click();
  return token;
}

const ORDER = {
  date: '2030-12-10',
  time: '14:30',
  ...LOS_ANGELES,
  agentFee: '$150',
  scanBackRequired: true,
  transactionType: 2,
  contactName: 'Maria Alvarez',
  contactPhone1: '2135550199',
};

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
  const created = await software.post('/api/appointments', { data: { ...ORDER, name: `Refinance ${fileNumber}`, fileNumber } });
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

test('an endpoint at a local receiver gets order.created and order.agent_assigned, signed; Resend repeats the id', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const endpointUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/signingdesk`;
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, 'orgadmin@firm-a.demo.test', '/originator?tab=integrations');
    const token = await createKey(page, `Qualia hooks ${Date.now().toString(36)}`, ['orders:write']);

    // The endpoint, with its secret shown once.
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(endpointUrl);
    await expect(form.getByRole('checkbox', { name: /^order\.created/ })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: /^order\.agent_assigned/ })).toBeChecked();
    await shot(page, 'webhooks-add-endpoint');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const added = page.getByRole('dialog', { name: 'Endpoint added' });
    const secret = await added.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await added.getByRole('button', { name: 'Done' }).click();

    // The title software orders with the key: the receiver gets order.created, signed.
    const { baseURL } = workerServer();
    const software = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
    const fileNumber = `WH-${Date.now().toString(36).toUpperCase()}`;
    const created = await software.post('/api/appointments', { data: { ...ORDER, name: `Refinance ${fileNumber}`, fileNumber } });
    expect(created.status(), await created.text()).toBe(201);
    const orderId = ((await created.json()) as { appointment: { id: string } }).appointment.id;
    await software.dispose();
    const verified = () =>
      received.map((r) => ({
        id: String(r.headers['webhook-id']),
        event: new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: { order: { id: string } } },
      }));
    await expect
      .poll(() => verified().find((r) => r.event.type === 'order.created')?.event.data.order.id, { timeout: scaled(30_000) })
      .toBe(orderId);

    // An operator assigns an agent: order.agent_assigned arrives.
    const admin = await signedInApi('admin@demo.test');
    const eligible = (await (await admin.get(`/api/appointments/${orderId}/eligible-agents`)).json()) as { items: { id: string }[] };
    const assigned = await admin.post(`/api/appointments/${orderId}/assign`, { data: { agentId: eligible.items[0]!.id } });
    expect(assigned.status(), await assigned.text()).toBe(200);
    await admin.dispose();
    await expect.poll(() => verified().some((r) => r.event.type === 'order.agent_assigned'), { timeout: scaled(30_000) }).toBe(true);

    // The delivery log shows both, delivered; Resend sends order.created again with its id.
    await webhooks.getByRole('button', { name: `Deliveries of ${endpointUrl}` }).click();
    const log = page.getByRole('dialog', { name: 'Deliveries' });
    const rows = log.getByRole('table', { name: 'Deliveries' }).getByRole('row');
    await expect(rows.filter({ hasText: 'order.created' }).first()).toContainText('Delivered');
    await expect(rows.filter({ hasText: 'order.agent_assigned' }).first()).toContainText('Delivered');
    await shot(page, 'webhooks-delivery-log');
    const firstId = verified().find((r) => r.event.type === 'order.created')!.id;
    await rows
      .filter({ hasText: 'order.created' })
      .first()
      .getByRole('button', { name: /^Resend order\.created/ })
      .click();
    await expect.poll(() => verified().filter((r) => r.id === firstId).length, { timeout: scaled(30_000) }).toBe(2);
    await expectAccessibleAndFitting(page, 'the delivery log at 1280 px');
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
