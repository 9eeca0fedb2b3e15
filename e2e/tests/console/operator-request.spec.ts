import type { APIRequestContext } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { signInAs } from '../../support/accounts';
import { expectNoAxeViolations, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

/** Today's date where the order is (Eastern time), so a Time TBD signing has started and can be completed. */
const todayInEastern = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());

interface Firm {
  id: string;
  name: string;
  orgNumber: number;
}

/** An Open order of firm A (escrow officer Dana Whitfield), created by an operator through the API. */
async function createOrder(admin: APIRequestContext, fileNumber: string, name: string) {
  const firms = (await (await admin.get('/api/firms?pageSize=500')).json()).items as Firm[];
  const firmA = firms.find((f) => f.orgNumber === 1)!;
  const users = (await (await admin.get(`/api/firms/${firmA.id}/users?pageSize=100`)).json()).items as { id: string; email: string }[];
  const officer = users.find((u) => u.email === 'escrow@firm-a.demo.test')!;
  const res = await admin.post('/api/appointments', {
    data: {
      firmId: firmA.id,
      escrowOfficerId: officer.id,
      name,
      date: todayInEastern(),
      timeTbd: true,
      timeZone: 'ET',
      street: '9400 Wilshire Blvd',
      city: 'Beverly Hills',
      state: 'CA',
      zip: '90212',
      agentFee: '$150',
      lender: 'Hill Country Bank',
      fileNumber,
      contactName: 'Rosa Delgado',
      scanBackRequired: false,
      transactionType: 1,
    },
  });
  expect(res.status()).toBe(201);
  return { id: (await res.json()).appointment.id as string, firmA };
}

const order = async (api: APIRequestContext, id: string) => (await api.get(`/api/appointments/${id}`)).json();

