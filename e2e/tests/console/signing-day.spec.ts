import type { APIRequestContext, Page } from '@playwright/test';
import { SIGNER_LINK, SHIPMENT_FORM } from '@signingdesk/domain/signing-day';
import { ATTENTION_LABELS } from '@signingdesk/domain/attention';
import { randomBytes } from 'node:crypto';
import { signInAs } from '../../support/accounts';
import { expectAccessibleAndFitting, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { LOS_ANGELES, pacificDate } from '../../support/orders';
import { scaled } from '../../support/slowdown';

// Issue 33, items 3 and 4: the signer confirms through a link, the originals go back tracked,
// and both order pages say so as it happens.

const OFFICER = 'escrow@firm-a.demo.test';

/** An eligible agent of the order other than the demo agent, whose record other journeys read. */
async function offeredAgent(admin: APIRequestContext, orderId: string): Promise<string> {
  const eligible = (await (await admin.get(`/api/appointments/${orderId}/eligible-agents`)).json()) as { items: { id: string }[] };
  for (const { id } of eligible.items) {
    const email = ((await (await admin.get(`/api/agents/${id}`)).json()) as { contact: { email: string } }).contact.email;
    if (email !== 'agent@demo.test') return id;
  }
  throw new Error('No eligible agent near the order but the demo agent');
}

/** A Firm A order in Los Angeles, assigned by an operator to an eligible agent; answers its id and file number. */
async function assignedOrder(admin: APIRequestContext, order: Record<string, unknown>): Promise<{ id: string; fileNumber: string }> {
  const escrow = await signedInApi(OFFICER);
  const fileNumber = `SD-${randomBytes(3).toString('hex').toUpperCase()}`;
  const created = await escrow.post('/api/appointments', {
    data: {
      name: `Signing Day ${fileNumber}`,
      ...LOS_ANGELES,
      agentFee: '$150',
      fileNumber,
      contactName: 'Ines Calloway',
      scanBackRequired: false,
      transactionType: 1,
      ...order,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { appointment: { id: string } }).appointment;
  const assigned = await admin.post(`/api/appointments/${id}/assign`, { data: { agentId: await offeredAgent(admin, id) } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  return { id, fileNumber };
}

/** Opens `path` signed in once the console follows the live updates, marked to see it is never reloaded. */
async function watch(page: Page, email: string, path: string) {
  await signInAs(page, email, path);
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected');
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
}

const stayed = (page: Page) => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

/** The path of the confirmation link emailed to `to`, read from the operators' outbox. */
async function emailedLink(admin: APIRequestContext, to: string): Promise<string> {
  let path = '';
  await expect
    .poll(
      async () => {
        const items = (
          (await (await admin.get('/api/outbox?channel=email&pageSize=100')).json()) as {
            items: { toAddress: string; subject: string | null; body: string }[];
          }
        ).items;
        const message = items.find((m) => m.toAddress === to && m.subject === SIGNER_LINK.pageTitle);
        const url = /https?:\/\/\S+\/confirm\/[A-Za-z0-9._-]+/.exec(message?.body ?? '')?.[0];
        path = url ? new URL(url).pathname : '';
        return path;
      },
      { timeout: scaled(15_000) },
    )
    .toMatch(/^\/confirm\//);
  return path;
}

test('an operator emails the signer a confirmation link; the signer asks for another time; both order pages show it at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(150_000));
  const admin = await signedInApi('admin@demo.test');
  const signerEmail = `signer-${randomBytes(4).toString('hex')}@example.test`;
  const day = pacificDate(5);
  const [y, m, d] = day.split('-');
  const { id, fileNumber } = await assignedOrder(admin, {
    date: day,
    time: '14:30',
    contactPhone1: '(213) 555-0147',
    contactEmail1: signerEmail,
  });

  // The operator at 1440 px sends the link by email from the order's Actions.
  await page.setViewportSize({ width: 1440, height: 900 });
  await watch(page, 'admin@demo.test', `/admin/requests/${id}`);
  const operatorDay = page.getByRole('region', { name: 'Signing day' });
  await expect(operatorDay).toContainText('Not confirmed with the signer yet.');
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  const dialog = page.getByRole('dialog', { name: SIGNER_LINK.sendLabel });
  await expect(dialog.getByRole('radio', { name: 'By text' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'By email' }).check();
  await shot(page, 'signer-link-dialog');
  await expectAccessibleAndFitting(page, 'the Send confirmation link dialog');
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expect(dialog.getByRole('status')).toHaveText('A confirmation link was emailed to the signer.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The escrow officer watches the order at 1280 px.
  const officerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const officer = await officerContext.newPage();
  await watch(officer, OFFICER, `/originator/orders/${id}`);
  const officerDay = officer.getByRole('region', { name: 'Signing day' });
  await expect(officerDay).toContainText('Not confirmed with the signer yet.');

  // The signer opens the emailed link on a 360 px phone, signed in nowhere: the date, time and city only.
  const link = await emailedLink(admin, signerEmail);
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const signer = await phone.newPage();
  await signer.goto(link);
  await expect(signer.getByRole('heading', { level: 1, name: SIGNER_LINK.pageTitle })).toBeVisible();
  const main = signer.getByRole('main');
  await expect(main).toContainText(`Date${m}/${d}/${y}`);
  await expect(main).toContainText('Time2:30 PM PT');
  await expect(main).toContainText('CityLos Angeles');
  for (const other of ['Ines Calloway', '200 N Spring St', fileNumber, signerEmail, '555-0147', 'Firm A'])
    await expect(signer.locator('body')).not.toContainText(other);
  await expect(signer.getByRole('navigation')).toHaveCount(0);
  await shot(signer, 'signer-link');
  await expectAccessibleAndFitting(signer, 'the signer’s confirmation page');

  // Another time: the field is required, then sent.
  await signer.getByRole('button', { name: 'I need another time' }).click();
  await signer.getByRole('button', { name: 'Ask for this time' }).click();
  await expect(signer.getByText(SIGNER_LINK.preferredRequired)).toBeVisible();
  await signer.getByRole('textbox', { name: SIGNER_LINK.preferredLabel }).fill('Saturday morning');
  await shot(signer, 'signer-link-another-time');
  await expectAccessibleAndFitting(signer, 'the signer’s page asking for another time');
  await signer.getByRole('button', { name: 'Ask for this time' }).click();
  await expect(signer.getByRole('status')).toHaveText(SIGNER_LINK.answered);
  await shot(signer, 'signer-link-answered');
  await expectAccessibleAndFitting(signer, 'the signer’s page once answered');

  // Both order pages show the request without a reload, standing out as a status.
  const rescheduled = /Signer asked to reschedule at .+ \(through the confirmation link\): Saturday morning/;
  await expect(operatorDay.getByRole('status')).toContainText(rescheduled, { timeout: scaled(15_000) });
  await expect(officerDay.getByRole('status')).toContainText(rescheduled, { timeout: scaled(15_000) });
  expect(await stayed(page)).toBe(true);
  expect(await stayed(officer)).toBe(true);
  await expect(operatorDay).not.toContainText('Not confirmed with the signer yet.');
  await shot(page, 'operator-signing-day');
  await expectAccessibleAndFitting(page, 'the operator’s order with the signer’s request');
  await shot(officer, 'escrow-signing-day');
  await expectAccessibleAndFitting(officer, 'the escrow officer’s order with the signer’s request at 1280 px');
  await officer.setViewportSize({ width: 768, height: 1000 });
  await expect(officerDay.getByRole('status')).toContainText(rescheduled);
  await shot(officer, 'escrow-signing-day');
  await expectAccessibleAndFitting(officer, 'the escrow officer’s order with the signer’s request at 768 px');

  // The link takes one answer: opened again, it says it was used.
  await signer.goto(link);
  await expect(signer.getByRole('status')).toHaveText(SIGNER_LINK.used);
  await expect(signer.getByRole('button', { name: 'I will be there' })).toHaveCount(0);
  await shot(signer, 'signer-link-used');
  await expectAccessibleAndFitting(signer, 'the signer’s page of a used link');
  // A link SigningDesk never sent.
  await signer.goto(`${link.slice(0, -4)}AAAA`);
  await expect(signer.getByRole('status')).toHaveText('This confirmation link is not valid.');
  await phone.close();
  await officerContext.close();
});

test('an operator records the originals’ shipment; the escrow officer’s page links to the carrier’s tracking', async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(120_000));
  const admin = await signedInApi('admin@demo.test');
  // A Time TBD signing today has started (decision 015): its originals may be recorded.
  const { id } = await assignedOrder(admin, { date: pacificDate(0), timeTbd: true, returnMethod: 'dropoff', returnCarrier: 'UPS' });

  await page.setViewportSize({ width: 1440, height: 900 });
  await watch(page, 'admin@demo.test', `/admin/requests/${id}`);
  const operatorDay = page.getByRole('region', { name: 'Signing day' });
  await expect(operatorDay).toContainText(/Originals not shipped yet — due \d\d\/\d\d\/\d{4}, \d{1,2}:\d\d [AP]M PT/);
  await page.getByRole('button', { name: 'Record shipment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record shipment' });
  await expect(dialog.getByLabel('Carrier')).toHaveValue('UPS');
  // Checked by the API's schema, said at the field.
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill('1Z/99');
  await dialog.getByRole('button', { name: 'Record shipment' }).click();
  await expect(dialog.getByText(SHIPMENT_FORM.trackingMessage)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill('1Z 999 AA1 0123456784');
  await shot(page, 'shipment-dialog');
  await expectAccessibleAndFitting(page, 'the Record shipment dialog');
  await dialog.getByRole('button', { name: 'Record shipment' }).click();
  await expect(dialog).toBeHidden();
  await expect(operatorDay).toContainText(/Originals shipped by UPS at .+, tracking 1Z 999 AA1 0123456784/);
  expect(await stayed(page)).toBe(true);

  // The escrow officer at 1280 px: the line and a link to UPS's tracking page, in a new tab.
  await page.setViewportSize({ width: 1280, height: 900 });
  const officerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const officer = await officerContext.newPage();
  await signInAs(officer, OFFICER, `/originator/orders/${id}`);
  const officerDay = officer.getByRole('region', { name: 'Signing day' });
  await expect(officerDay).toContainText(/Originals shipped by UPS at .+, tracking 1Z 999 AA1 0123456784/);
  const track = officerDay.getByRole('link', { name: 'Track on UPS' });
  await expect(track).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
  await expect(track).toHaveAttribute('target', '_blank');
  await expect(track).toHaveAttribute('rel', /noopener/);
  await shot(officer, 'escrow-shipment');
  await expectAccessibleAndFitting(officer, 'the escrow officer’s order with the shipment');
  await officerContext.close();

  // The Dashboard's not-shipped bucket is there by itself.
  await page.goto('/admin?tab=dashboard');
  await expect(page.getByRole('region', { name: 'Act on now' })).toContainText(ATTENTION_LABELS.not_shipped);
});
