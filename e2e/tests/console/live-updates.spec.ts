import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { signInAs } from '../../support/accounts';
import { shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';
import { dayTheDemoAgentIsFree } from '../../support/orders';

/** Opens `to` signed in as `email` once the console follows the live updates; marks the page to see it is never reloaded. */
async function watch(page: Page, email: string, to: string) {
  await signInAs(page, email, to);
  // The console follows the API's event stream once it is connected.
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected');
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
}

const stayed = (page: Page) => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

test(
  'an agent’s claim reaches the escrow officer’s list and the operators’ Assignments without a reload',
  { tag: '@smoke' },
  async ({ page, browser }) => {
    const escrow = await signedInApi('escrow@firm-a.demo.test');
    const fileNumber = `LV-${randomBytes(3).toString('hex').toUpperCase()}`;
    const day = await dayTheDemoAgentIsFree('10:00', 2);
    const created = await escrow.post('/api/appointments', {
      data: {
        name: `Live ${fileNumber}`,
        date: day,
        time: '10:00',
        street: '200 N Spring St',
        city: 'Los Angeles',
        state: 'CA',
        zip: '90012',
        agentFee: '$150',
        fileNumber,
        contactName: 'Noor Haddad',
        scanBackRequired: false,
        transactionType: 1,
      },
    });
    expect(created.status()).toBe(201);
    const id = (await created.json()).appointment.id as string;

    // The escrow officer watches the order in In Process; an operator watches the request itself.
    await watch(page, 'escrow@firm-a.demo.test', '/originator?tab=in-process');
    await page.getByLabel('Search').fill(fileNumber);
    const row = page.getByRole('table', { name: 'In process appointments' }).getByRole('row').filter({ hasText: 'Noor Haddad' });
    await expect(row).toContainText('Open');
    const operatorContext = await browser.newContext();
    const operator = await operatorContext.newPage();
    await watch(operator, 'subadmin@demo.test', `/admin/requests/${id}`);
    await expect(operator.getByRole('region', { name: 'Signing agents and bids' })).toContainText('Not sent to any signing agent yet.');

    // Sent and claimed through the API, as another operator and the agent app would.
    const admin = await signedInApi('admin@demo.test');
    expect((await admin.post(`/api/appointments/${id}/send`, { data: {} })).status()).toBe(200);
    const agent = await signedInApi('agent@demo.test');
    expect((await agent.post(`/api/appointments/${id}/claim`, { data: {} })).status()).toBe(200);

    // The event itself arrives within 2 s (api/src/modules/events/events.test.ts, and the bench);
    // here a loaded CI machine gets 5 s for the event and the refetch it causes.
    await expect(row).toContainText('Pending', { timeout: scaled(5_000) });
    await expect(
      operator.getByRole('table', { name: 'Signing agents and bids' }).getByRole('row').filter({ hasText: 'Jordan Taylor' }),
    ).toContainText('Claimed at the offered fee', { timeout: scaled(5_000) });
    expect(await stayed(page)).toBe(true);
    expect(await stayed(operator)).toBe(true);

    // What the database holds: the one claim, by Jordan Taylor.
    const bids = (await (await admin.get(`/api/appointments/${id}`)).json()).bids as { agent: { email: string }; status: string }[];
    expect(bids).toEqual([expect.objectContaining({ agent: expect.objectContaining({ email: 'agent@demo.test' }), status: 'claimed' })]);
    await operatorContext.close();
    await Promise.all([escrow.dispose(), admin.dispose(), agent.dispose()]);
  },
);

test('an operator’s edit of an Open request survives an agent’s bid: the typed text stays, with a notice, and Update saves it', async ({
  page,
}) => {
  const escrow = await signedInApi('escrow@firm-a.demo.test');
  const fileNumber = `LE-${randomBytes(3).toString('hex').toUpperCase()}`;
  const day = await dayTheDemoAgentIsFree('11:00', 3);
  const created = await escrow.post('/api/appointments', {
    data: {
      name: `Live edit ${fileNumber}`,
      date: day,
      time: '11:00',
      street: '200 N Spring St',
      city: 'Los Angeles',
      state: 'CA',
      zip: '90012',
      agentFee: '$125',
      fileNumber,
      contactName: 'Ines Navarro',
      scanBackRequired: false,
      transactionType: 1,
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).appointment.id as string;
  const admin = await signedInApi('admin@demo.test');
  expect((await admin.post(`/api/appointments/${id}/send`, { data: {} })).status()).toBe(200);

  await watch(page, 'subadmin@demo.test', `/admin/requests/${id}`);
  const review = page.getByRole('region', { name: 'Review and Edit Submitted Appointment' });
  await review.getByRole('button', { name: 'Edit' }).click();
  await review.getByLabel('Lender').fill('Harbor Point Mortgage');
  await review.getByLabel('Additional notes').fill('Gate code 4410; the signer prefers Spanish.');

  // An agent counters through the API while the operator types: the order becomes Pending.
  const agent = await signedInApi('agent@demo.test');
  expect((await agent.post(`/api/appointments/${id}/counter`, { data: { bid: '$175' } })).status()).toBe(200);
  await expect(review.getByRole('status').filter({ hasText: 'An agent bid while you were editing — your changes are kept.' })).toBeVisible({
    timeout: scaled(5_000),
  });
  await expect(review.getByLabel('Lender')).toHaveValue('Harbor Point Mortgage');
  await expect(review.getByLabel('Additional notes')).toHaveValue('Gate code 4410; the signer prefers Spanish.');
  expect(await stayed(page)).toBe(true);

  await review.getByRole('button', { name: 'Preview' }).click();
  await review.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Order updated' })).toContainText(
    'The order was updated (Lender, Additional notes) and notifications were sent.',
  );
  await shot(page, 'order-updated');
  const saved = await (await admin.get(`/api/appointments/${id}`)).json();
  expect(saved).toMatchObject({
    status: 'Pending',
    lender: 'Harbor Point Mortgage',
    comments: 'Gate code 4410; the signer prefers Spanish.',
  });
  await page.getByRole('button', { name: 'Return to Order Details' }).click();
  await expect(
    page.getByRole('table', { name: 'Signing agents and bids' }).getByRole('row').filter({ hasText: 'Jordan Taylor' }),
  ).toContainText('$175.00');
  await Promise.all([escrow.dispose(), admin.dispose(), agent.dispose()]);
});
