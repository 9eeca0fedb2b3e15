import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fillLogin } from '../../support/accounts';
import { expectAccessibleAndFitting, shot, signedInApi } from '../../support/agent-app';

async function signIn(page: Page, email: string, to: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(to)}`);
  await fillLogin(page, email);
  await expect(page).toHaveURL((url) => url.pathname === to.split('?')[0]);
}

async function createOrder(api: APIRequestContext, fileNumber: string): Promise<string> {
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const res = await api.post('/api/appointments', {
    data: {
      name: 'Nguyen Purchase',
      date: day,
      timeTbd: true,
      street: '42 Harbor Rd',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      agentFee: '$140',
      fileNumber,
      contactName: 'Linh Nguyen',
      contactPhone1: '(512) 555-0190',
      contactEmail1: 'linh.nguyen@example.test',
      scanBackRequired: true,
      transactionType: 1,
      financeType: 12,
      comments: 'Gate code 4411.',
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).appointment.id as string;
}

test.describe('an escrow order’s details at its own URL', () => {
  test('the officer reads every field, writes a message that shows as reviewed once an operator reads it, and sees the assigned agent', async ({ page }) => {
    const escrow = await signedInApi('escrow@firm-a.demo.test');
    const fileNumber = `DET-${Date.now().toString(36).toUpperCase()}`;
    const id = await createOrder(escrow, fileNumber);

    await signIn(page, 'escrow@firm-a.demo.test', `/originator/orders/${id}`);
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details).toContainText(fileNumber);
    await expect(details).toContainText('Nguyen Purchase');
    await expect(details).toContainText('Linh Nguyen');
    await expect(details).toContainText('42 Harbor Rd, Austin, TX 78701');
    await expect(details).toContainText('TBD CT');
    await expect(details).toContainText('SCAN BACKS ARE REQUIRED');
    await expect(details).toContainText('Purchase');
    await expect(details).toContainText('Conventional');
    await expect(details).toContainText('Gate code 4411.');
    await expect(details.getByRole('link', { name: '(512) 555-0190' })).toHaveAttribute('href', 'tel:+15125550190');
    await expect(details).toContainText('Not assigned yet');

    // Edit: Cancel Edit changes nothing; Update Order sends the change, shows the wait text,
    // then the server's message, and Return to Order Details shows the change.
    await details.getByRole('button', { name: 'Edit Order Details' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Edit Existing Order' })).toBeVisible();
    await page.getByLabel('Signer name').fill('Someone Else');
    await page.getByRole('button', { name: 'Cancel Edit' }).click();
    await expect(details).toContainText('Linh Nguyen');
    await details.getByRole('button', { name: 'Edit Order Details' }).click();
    await expect(page.getByLabel('Signer name')).toHaveValue('Linh Nguyen');
    await page.getByLabel('Signer name').fill('Linh Tran Nguyen');
    await page.getByLabel('Lender').fill('Lone Star Credit Union');
    await shot(page, 'order-edit', true);
    await expectAccessibleAndFitting(page, 'edit order');
    let sent: Record<string, unknown> | null = null;
    await page.route(`**/api/appointments/${id}`, async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      sent = route.request().postDataJSON() as Record<string, unknown>;
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fallback();
    });
    await page.getByRole('button', { name: 'Update Order' }).click();
    await expect(page.getByText('Please wait while we update the order and send out notifications...')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Order updated' })).toBeVisible();
    expect(sent).toEqual({ contactName: 'Linh Tran Nguyen', lender: 'Lone Star Credit Union' });
    await page.getByRole('button', { name: 'Return to Order Details' }).click();
    await expect(details).toContainText('Linh Tran Nguyen');
    await expect(details).toContainText('Lone Star Credit Union');
    expect(await (await escrow.get(`/api/appointments/${id}`)).json()).toMatchObject({ contactName: 'Linh Tran Nguyen', lender: 'Lone Star Credit Union' });

    const messages = page.getByRole('region', { name: 'Messages' });
    await messages.getByLabel('New message').fill('Please bring two copies of the closing disclosure.');
    await messages.getByRole('button', { name: 'Send message' }).click();
    await expect(messages).toContainText('Please bring two copies of the closing disclosure.');
    await expect(messages).toContainText('Provider: unread by the provider');

    // An operator reads the thread and assigns an agent (through the API).
    const admin = await signedInApi('admin@demo.test');
    expect((await admin.get(`/api/appointments/${id}/notes`)).status()).toBe(200);
    const agents = await (await admin.get('/api/agents?mode=all&pageSize=1')).json();
    const agentId: string = agents.items[0].id;
    expect((await admin.post(`/api/appointments/${id}/assign`, { data: { agentId } })).status()).toBe(200);

    await page.reload();
    await expect(messages).toContainText(/Provider: reviewed by /);
    const agentButton = details.getByRole('button', { name: agents.items[0].name });
    const agentName = (await agentButton.textContent())!;
    await agentButton.click();
    const card = page.getByRole('dialog', { name: agentName });
    await expect(card.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await page.keyboard.press('Escape');
    await shot(page, 'order-details', true);
    await expectAccessibleAndFitting(page, 'order details');
    await page.setViewportSize({ width: 768, height: 1000 });
    await shot(page, 'order-details', true);
    await expectAccessibleAndFitting(page, 'order details at 768');

    // What the database holds: the message and the assignment.
    const thread = await (await escrow.get(`/api/appointments/${id}/notes`)).json();
    expect(thread.items.map((n: { message: string }) => n.message)).toEqual(['Please bring two copies of the closing disclosure.']);
    expect((await (await escrow.get(`/api/appointments/${id}`)).json()).assignedAgent.id).toBe(agentId);
    await Promise.all([escrow.dispose(), admin.dispose()]);
  });

  test('another firm’s officer, or a made-up id, gets “Order not found”, and the API answers 404', async ({ page }) => {
    const escrow = await signedInApi('escrow@firm-a.demo.test');
    const id = await createOrder(escrow, `ISO-${Date.now().toString(36).toUpperCase()}`);
    await escrow.dispose();

    await signIn(page, 'escrow@firm-b.demo.test', `/originator/orders/${id}`);
    await expect(page.getByText('Order not found')).toBeVisible();
    await expect(page.getByText('Nguyen Purchase')).toHaveCount(0);
    await expectAccessibleAndFitting(page, 'order not found');
    const firmB = await signedInApi('escrow@firm-b.demo.test');
    expect((await firmB.get(`/api/appointments/${id}`)).status()).toBe(404);
    await firmB.dispose();

    await page.goto('/originator/orders/not-an-order');
    await expect(page.getByText('Order not found')).toBeVisible();
  });
});
