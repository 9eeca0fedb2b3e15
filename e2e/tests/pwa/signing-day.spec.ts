import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { signInAs } from '../../support/accounts';
import { cutNetwork, expectAccessibleAndFitting, restoreNetwork, shot, signedInApi, waitForMirror } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { LOS_ANGELES, pacificDate } from '../../support/orders';
import { scaled } from '../../support/slowdown';

// Issue 33, items 3 and 4: the agent confirms with the signer and records the originals'
// tracking number (or a photo of the drop-off receipt) on the phone; the escrow officer reads
// them on the order page.

const OFFICER = 'escrow@firm-a.demo.test';
const SAVED_OFFLINE = 'Saved on this phone — it will be sent when you are back online.';
// A 1×1 PNG: what the phone's camera gives, as far as the server's content check can tell.
const RECEIPT_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface OrderView {
  confirmation: { result: string; method: string; line: string } | null;
  shipment: {
    carrier: string;
    trackingNumber: string | null;
    trackingUrl: string | null;
    receiptFileId: string | null;
    line: string;
  } | null;
}

/** An eligible agent of the order other than the demo agent, whose record other journeys read. */
async function offeredAgent(admin: APIRequestContext, orderId: string): Promise<{ id: string; email: string }> {
  const eligible = (await (await admin.get(`/api/appointments/${orderId}/eligible-agents`)).json()) as { items: { id: string }[] };
  for (const { id } of eligible.items) {
    const email = ((await (await admin.get(`/api/agents/${id}`)).json()) as { contact: { email: string } }).contact.email;
    if (email !== 'agent@demo.test') return { id, email };
  }
  throw new Error('No eligible agent near the order but the demo agent');
}

/**
 * A signing today with its time TBD (so it has started: its completion opens at the start of its
 * day, decision 015), the originals dropped off at FedEx, assigned by an operator to an eligible
 * agent other than the demo agent. The signer has a phone number and no email address.
 */
