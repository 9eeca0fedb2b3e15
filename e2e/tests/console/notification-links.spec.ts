import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { fillLogin } from '../../support/accounts';
import { signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';
import { dayTheDemoAgentIsFree } from '../../support/orders';

// Issue 27, item 8: every link of a notification opens the exact thing it is about, for its
// recipient, signed out (through the login and back) and signed in.

type Sent = { toAddress: string; subject: string | null; body: string };

/** The link of the newest email to `to` whose subject is `subject`, as the outbox holds it. */
async function linkIn(admin: APIRequestContext, to: string, subject: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const items = (await (await admin.get('/api/outbox?channel=email&pageSize=100')).json()).items as Sent[];
      const mail = items.find((m) => m.toAddress === to && m.subject === subject);
      link = mail?.body.match(/https?:\/\/\S+/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/**
 * Opens `link` signed out: the login asks first (the console's or the agent app's), then the page
 * of the link opens with its part in view; opened again signed in, it goes straight there.
 */
async function opens(browser: Browser, link: string, email: string, expectOnTarget: (page: Page) => Promise<void>) {
  const context = await browser.newContext({
    viewport: email === 'agent@demo.test' ? { width: 360, height: 740 } : { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const target = new URL(link);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await fillLogin(page, email);
  await expect(page).toHaveURL((url) => url.pathname === target.pathname && url.hash === target.hash);
  await expectOnTarget(page);
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page).toHaveURL((url) => url.pathname === target.pathname && url.hash === target.hash);
  await expectOnTarget(page);
  await context.close();
}

const inView = (id: string) => async (page: Page) => {
  await expect(page.locator(`#${id}`)).toBeInViewport();
  await expect(page.locator(`#${id}`)).toBeFocused();
};

test('each notification’s link opens its order, and the message in it, for the officer, the operator and the agent', async ({
  browser,
}) => {
  test.setTimeout(scaled(90_000));
  const escrow = await signedInApi('escrow@firm-a.demo.test');
  const admin = await signedInApi('admin@demo.test');
  const agent = await signedInApi('agent@demo.test');
  const fileNumber = `NL-${randomBytes(3).toString('hex').toUpperCase()}`;
  const name = `Links ${fileNumber}`;
  const day = await dayTheDemoAgentIsFree('13:00', 3);
  const created = await escrow.post('/api/appointments', {
    data: {
      name,
      date: day,
      time: '13:00',
      timeZone: 'PT',
      street: '200 N Spring St',
      city: 'Los Angeles',
      state: 'CA',
      zip: '90012',
      agentFee: '$150',
      fileNumber,
      contactName: 'Ana Lucero',
      scanBackRequired: false,
      transactionType: 1,
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).appointment.id as string;
  expect((await admin.post(`/api/appointments/${id}/send`, { data: {} })).status()).toBe(200);
  expect((await agent.post(`/api/appointments/${id}/claim`, { data: {} })).status()).toBe(200);
  const offerId = (
    (await (await admin.get(`/api/appointments/${id}`)).json()).bids as { offerId: string; agent: { email: string } }[]
  ).find((b) => b.agent.email === 'agent@demo.test')!.offerId;
  expect((await admin.post(`/api/appointments/${id}/bids/${offerId}/accept`, { data: {} })).status()).toBe(200);
  expect(
    (await escrow.post(`/api/appointments/${id}/notes`, { data: { message: 'The signer asks for a call the day before.' } })).status(),
  ).toBe(201);
  expect((await admin.post(`/api/appointments/${id}/notes`, { data: { message: 'Confirmed with the agent.' } })).status()).toBe(201);

  // The escrow officer: the assignment opens the order; a message opens the order at its messages.
  const assigned = await linkIn(admin, 'escrow@firm-a.demo.test', 'Signing agent assigned');
  expect(new URL(assigned).pathname).toBe(`/originator/orders/${id}`);
  await opens(browser, assigned, 'escrow@firm-a.demo.test', async (page) => {
    await expect(page.getByRole('region', { name: 'Details' })).toContainText(name);
  });
  const officerMessage = await linkIn(admin, 'escrow@firm-a.demo.test', 'New message');
  expect(officerMessage).toMatch(new RegExp(`/originator/orders/${id}#messages$`));
  await opens(browser, officerMessage, 'escrow@firm-a.demo.test', inView('messages'));

  // The operator: the officer's message opens the request at its messages.
  const operatorMessage = await linkIn(admin, 'admin@demo.test', 'New message');
  expect(operatorMessage).toMatch(new RegExp(`/admin/requests/${id}#messages$`));
  // There the operator removes the officer's message (spec 02 §2 "Message Center"), asked first;
  // opened again, the thread no longer has it.
  let removed = false;
  await opens(browser, operatorMessage, 'admin@demo.test', async (page) => {
    await inView('messages')(page);
    const thread = page.getByRole('region', { name: 'Messages' });
    if (removed) {
      await expect(thread).not.toContainText('The signer asks for a call the day before.');
      await expect(thread).toContainText('Confirmed with the agent.');
      return;
    }
    await thread.getByRole('button', { name: /^Remove the message from Dana Whitfield/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove message' });
    await expect(confirm).toContainText('Are you sure you wish to remove this message from Dana Whitfield?');
    await expect(confirm).toContainText('The signer asks for a call the day before.');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(thread).not.toContainText('The signer asks for a call the day before.');
    await expect(thread).toContainText('Confirmed with the agent.');
    removed = true;
  });
  const left = (await (await admin.get(`/api/appointments/${id}/notes`)).json()).items as { message: string }[];
  expect(left.map((n) => n.message)).toEqual(['Confirmed with the agent.']);

  // The agent: the accepted bid opens the assignment (not the offer's preview); a message opens it at the Message Center.
  const accepted = await linkIn(admin, 'agent@demo.test', 'Your bid was accepted');
  expect(new URL(accepted).pathname).toBe(`/notary/appointments/${id}`);
  await opens(browser, accepted, 'agent@demo.test', async (page) => {
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  });
  const agentMessage = await linkIn(admin, 'agent@demo.test', 'New message');
  expect(agentMessage).toMatch(new RegExp(`/notary/appointments/${id}#messages$`));
  await opens(browser, agentMessage, 'agent@demo.test', inView('messages'));
  await Promise.all([escrow.dispose(), admin.dispose(), agent.dispose()]);
});