test.describe('an operator runs a request from review to invoice', () => {
  test(
    'create, review and update, send, bids arriving live, accept, reassign, complete, pay, invoice',
    { tag: '@smoke' },
    async ({ page }) => {
      test.setTimeout(scaled(120_000));
      const admin = await signedInApi('admin@demo.test');
      const fileNumber = `OP-${randomBytes(3).toString('hex').toUpperCase()}`;
      const name = `Delgado Refinance ${fileNumber}`;
      const firms = (await (await admin.get('/api/firms?pageSize=500')).json()).items as Firm[];
      const firmA = firms.find((f) => f.orgNumber === 1)!;

      // Create New Request: the firm, its escrow officer (whose email fills the title company email), the order; Preview, Submit.
      await signInAs(page, 'admin@demo.test', '/admin');
      await page.getByRole('tab', { name: 'Create New Request' }).click();
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByText('Choose the firm')).toBeVisible();
      await page.getByRole('combobox', { name: 'Firm', exact: true }).selectOption({ label: firmA.name });
      await page.getByLabel('Escrow officer').selectOption({ label: 'Dana Whitfield (escrow@firm-a.demo.test)' });
      await expect(page.getByLabel('Title company email')).toHaveValue('escrow@firm-a.demo.test');
      await page.getByLabel('Firm fee').fill('$210');
      await page.getByLabel('Appointment name').fill(name);
      await page.getByLabel('File number').fill(fileNumber);
      const [year, month, day] = todayInEastern().split('-');
      await page.getByLabel('Date').fill(`${month}/${day}/${year}`);
      await page.getByLabel('Date').press('Enter');
      await page.getByLabel('Time TBD').check();
      await page.getByLabel('Time zone').selectOption('ET');
      await page.getByLabel('Signing agent fee').fill('$150');
      await page.getByLabel('Lender').fill('Hill Country Bank');
      await page.getByLabel('Street').fill('9400 Wilshire Blvd');
      await page.getByLabel('City').fill('Beverly Hills');
      await page.getByLabel('State').selectOption('CA');
      await page.getByLabel('Zip').fill('90212');
      await page.getByLabel('Signer name').fill('Rosa Delgado');
      await page.getByLabel('None').check();
      await page.getByLabel('Transaction type').selectOption({ label: 'Refinance' });
      await expectNoAxeViolations(page, 'create new request');
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.getByRole('combobox', { name: 'Firm', exact: true })).toBeDisabled();
      await page.getByRole('button', { name: 'Submit' }).click();
      const card = page.getByRole('region', { name: 'Appointment Status' });
      await expect(card).toContainText(name);
      await expectNoAxeViolations(page, 'appointment status card');
      await card.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByLabel('Appointment name')).toHaveValue('');
      await expect(page.getByRole('combobox', { name: 'Firm', exact: true })).toHaveValue('');
      const listed = (await (await admin.get(`/api/appointments?status=Open&firmId=${firmA.id}&pageSize=100`)).json()).items as {
        id: string;
        name: string;
      }[];
      const id = listed.find((o) => o.name === name)!.id;
      expect(await order(admin, id)).toMatchObject({
        firm: { id: firmA.id },
        escrowOfficer: { email: 'escrow@firm-a.demo.test' },
        agentFeeCents: 15000,
        firmFeeCents: 21000,
        timeTbd: true,
        timeZone: 'ET',
      });

      // A second agent the order can go to besides Jordan Taylor (agent@demo.test): commissioned in
      // California, free then, and the signing within their own travel radius (decision 067).
      const eligible = (await (await admin.get(`/api/appointments/${id}/eligible-agents?pageSize=5`)).json()).items as { id: string }[];
      const contacts = await Promise.all(
        eligible.map(
          async (a) => ((await (await admin.get(`/api/agents/${a.id}`)).json()) as { contact: { name: string; email: string } }).contact,
        ),
      );
      const other = contacts.find((a) => a.email !== 'agent@demo.test')!;

      // Assignments (Open, firm A) lists it; its name opens the Open review view.
      await page.getByRole('tab', { name: 'Assignments' }).click();
      const search = page.getByRole('search', { name: 'Search assignments' });
      await search.getByLabel('Firm').selectOption({ label: firmA.name });
      await search.getByRole('button', { name: 'Search' }).click();
      const row = page.getByRole('table', { name: 'Assignments' }).getByRole('row').filter({ hasText: name });
      await expect(row).toContainText('Open');
      await row.getByRole('link', { name }).click();

      const review = page.getByRole('region', { name: 'Review and Edit Submitted Appointment' });
      await expect(review.getByLabel('Lender')).toHaveAttribute('readonly', '');
      await expectNoAxeViolations(page, 'review (read-only)');
      await review.getByRole('button', { name: 'Edit' }).click();
      await review.getByLabel('Lender').fill('Bluebonnet Credit Union');
      await review.getByRole('button', { name: 'Preview' }).click();
      await expect(review.getByLabel('Lender')).toHaveAttribute('readonly', '');
      await review.getByRole('button', { name: 'Update', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Order updated' })).toContainText(
        'The order was updated (Lender) and notifications were sent.',
      );
      expect((await order(admin, id)).lender).toBe('Bluebonnet Credit Union');
      await page.getByRole('button', { name: 'Return to Order Details' }).click();

      // Send to Notaries: the confirmation says the reach (decision 048), then the offer goes out.
      await page.getByRole('button', { name: 'Send to Notaries' }).click();
      const sendDialog = page.getByRole('dialog', { name: 'Send to Notaries' });
      await expect(sendDialog.getByRole('status')).toHaveText(
        /^This will offer the order to \d+ available agents whose travel radius reaches it\.$/,
      );
      await expectNoAxeViolations(page, 'send confirmation');
      await sendDialog.getByRole('button', { name: 'Send to Notaries' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Sent to notaries' })).toBeVisible();
      expect((await order(admin, id)).offerCount).toBeGreaterThanOrEqual(2);
      await expect(page.getByRole('region', { name: 'Signing agents and bids' })).toContainText(
        'The offer is out; no agent has answered yet.',
      );

      // Two agents answer through the API; the bids appear on this screen with no reload.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      const jordan = await signedInApi('agent@demo.test');
      const second = await signedInApi(other.email);
      expect((await jordan.post(`/api/appointments/${id}/claim`, { data: {} })).status()).toBe(200);
      expect((await second.post(`/api/appointments/${id}/counter`, { data: { bid: '$185' } })).status()).toBe(200);
      const bids = page.getByRole('table', { name: 'Signing agents and bids' });
      await expect(bids.getByRole('row').filter({ hasText: 'Jordan Taylor' })).toContainText('Claimed at the offered fee');
      await expect(bids.getByRole('row').filter({ hasText: 'Jordan Taylor' })).toContainText(/\d+\.\d mi/);
      await expect(bids.getByRole('row').filter({ hasText: other.name })).toContainText('$185.00');
      // Each bid row shows the distance, the agent's completed signings, their score and the bid time.
      await expect(bids.getByRole('columnheader')).toContainText(['Distance', 'Completed signings', 'Score', 'Bid', 'Bid time']);
      const jordanBid = ((await order(admin, id)).bids as { agent: { name: string }; completedCount: number; score: number }[]).find(
        (b) => b.agent.name === 'Jordan Taylor',
      )!;
      const jordanCells = bids.getByRole('row').filter({ hasText: 'Jordan Taylor' }).getByRole('cell');
      await expect(jordanCells.nth(4)).toHaveText(String(jordanBid.completedCount));
      await expect(jordanCells.nth(5)).toHaveText(String(jordanBid.score));
      await expect(jordanCells.nth(7)).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [AP]M /);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      await shot(page, 'request-bids');
      await expectNoAxeViolations(page, 'request with bids');

      // Accept the counter: the other bid is not chosen.
      await bids.getByRole('button', { name: `Accept ${other.name}` }).click();
      await expect(bids.getByRole('row').filter({ hasText: 'Jordan Taylor' })).toContainText('Not chosen');
      let now = await order(admin, id);
      expect(now).toMatchObject({ status: 'Scheduled', assignedAgent: { name: other.name } });

      // Reassign to Jordan Taylor's bid, with a note for the displaced agent.
      await page.getByRole('button', { name: 'Reassign' }).click();
      const reassign = page.getByRole('dialog', { name: 'Reassign agent' });
      await reassign.getByRole('radio', { name: /^Jordan Taylor/ }).check();
      await reassign.getByLabel('Notes for the displaced agent').fill('The signer asked for a Spanish-speaking notary.');
      await expectNoAxeViolations(page, 'reassign dialog');
      await reassign.getByRole('button', { name: 'Update Notary' }).click();
      await expect(reassign).toBeHidden();
      now = await order(admin, id);
      expect(now.assignedAgent.name).toBe('Jordan Taylor');
      // The displaced agent leaves the bid list; the timeline keeps the change with its note (live, no reload).
      expect(now.bids.map((b: { agent: { name: string } }) => b.agent.name)).not.toContain(other.name);
      await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
        `Signing agent changed from ${other.name} to Jordan Taylor`,
      );
      await expect(page.getByRole('region', { name: 'Timeline' })).toContainText(
        `Notes for ${other.name}: The signer asked for a Spanish-speaking notary.`,
      );

      // Mark complete, then pay the agent: the paid mark with its time replaces the button.
      await page.getByRole('button', { name: 'Mark Appointment Complete' }).click();
      await page.getByRole('dialog', { name: 'Mark Appointment Complete' }).getByRole('button', { name: 'Mark Complete' }).click();
      await expect(page.getByRole('region', { name: 'Details' })).toContainText('Completed');
      await page.getByRole('button', { name: 'Mark Notary Paid' }).click();
      await page.getByRole('dialog', { name: 'Mark Notary Paid' }).getByRole('button', { name: 'Mark Paid' }).click();
      // The paid mark states the amount: the agreed bid (Jordan Taylor's claim at the offer).
      await expect(page.getByText(/✓ Notary paid \$\d+\.\d\d \d/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Mark Notary Paid' })).toHaveCount(0);
      now = await order(admin, id);
      expect(now).toMatchObject({ status: 'Completed', agentPaid: true });
      expect(now.agentPaidAt).not.toBeNull();

      // Send the invoice: it is listed, and its email to the escrow officer is in the outbox.
      await page.getByRole('button', { name: 'Send Invoice' }).click();
      await expect(page.getByRole('button', { name: /^Invoice \d+ \(\$\d/ })).toBeVisible();
      await expect
        .poll(async () => {
          const outbox = await (await admin.get('/api/outbox?channel=email&pageSize=100')).json();
          return outbox.items.some(
            (m: { toAddress: string; subject: string }) => m.toAddress === 'escrow@firm-a.demo.test' && m.subject === `Invoice for ${name}`,
          );
        })
        .toBe(true);
      await expectNoAxeViolations(page, 'completed request');
      await Promise.all([admin.dispose(), jordan.dispose(), second.dispose()]);
    },
  );

  test('the Open review page: status, firm, escrow officer and fees at the top, the actions above the fold, Edit Choices within 5 Tabs', async ({
    page,
  }) => {
    const admin = await signedInApi('admin@demo.test');
    const fileNumber = `TAB-${randomBytes(3).toString('hex').toUpperCase()}`;
    const { id, firmA } = await createOrder(admin, fileNumber, `Quinn Refinance ${fileNumber}`);
    await signInAs(page, 'admin@demo.test', `/admin/requests/${id}`);
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      // From the page's start, as a keyboard user arrives.
      await page.goto(`/admin/requests/${id}`);
      const glance = page.getByRole('region', { name: 'At a glance' });
      await expect(glance).toContainText('Open');
      await expect(glance).toContainText(`Firm${firmA.name}`);
      await expect(glance).toContainText('Escrow officerDana Whitfield');
      await expect(glance).toContainText('Signing agent fee offered: $150.00');
      await expect(glance).toContainText('Firm fee:');
      for (const action of ['Edit Choices', 'Send to Notaries', 'Directly Assign Notary'])
        await expect(page.getByRole('button', { name: action })).toBeInViewport({ ratio: 1 });
      await shot(page, 'operator-review-top');

      // Tab to the skip link, Enter, then Tab on: Edit Choices within 5 Tab presses.
      let tabs = 0;
      const focusedName = () => page.evaluate(() => (document.activeElement?.textContent ?? '').trim());
      while (tabs < 5) {
        await page.keyboard.press('Tab');
        tabs += 1;
        const name = await focusedName();
        if (name === 'Edit Choices') break;
        if (name === 'Skip to content') await page.keyboard.press('Enter');
      }
      await expect(page.getByRole('button', { name: 'Edit Choices' })).toBeFocused();
      expect(tabs).toBeLessThanOrEqual(5);
    }
    await expectNoAxeViolations(page, 'open review top');
    await admin.dispose();
  });

  test('two operators edit the same order: the second save is refused with what changed, and loses nothing', async ({ page, browser }) => {
    const admin = await signedInApi('admin@demo.test');
    const fileNumber = `CF-${randomBytes(3).toString('hex').toUpperCase()}`;
    const { id } = await createOrder(admin, fileNumber, `Okafor Purchase ${fileNumber}`);

    const other = await browser.newContext();
    const subAdmin = await other.newPage();
    // The admin's console gets no live updates (its event stream is cut), so the save itself
    // finds the other change; with them, the form takes it in while typing (live-updates.spec.ts).
    await page.route('**/api/events**', (route) => route.abort());
    await signInAs(page, 'admin@demo.test', `/admin/requests/${id}`);
    await signInAs(subAdmin, 'subadmin@demo.test', `/admin/requests/${id}`);
    for (const p of [page, subAdmin])
      await p.getByRole('region', { name: 'Review and Edit Submitted Appointment' }).getByRole('button', { name: 'Edit' }).click();

    // The sub-admin saves a new lender first.
    const theirs = subAdmin.getByRole('region', { name: 'Review and Edit Submitted Appointment' });
    await theirs.getByLabel('Lender').fill('Pecan Street Mortgage');
    await theirs.getByRole('button', { name: 'Preview' }).click();
    await theirs.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(subAdmin.getByRole('region', { name: 'Order updated' })).toBeVisible();

    // The admin, still on the version opened before, saves notes.
    const mine = page.getByRole('region', { name: 'Review and Edit Submitted Appointment' });
    await mine.getByLabel('Additional notes').fill('Signer prefers the evening.');
    await mine.getByRole('button', { name: 'Preview' }).click();
    await mine.getByRole('button', { name: 'Update', exact: true }).click();
    // The notice names who changed it.
    const conflict = page.getByRole('alert').filter({ hasText: 'Sam Rivera changed this order after you opened it' });
    await expect(conflict).toContainText('Lender: “Hill Country Bank” → “Pecan Street Mortgage”');
    await expect(mine.getByLabel('Additional notes')).toHaveValue('Signer prefers the evening.');
    expect(await order(admin, id)).toMatchObject({ lender: 'Pecan Street Mortgage', comments: null });
    await expectNoAxeViolations(page, 'edit conflict');

    // Saved again on the new version: both changes are kept.
    await mine.getByRole('button', { name: 'Preview' }).click();
    await mine.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Order updated' })).toBeVisible();
    expect(await order(admin, id)).toMatchObject({ lender: 'Pecan Street Mortgage', comments: 'Signer prefers the evening.' });
    await other.close();
    await admin.dispose();
  });

  test('the edit-choice menu (Details, Notary, Status, DirectAssign); direct assignment among the eligible agents; an unfilled order can be set to canceled', async ({
    page,
  }) => {
    const admin = await signedInApi('admin@demo.test');
    const fileNumber = `DA-${randomBytes(3).toString('hex').toUpperCase()}`;
    const { id } = await createOrder(admin, fileNumber, `Ibarra Sale ${fileNumber}`);
    const { id: toCancel } = await createOrder(admin, `${fileNumber}-X`, `Ibarra Sale ${fileNumber}-X`);
    await signInAs(page, 'admin@demo.test', `/admin/requests/${id}`);
    const review = page.getByRole('region', { name: 'Review and Edit Submitted Appointment' });
    const choices = page.getByRole('button', { name: 'Edit Choices' });

    // Details unlocks the read-only review form and puts the cursor in it; Notary needs an assigned agent.
    await expect(review.getByLabel('Lender')).toHaveAttribute('readonly', '');
    await choices.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Details', 'Notary', 'Status', 'DirectAssign']);
    await expect(menu.getByRole('menuitem', { name: 'Notary' })).toBeDisabled();
    await expectNoAxeViolations(page, 'edit-choice menu');
    await menu.getByRole('menuitem', { name: 'Details' }).click();
    await expect(review.getByLabel('Lender')).not.toHaveAttribute('readonly', '');
    await expect(review.getByRole('button', { name: 'Preview' })).toBeVisible();
    await expect(review.locator(':focus')).toHaveCount(1);
    await review.getByRole('button', { name: 'Cancel Edit' }).click();

    // DirectAssign: the agents commissioned in CA, free then, within their own travel radius, nearest first; a name narrows them.
    await choices.click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'DirectAssign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Directly Assign Notary' });
    await expect(dialog.getByRole('radio').first()).toBeVisible();
    // It opens with the focus in Last name (spec 02 §2: a search by last name).
    await expect(dialog.getByLabel('Last name', { exact: true })).toBeFocused();
    await page.keyboard.type('Taylor');
    await dialog.getByRole('button', { name: 'Search' }).click();
    await dialog
      .getByRole('radio', {
        name: /^Jordan Taylor · \d+\.\d mi · Beverly Hills, CA 90210 · commissioned in CA, TX · \d+ completed · score \d+/,
      })
      .check();
    await expectNoAxeViolations(page, 'direct assign dialog');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('Scheduled');
    expect(await order(admin, id)).toMatchObject({ status: 'Scheduled', assignedAgent: { email: 'agent@demo.test' } });
    // Filled: it can no longer be canceled or sent; it can be put on hold (here from the menu's Status).
    await expect(page.getByRole('button', { name: 'Set to Canceled' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Send to Notaries' })).toBeDisabled();
    await choices.click();
    await expect(page.getByRole('menu').getByRole('menuitem', { name: 'DirectAssign' })).toBeDisabled();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Status' }).click();
    const statusDialog = page.getByRole('dialog', { name: 'Change Status' });
    await expect(statusDialog).toContainText('Now: Scheduled');
    await expect(statusDialog.getByRole('button', { name: 'Set to Canceled' })).toBeDisabled();
    await expectNoAxeViolations(page, 'change status dialog');
    await statusDialog.getByRole('button', { name: 'Set to On Hold' }).click();
    await expect(statusDialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('On Hold');
    expect((await order(admin, id)).status).toBe('Paused');
    await page.getByRole('button', { name: 'Set to Scheduled' }).click();
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('Scheduled');
    expect((await order(admin, id)).status).toBe('Scheduled');
    // Details on a filled order opens its edit form.
    await choices.click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Details' }).click();
    await expect(page.getByRole('region', { name: 'Edit Existing Order' })).toBeVisible();

    await page.goto(`/admin/requests/${toCancel}`);
    await page.getByRole('button', { name: 'Set to Canceled' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this appointment?' });
    await expectNoAxeViolations(page, 'cancel confirmation');
    await confirm.getByRole('button', { name: 'Set to Canceled' }).click();
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('Canceled');
    expect((await order(admin, toCancel)).status).toBe('Canceled');
    await expect(page.getByRole('button', { name: 'Set to Open' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Set to Scheduled' })).toBeDisabled();
    // A canceled order is its record: Details is not offered (issue 27, item 13).
    await page.getByRole('button', { name: 'Edit Choices' }).click();
    await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Details' })).toBeDisabled();
    await admin.dispose();
  });
});