async function signingToday(admin: APIRequestContext, prefix: string): Promise<{ id: string; email: string }> {
  const escrow = await signedInApi(OFFICER);
  const fileNumber = `${prefix}-${Date.now().toString(36).toUpperCase()}`;
  const created = await escrow.post('/api/appointments', {
    data: {
      name: `Signing Day ${fileNumber}`,
      date: pacificDate(0),
      timeTbd: true,
      ...LOS_ANGELES,
      agentFee: '$150',
      fileNumber,
      contactName: 'Ines Calloway',
      contactPhone1: '(213) 555-0142',
      scanBackRequired: false,
      transactionType: 1,
      returnMethod: 'dropoff',
      returnCarrier: 'FedEx',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { appointment: { id: string } }).appointment;
  const agent = await offeredAgent(admin, id);
  const assigned = await admin.post(`/api/appointments/${id}/assign`, { data: { agentId: agent.id } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  return { id, email: agent.email };
}

/** The escrow officer's order page at 1280 px, opened before the agent acts: it must update by itself. */
async function officerOrderPage(page: Page, id: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, OFFICER, `/originator/orders/${id}`);
  return page.getByRole('region', { name: 'Signing day' });
}

/** The assigned agent on a 360 px phone, on the signing's detail, with it kept for offline use. */
async function agentOnDetail(browser: Browser, email: string, id: string): Promise<{ phone: BrowserContext; agent: Page }> {
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const agent = await phone.newPage();
  await signInAs(agent, email, `/notary/appointments/${id}`);
  await agent.evaluate(async () => void (await navigator.serviceWorker.ready));
  await waitForMirror(agent, [id]);
  return { phone, agent };
}

async function atPhoneWidths(agent: Page, name: string, screen: string) {
  for (const width of [360, 320]) {
    await agent.setViewportSize({ width, height: 740 });
    await shot(agent, name, true);
    await expectAccessibleAndFitting(agent, `${screen} at ${width} px`);
  }
  await agent.setViewportSize({ width: 360, height: 740 });
}

test('an agent offline records that the signer confirmed; it is sent once and the escrow officer reads it at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(150_000));
  const admin = await signedInApi('admin@demo.test');
  const { id, email } = await signingToday(admin, 'CONF');
  const signingDay = await officerOrderPage(page, id);

  const { phone, agent } = await agentOnDetail(browser, email, id);
  const step = agent.getByRole('region', { name: 'Confirm with the signer' });
  await expect(step).toContainText('Call or text the signer to confirm the signing, then record what they said.');

  // The order has no email address for the signer: the server says so under the link's buttons.
  await step.getByRole('button', { name: 'By email' }).click();
  await expect(step.getByRole('alert')).toHaveText('The order has no email address for the signer: send the link by text instead.');

  await step.getByRole('button', { name: 'Record the confirmation' }).click();
  // Saved with nothing chosen: the form's own messages, the first field focused.
  await step.getByRole('button', { name: 'Save the confirmation' }).click();
  await expect(step.getByText('Choose Called or Texted.')).toBeVisible();
  await expect(step.getByText('Choose Confirmed, Asked to reschedule or Could not reach.')).toBeVisible();
  await expect(step.getByRole('radio', { name: 'Called' })).toBeFocused();
  await step.getByRole('radio', { name: 'Called' }).check();
  await step.getByRole('radio', { name: 'Confirmed' }).check();
  await step.getByRole('textbox', { name: 'Note (optional)' }).fill('Ines will have her ID and the HOA letter ready.');
  await atPhoneWidths(agent, 'signer-confirmation-form', 'the confirmation form');

  // No signal: kept on the phone, and the link says it needs a connection.
  await cutNetwork(phone);
  await step.getByRole('button', { name: 'Save the confirmation' }).click();
  await expect(step.getByText(SAVED_OFFLINE)).toBeVisible();
  await expect(step.getByText('You are offline. Sending the signer a confirmation link needs a connection.')).toBeVisible();
  await expect(step.getByRole('button', { name: 'By text' })).toBeDisabled();
  await atPhoneWidths(agent, 'signer-confirmation-offline', 'the confirmation waiting on the phone');
  const order = async () => (await (await admin.get(`/api/appointments/${id}`)).json()) as OrderView;
  expect((await order()).confirmation).toBeNull();

  // Back online: sent once.
  await restoreNetwork(phone);
  await expect(step.locator('[data-outbox-state="sent"]')).toBeVisible({ timeout: scaled(30_000) });
  await expect.poll(async () => (await order()).confirmation?.result, { timeout: scaled(10_000) }).toBe('confirmed');
  const { confirmation } = await order();
  expect(confirmation).toMatchObject({ result: 'confirmed', method: 'call' });
  const timeline = (await (await admin.get(`/api/appointments/${id}/timeline`)).json()) as { events: { kind: string }[] };
  expect(timeline.events.filter((event) => event.kind === 'signer_confirmation')).toHaveLength(1);

  // The phone shows the server's line, and a way to record a new one.
  await expect(step.getByText(confirmation!.line, { exact: true })).toBeVisible({ timeout: scaled(10_000) });
  await expect(step.getByText('Ines will have her ID and the HOA letter ready.')).toBeVisible();
  await expect(step.getByRole('button', { name: 'Record a new confirmation' })).toBeVisible();
  await atPhoneWidths(agent, 'signer-confirmation-recorded', 'the recorded confirmation');

  // The card of the Assigned tab says it at a glance.
  await agent.goto('/notary/?tab=assigned');
  const card = agent
    .getByRole('article')
    .filter({ hasText: 'Los Angeles' })
    .filter({ has: agent.getByText('Signer confirmed') });
  await expect(card.first()).toBeVisible({ timeout: scaled(10_000) });
  // The signing has started (Time TBD, today): it still needs the agent's Mark Assignment Complete.
  await expect(card.first()).toContainText('Needs you');
  await expect(card.first()).toContainText('Needs completion');
  await expect(agent.getByRole('paragraph').filter({ hasText: /needs? you now:/ })).toContainText('mark complete');
  await atPhoneWidths(agent, 'signer-confirmation-card', 'the assigned cards');
  await phone.close();

  // The escrow officer's page, never reloaded, has the line.
  await expect(signingDay).toContainText(confirmation!.line, { timeout: scaled(30_000) });
  await shot(page, 'officer-signing-day-confirmation');
});

test('after the signing the agent records the FedEx tracking number; the escrow officer gets the tracking link', async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(150_000));
  const admin = await signedInApi('admin@demo.test');
  const { id, email } = await signingToday(admin, 'SHIP');
  const signingDay = await officerOrderPage(page, id);

  const { phone, agent } = await agentOnDetail(browser, email, id);
  const shipped = agent.getByRole('region', { name: 'Originals shipped' });
  // The order's carrier by default.
  await expect(shipped.getByRole('combobox', { name: 'Carrier' })).toHaveValue('FedEx');
  await shipped.getByRole('textbox', { name: 'Tracking number' }).fill('12');
  await shipped.getByRole('button', { name: 'Save the tracking number' }).click();
  await expect(shipped.getByText('Tracking number must be 8 to 40 letters and digits (spaces and hyphens allowed).')).toBeVisible();
  await expect(shipped.getByRole('textbox', { name: 'Tracking number' })).toBeFocused();
  await atPhoneWidths(agent, 'originals-shipped-form', 'the tracking number form');

  // At the drop-off counter without signal: it waits on the phone, then is sent once.
  await shipped.getByRole('textbox', { name: 'Tracking number' }).fill('7946 1234 5678');
  await cutNetwork(phone);
  await shipped.getByRole('button', { name: 'Save the tracking number' }).click();
  await expect(shipped.getByText(SAVED_OFFLINE)).toBeVisible();
  await restoreNetwork(phone);
  await expect(shipped.locator('[data-outbox-state="sent"]')).toBeVisible({ timeout: scaled(30_000) });

  const order = async () => (await (await admin.get(`/api/appointments/${id}`)).json()) as OrderView;
  await expect.poll(async () => (await order()).shipment?.carrier, { timeout: scaled(10_000) }).toBe('FedEx');
  const { shipment } = await order();
  expect(shipment).toMatchObject({ carrier: 'FedEx', trackingNumber: expect.stringMatching(/^7946\s?1234\s?5678$/) });
  expect(shipment!.trackingUrl).toContain('794612345678');

  // The phone: the line and the carrier's page, opened in the browser.
  await expect(shipped.getByText(shipment!.line, { exact: true })).toBeVisible({ timeout: scaled(10_000) });
  const track = shipped.getByRole('link', { name: 'Track on FedEx' });
  await expect(track).toHaveAttribute('href', shipment!.trackingUrl!);
  await expect(track).toHaveAttribute('target', '_blank');
  await atPhoneWidths(agent, 'originals-shipped-recorded', 'the recorded shipment');

  // Its card on the first screen: no confirmation with the signer recorded, so the agent is asked for one.
  await agent.goto('/notary/?tab=assigned');
  const card = agent.getByRole('article', { name: /^Signing Day SHIP-/ });
  await expect(card).toContainText('Confirm the signer');
  await expect(card).toContainText('Needs you');
  await expect(agent.getByRole('paragraph').filter({ hasText: /needs? you now:/ })).toContainText('confirm the signer');
  for (const width of [360, 320]) {
    await agent.setViewportSize({ width, height: 740 });
    await shot(agent, 'assigned-needs-you');
  }
  await phone.close();

  // The escrow officer's page, never reloaded: the line and the tracking link.
  await expect(signingDay).toContainText(shipment!.line, { timeout: scaled(30_000) });
  await expect(signingDay.getByRole('link', { name: 'Track on FedEx' })).toHaveAttribute('href', shipment!.trackingUrl!);
  await shot(page, 'officer-signing-day-shipment');
  await expectAccessibleAndFitting(page, 'the officer’s order with the shipment');
});

