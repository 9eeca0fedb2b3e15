import type { APIRequestContext } from '@playwright/test';
import { signInAs } from '../../support/accounts';
import { cutNetwork, expectAccessibleAndFitting, restoreNetwork, shot, signedInApi, waitForMirror } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { LOS_ANGELES, pacificDate } from '../../support/orders';
import { scaled } from '../../support/slowdown';

// Issue 33, item 1: the terms an agent agrees to are on the offer before the claim.

const OFFICER = 'escrow@firm-a.demo.test';

/** An eligible agent of the order other than the demo agent, whose record other journeys read. */
async function offeredAgent(admin: APIRequestContext, orderId: string): Promise<{ id: string; email: string }> {
  const eligible = (await (await admin.get(`/api/appointments/${orderId}/eligible-agents`)).json()) as { items: { id: string }[] };
  for (const { id } of eligible.items) {
    const email = ((await (await admin.get(`/api/agents/${id}`)).json()) as { contact: { email: string } }).contact.email;
    if (email !== 'agent@demo.test') return { id, email };
  }
  throw new Error('No eligible agent near the order but the demo agent');
}

test('an escrow officer orders with a 2-hour scan-back deadline and a drop-off; the agent reads both on the offer before claiming', async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(120_000));
  const fileNumber = `TERMS-${Date.now().toString(36).toUpperCase()}`;
  const day = pacificDate(7);
  const [y, m, d] = day.split('-');

  // The officer at 1280 px: the firm's defaults are filled in; they set the deadline and the return.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, OFFICER, '/originator');
  await expect(page.getByRole('heading', { level: 2, name: 'Create New Event' })).toBeVisible();
  await expect(page.getByLabel('Return of originals')).not.toHaveValue('');
  await page.getByLabel('Appointment name').fill(`Terms Refinance ${fileNumber}`);
  await page.getByLabel('File number').fill(fileNumber);
  await page.getByLabel('Date').fill(`${m}/${d}/${y}`);
  await page.getByLabel('Date').press('Enter');
  await page.getByRole('textbox', { name: 'Time', exact: true }).fill('15:00');
  await page.getByLabel('Time zone').selectOption('PT');
  await page.getByLabel('Signing agent fee').fill('$150');
  await page.getByLabel('Street').fill('200 N Spring St');
  await page.getByLabel('City').fill('Los Angeles');
  await page.getByLabel('State').selectOption('CA');
  await page.getByLabel('Zip').fill('90012');
  await page.getByLabel('Signer name').fill('Ines Calloway');
  await page.getByLabel('Scan backs are required').check();
  await page.getByLabel('Transaction type').selectOption({ label: 'Refinance' });
  await page.getByLabel('Scan-back deadline (hours after the signing)').fill('2');
  await page.getByLabel('Return of originals').selectOption('dropoff');
  await page.getByLabel('Carrier').selectOption('FedEx');
  await page.getByLabel('Ship by (day)').selectOption('same_day');
  await page.getByLabel('Ship by (time)').fill('18:00');
  await page.getByLabel('Trip fee if the signer does not sign').fill('60');
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('region', { name: 'Appointment Status' })).toContainText(fileNumber);

  const escrow = await signedInApi(OFFICER);
  const found = (await (await escrow.get(`/api/escrow/appointments?q=${fileNumber}`)).json()) as { items: { id: string }[] };
  const orderId = found.items[0]!.id;
  const order = (await (await escrow.get(`/api/appointments/${orderId}`)).json()) as { terms: Record<string, unknown> };
  expect(order.terms).toMatchObject({
    scanBackHours: 2,
    returnMethod: 'dropoff',
    returnCarrier: 'FedEx',
    shipByDay: 'same_day',
    shipByTime: '18:00',
    tripFeeCents: 6000,
  });

  // The officer's own order page lists them.
  await page.goto(`/originator/orders/${orderId}`);
  const terms = page.getByRole('region', { name: 'Signing terms' });
  await expect(terms).toContainText(`${m}/${d}/${y}, 5:00 PM PT (2 h after the signing)`);
  await expect(terms).toContainText(`Drop off at FedEx by ${m}/${d}/${y}, 6:00 PM PT`);

  // Sent to the agents near it; one of them, on a 360 px phone, reads the terms on the card and the offer.
  const admin = await signedInApi('admin@demo.test');
  const { email } = await offeredAgent(admin, orderId);
  const sent = await admin.post(`/api/appointments/${orderId}/send`, { data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const agent = await phone.newPage();
  await signInAs(agent, email, '/notary/?tab=open');
  const card = agent
    .getByRole('article')
    .filter({ hasText: 'Los Angeles, CA' })
    .filter({ hasText: `${m}/${d}/${y}` });
  await expect(card.getByRole('list', { name: 'Terms' })).toContainText('scan backs 2 h after');
  await expect(card.getByRole('list', { name: 'Terms' })).toContainText(`FedEx drop-off by ${m}/${d} 6:00 PM PT`);
  await expect(card.getByRole('list', { name: 'Terms' })).toContainText('trip fee $60.00');

  await agent.goto(`/notary/preview/${orderId}`);
  const offerTerms = agent.getByRole('region', { name: 'Terms' });
  await expect(offerTerms).toContainText('Scan backs due');
  await expect(offerTerms).toContainText(`${m}/${d}/${y}, 5:00 PM PT (2 h after the signing)`);
  await expect(offerTerms).toContainText(`Drop off at FedEx by ${m}/${d}/${y}, 6:00 PM PT`);
  await expect(offerTerms).toContainText('Trip fee $60.00');
  // Before the claim: the actions come after the terms.
  const claim = agent.getByRole('button', { name: 'Claim', exact: true });
  await expect(claim).toBeVisible();
  const [termsBox, claimBox] = [await offerTerms.boundingBox(), await claim.boundingBox()];
  expect(termsBox!.y).toBeLessThan(claimBox!.y);
  for (const width of [360, 320]) {
    await agent.setViewportSize({ width, height: 740 });
    await shot(agent, 'offer-terms');
    await expectAccessibleAndFitting(agent, `the offer's terms at ${width} px`);
  }
  await phone.close();
});

