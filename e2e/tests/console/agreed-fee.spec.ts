import type { APIRequestContext } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { pdfText } from '../../../api/src/testing/pdf-text';
import { fillLogin, signInAs } from '../../support/accounts';
import { signedInApi, signInAsAgent } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

// Issue 27, items 1–4 and 9: one agreed fee from the bid to the invoice (decision 047).

const todayInPacific = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function outbox(admin: APIRequestContext, to: string) {
  const items = (await (await admin.get('/api/outbox?channel=email&pageSize=100')).json()).items as {
    toAddress: string;
    subject: string | null;
    body: string;
  }[];
  return items.filter((m) => m.toAddress === to);
}

test(
  'a $175 counter on a $125 offer: the agent is paid $175 everywhere, the firm is invoiced on it, and the escrow officer opens the invoice',
  { tag: '@smoke' },
  async ({ page, browser }) => {
    test.setTimeout(scaled(60_000));
    const escrow = await signedInApi('escrow@firm-a.demo.test');
    const admin = await signedInApi('admin@demo.test');
    const agent = await signedInApi('agent@demo.test');
    const fileNumber = `AF-${randomBytes(3).toString('hex').toUpperCase()}`;
    const name = `Agreed Fee ${fileNumber}`;
    // Today, time TBD: the signing has begun, so it can be completed, paid and invoiced in this journey.
    const created = await escrow.post('/api/appointments', {
      data: {
        name,
        date: todayInPacific(),
        timeTbd: true,
        timeZone: 'PT',
        street: '200 N Spring St',
        city: 'Los Angeles',
        state: 'CA',
        zip: '90012',
        agentFee: '$125',
        fileNumber,
        contactName: 'Ruth Okafor',
        scanBackRequired: false,
        transactionType: 1,
      },
    });
    expect(created.status()).toBe(201);
    const id = (await created.json()).appointment.id as string;
    const offered = await (await admin.get(`/api/appointments/${id}`)).json();
    const markup = offered.firmFeeCents - offered.agentFeeCents;
    expect(offered.agentFeeCents).toBe(12_500);
    expect((await admin.post(`/api/appointments/${id}/send`, { data: {} })).status()).toBe(200);
    expect((await agent.post(`/api/appointments/${id}/counter`, { data: { bid: '$175' } })).status()).toBe(200);

    // The operator accepts the counter and sees the agreed pay, the firm fee and the margin.
    await signInAs(page, 'admin@demo.test', `/admin/requests/${id}`);
    const bids = page.getByRole('table', { name: 'Signing agents and bids' });
    await expect(bids.getByRole('row').filter({ hasText: 'Jordan Taylor' })).toContainText('$175.00');
    await bids.getByRole('button', { name: 'Accept Jordan Taylor' }).click();
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details).toContainText('Signing agent pay (agreed): $175.00');
    await expect(details).toContainText(`Firm fee: ${dollars(17_500 + markup)}`);
    await expect(details).toContainText(`Margin: ${dollars(markup)}`);

    // Completed by the operator, paid, invoiced: each step states the agreed amounts.
    await page.getByRole('button', { name: 'Mark Appointment Complete' }).click();
    await page.getByRole('dialog', { name: 'Mark Appointment Complete' }).getByRole('button', { name: 'Mark Complete' }).click();
    await expect(details).toContainText('Completed');
    await page.getByRole('button', { name: 'Mark Notary Paid' }).click();
    await expect(page.getByRole('dialog', { name: 'Mark Notary Paid' })).toContainText('Mark the signing agent paid $175.00?');
    await page.getByRole('dialog', { name: 'Mark Notary Paid' }).getByRole('button', { name: 'Mark Paid' }).click();
    await expect(page.getByText('✓ Notary paid $175.00')).toBeVisible();
    await page.getByRole('button', { name: `Send Invoice (${dollars(17_500 + markup)})` }).click();
    await expect(page.getByRole('button', { name: new RegExp(`^Invoice \\d+ \\(\\${dollars(17_500 + markup)}, sent`) })).toBeVisible();
    const invoice = await (await admin.get(`/api/appointments/${id}/invoice`)).json();
    expect(invoice.amountCents).toBe(17_500 + markup);

    // The paid email says $175.00; the escrow officer's completion email names SigningDesk, not the agent.
    await expect
      .poll(async () =>
        (await outbox(admin, 'agent@demo.test')).some(
          (m) => m.subject === 'Payment sent' && m.body.startsWith('Paid $175.00: Los Angeles, CA'),
        ),
      )
      .toBe(true);
    await expect
      .poll(async () => (await outbox(admin, 'escrow@firm-a.demo.test')).some((m) => m.body.includes(`SigningDesk marked ${name}`)))
      .toBe(true);

    // The agent app shows $175.00 on the signing.
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const agentPage = await phone.newPage();
    await signInAsAgent(agentPage);
    await agentPage.goto(`/notary/appointments/${id}`);
    await expect(agentPage.getByRole('main')).toContainText('$175.00');
    await phone.close();

    // The escrow officer sees the invoice on the order and in Completed, and it opens as the PDF of the firm fee.
    const office = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const officer = await office.newPage();
    // The invoice email's link opens the order at its invoice, through the login (issue 27, item 8).
    let mailLink = '';
    await expect
      .poll(
        async () =>
          (mailLink =
            (await outbox(admin, 'escrow@firm-a.demo.test'))
              .find((m) => m.subject === `Invoice for ${name}`)
              ?.body.match(/https?:\/\/\S+/)?.[0] ?? ''),
      )
      .not.toBe('');
    expect(mailLink).toMatch(new RegExp(`/originator/orders/${id}#invoice$`));
    await officer.goto(mailLink);
    await fillLogin(officer, 'escrow@firm-a.demo.test');
    await expect(officer.locator('#invoice')).toBeInViewport();
    await expect(officer.locator('#invoice')).toBeFocused();
    const link = officer.getByRole('button', {
      name: new RegExp(`^Invoice ${invoice.number} \\(Invoice ${invoice.number}\\.pdf\\): \\${dollars(17_500 + markup)}, sent`),
    });
    await expect(link).toBeVisible();
    // The link opens a fresh download link in a new tab; headless Chromium would save the PDF, so the address is read instead.
    await officer.evaluate(() => {
      window.open = (url?: string | URL) => (((window as unknown as { opened: string }).opened = String(url)), null);
    });
    await link.click();
    const opened = await officer.waitForFunction(() => (window as unknown as { opened?: string }).opened);
    const pdf = await officer.request.get(String(await opened.jsonValue()));
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.body());
    expect(pdfText(bytes)).toContain(dollars(17_500 + markup));
    expect(pdfText(bytes)).toContain(`No. ${invoice.number}`);
    await officer.goto('/originator?tab=completed');
    await officer.getByLabel('Search').fill(fileNumber);
    const row = officer.getByRole('table', { name: 'Completed appointments' }).getByRole('row').filter({ hasText: fileNumber });
    await expect(row.getByRole('button', { name: `Open invoice ${invoice.number} for file ${fileNumber}` })).toBeVisible();
    await office.close();
    await Promise.all([escrow.dispose(), admin.dispose(), agent.dispose()]);
  },
);