test('at the counter without a tracking number the agent offline adds a photo of the receipt; the escrow officer opens it', async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(120_000));
  const admin = await signedInApi('admin@demo.test');
  const { id, email } = await signingToday(admin, 'RCPT');
  const signingDay = await officerOrderPage(page, id);
  await expect(signingDay).toContainText('Originals not shipped yet');

  const { phone, agent } = await agentOnDetail(browser, email, id);
  const shipped = agent.getByRole('region', { name: 'Originals shipped' });
  await expect(shipped).toContainText(
    'No tracking number? A photo of the carrier’s drop-off receipt records the originals as dropped off.',
  );

  // No signal at the counter: the photo waits on the phone with its upload, then goes once.
  await cutNetwork(phone);
  await shipped
    .getByLabel('Add a photo of the drop-off receipt')
    .setInputFiles({ name: 'fedex-receipt.png', mimeType: 'image/png', buffer: RECEIPT_PHOTO });
  await expect(shipped.getByText(SAVED_OFFLINE)).toBeVisible();
  await expect(shipped.getByRole('button', { name: 'Add the tracking number' })).toBeVisible();
  await atPhoneWidths(agent, 'originals-receipt-offline', 'the receipt photo waiting on the phone');
  await restoreNetwork(phone);
  await expect(shipped.locator('[data-outbox-state="sent"]')).toBeVisible({ timeout: scaled(30_000) });

  const order = async () => (await (await admin.get(`/api/appointments/${id}`)).json()) as OrderView;
  await expect.poll(async () => (await order()).shipment?.receiptFileId, { timeout: scaled(10_000) }).toEqual(expect.any(String));
  const { shipment } = await order();
  expect(shipment).toMatchObject({ carrier: 'FedEx', trackingNumber: null, trackingUrl: null });
  expect(shipment!.line).toMatch(/^Originals dropped off at FedEx at .+ \(photo of the receipt\)$/);
  await expect(shipped.getByText(shipment!.line, { exact: true })).toBeVisible({ timeout: scaled(10_000) });
  await expect(shipped.getByLabel('Replace the receipt photo')).toBeAttached();
  await atPhoneWidths(agent, 'originals-receipt-recorded', 'the recorded drop-off');
  await phone.close();

  // The escrow officer's page, never reloaded: the line, and the photo opens in a new tab.
  await expect(signingDay).toContainText(shipment!.line, { timeout: scaled(30_000) });
  await expect(signingDay).not.toContainText('Originals not shipped yet');
  await expect(signingDay.getByRole('link', { name: /Track on/ })).toHaveCount(0);
  await Promise.all([page.waitForEvent('popup'), signingDay.getByRole('button', { name: 'View the drop-off receipt' }).click()]);
  // The new tab takes the photo through a link that opens once: the server logs the officer's download.
  const escrow = await signedInApi(OFFICER);
  const receipt = async () => {
    const list = (await (await escrow.get(`/api/appointments/${id}/files`)).json()) as {
      items: { fileId: string; kind: string; contentType: string; log: { action: string; confirmed: boolean }[] }[];
    };
    return list.items.find((file) => file.fileId === shipment!.receiptFileId);
  };
  await expect
    .poll(async () => (await receipt())?.log.some((entry) => entry.action === 'read' && entry.confirmed), { timeout: scaled(10_000) })
    .toBe(true);
  expect(await receipt()).toMatchObject({ kind: 'receipt', contentType: 'image/png' });
  await expect(page.getByText('Drop-off receipt', { exact: true })).toBeVisible();
  await shot(page, 'officer-signing-day-receipt');
});