/**
 * A signing that has started, assigned by an operator to an eligible agent other than the demo
 * agent: a Time TBD one today, whose completion opens at the start of its day (decision 015).
 */
async function startedSigning(admin: APIRequestContext): Promise<{ id: string; email: string }> {
  const escrow = await signedInApi(OFFICER);
  const fileNumber = `NS-${Date.now().toString(36).toUpperCase()}`;
  const created = await escrow.post('/api/appointments', {
    data: {
      name: `Did Not Sign ${fileNumber}`,
      date: pacificDate(0),
      timeTbd: true,
      ...LOS_ANGELES,
      agentFee: '$150',
      tripFee: '$55',
      fileNumber,
      contactName: 'Ines Calloway',
      scanBackRequired: false,
      transactionType: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { appointment: { id: string } }).appointment;
  const agent = await offeredAgent(admin, id);
  const assigned = await admin.post(`/api/appointments/${id}/assign`, { data: { agentId: agent.id } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  return { id, email: agent.email };
}

test('the agent records offline that the signer did not sign; the operator sees the trip fee paid and invoiced', async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(120_000));
  const admin = await signedInApi('admin@demo.test');
  const { id, email } = await startedSigning(admin);
  const before = (await (await admin.get(`/api/appointments/${id}`)).json()) as {
    terms: { tripFeeCents: number };
    firmFeeCents: number;
    agentFeeCents: number;
  };
  const trip = `$${(before.terms.tripFeeCents / 100).toFixed(2)}`;

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const agent = await phone.newPage();
  await signInAs(agent, email, `/notary/appointments/${id}`);
  await agent.evaluate(async () => void (await navigator.serviceWorker.ready));
  await waitForMirror(agent, [id]);
  await agent.getByRole('button', { name: 'Signer did not sign', exact: true }).click();
  const form = agent.locator('.not-signed');
  await expect(form.getByText(`You will be paid the trip fee of ${trip} instead of the signing fee.`)).toBeVisible();
  await form.getByRole('radio', { name: 'The signer was not there' }).check();
  await form.getByRole('textbox', { name: /What happened/ }).fill('Waited 30 minutes; nobody answered the door or the phone.');
  await form.getByRole('checkbox', { name: 'The signer asked to reschedule' }).check();
  await form.getByRole('textbox', { name: /When the signer can sign/ }).fill('Saturday morning');

  // At the kitchen table without signal: kept on the phone, sent once when the network is back.
  await cutNetwork(phone);
  await form.getByRole('button', { name: 'Record: signer did not sign' }).click();
  await expect(agent.getByText('Saved on this phone — it will be sent when you are back online.')).toBeVisible();
  const outcome = async () => ((await (await admin.get(`/api/appointments/${id}`)).json()) as { outcome: { kind: string } | null }).outcome;
  expect(await outcome()).toBeNull();
  await restoreNetwork(phone);
  await expect(
    agent.getByText(
      `Recorded: the signer did not sign. You are paid the trip fee of ${trip}; the escrow officer and SigningDesk have been told.`,
    ),
  ).toBeVisible({
    timeout: scaled(30_000),
  });
  await phone.close();

  // The operator at 1440 px: the notice with the trip fee, and the fees it is paid and invoiced at.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'admin@demo.test', `/admin/requests/${id}`);
  const notice = page.getByRole('status').filter({ hasText: 'Signer did not sign' });
  await expect(notice).toContainText('The signer was not there');
  await expect(notice).toContainText('Waited 30 minutes; nobody answered the door or the phone.');
  await expect(notice).toContainText('Saturday morning');
  await expect(notice).toContainText(`The signing agent is paid the trip fee, ${trip}`);
  const after = (await (await admin.get(`/api/appointments/${id}`)).json()) as {
    status: string;
    agentFeeCents: number;
    firmFeeCents: number;
  };
  expect(after).toMatchObject({
    status: 'Completed',
    agentFeeCents: before.terms.tripFeeCents,
    firmFeeCents: before.terms.tripFeeCents + (before.firmFeeCents - before.agentFeeCents),
  });
  await shot(page, 'operator-not-signed');
  await expectAccessibleAndFitting(page, 'the operator’s order with the outcome');
});
