import type { Page } from '@playwright/test';
import { signInAs } from '../../support/accounts';
import { expectNoAxeViolations, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

async function openTab(page: Page, email: string) {
  await signInAs(page, email, '/admin?tab=signing-agents');
  await expect(page.getByRole('tab', { name: 'List Signing Agents', selected: true })).toBeVisible();
}

interface Row {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  city: string;
  state: string;
  zip: string;
  preferred: boolean;
  distanceMiles: number | null;
}

test.describe('List Signing Agents', () => {
  test('radius search nearest first; set preferred, then Send to Preferred Agents reaches them; text and email with their limits', async ({
    page,
  }) => {
    test.setTimeout(scaled(90_000));
    const admin = await signedInApi('admin@demo.test');
    await openTab(page, 'admin@demo.test');
    const search = page.getByRole('search', { name: 'Find signing agents' });

    // A name search needs a last name.
    await search.getByLabel('Search by').selectOption({ label: 'Search By Name (last name)' });
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(search.getByText('Enter a last name to search by name')).toBeVisible();

    // 50 miles from Jordan Taylor's zip: nearest first, every one within 50 miles, as the API counts them.
    await search.getByLabel('Search by').selectOption({ label: 'Distance from a zip code' });
    await search.getByLabel('Zip code').fill('90210');
    await search.getByLabel('Within').selectOption({ label: '50 miles' });
    await search.getByRole('button', { name: 'Search' }).click();
    const expected = await (await admin.get('/api/agents?mode=radius&zip=90210&radius=50&pageSize=25')).json();
    await expect(page.getByRole('status').filter({ hasText: 'within 50 miles of 90210' })).toHaveText(
      `${expected.total.toLocaleString('en-US')} signing agents within 50 miles of 90210`,
    );
    const table = page.getByRole('table', { name: 'Signing agents' });
    await expect(table.locator('tbody tr')).toHaveCount(Math.min(25, expected.total));
    const distances = (await table.locator('tbody tr td:nth-child(5)').allTextContents()).map((d) => Number(d.replace(' mi', '')));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(50);
    expect(distances).toEqual((expected.items as Row[]).map((r) => Number(r.distanceMiles!.toFixed(1))));
    await shot(page, 'signing-agents');
    await expectNoAxeViolations(page, 'signing agents');

    // A nearby agent who is not preferred yet (and has a phone): open the profile, set preferred.
    const agent = (expected.items as Row[]).find((r) => !r.preferred && r.phone && r.email !== 'agent@demo.test')!;
    const row = table.locator('tbody tr').filter({ hasText: agent.email });
    await row.getByRole('button', { name: agent.name, exact: true }).click();
    const profile = page.getByRole('dialog', { name: 'Notary Profile: NOT SET' });
    await expect(profile.getByRole('region', { name: 'Contact info' })).toContainText(agent.email);
    await expect(profile.getByRole('region', { name: 'Notary details' })).toContainText('Certified states');
    // What the agent set in the app, read-only (GET /api/agents/{id}/availability).
    const availability = (await (await admin.get(`/api/agents/${agent.id}/availability`)).json()) as { travelRadiusMiles: number };
    await expect(profile.getByRole('region', { name: 'Availability' })).toContainText(
      `Travel radius${availability.travelRadiusMiles} miles`,
    );
    await expect(profile.getByRole('region', { name: 'Availability' })).toContainText('Assignment changes');
    await shot(page, 'agent-profile');
    await expectNoAxeViolations(page, 'agent profile');
    await profile.getByRole('radio', { name: 'Preferred agent' }).check();
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog', { name: 'Notary Profile: PREFERRED AGENT' })).toBeVisible();
    expect((await (await admin.get(`/api/agents/${agent.id}`)).json()).preferred).toBe(true);
    await page.getByRole('dialog', { name: 'Notary Profile: PREFERRED AGENT' }).getByRole('button', { name: 'Close' }).click();
    await expect(row).toContainText('Preferred');

    // A text message over 320 characters cannot be sent; one within it is queued for the agent's phone.
    await row.getByRole('button', { name: `Text ${agent.name}` }).click();
    const sms = page.getByRole('dialog', { name: `Text message to ${agent.name}` });
    await sms.getByLabel('Message').fill('x'.repeat(321));
    await expect(sms.getByText('321 / 320 characters')).toBeVisible();
    await expect(sms.getByText('A text message holds at most 320 characters.')).toBeVisible();
    await expect(sms.getByRole('button', { name: 'Send' })).toBeDisabled();
    await sms.getByLabel('Message').fill('Can you take a refinance in Pasadena on Friday at 3 PM?');
    await expectNoAxeViolations(page, 'text message dialog');
    await sms.getByRole('button', { name: 'Send' }).click();
    await expect(sms).toBeHidden();
    const digits = agent.phone!.replace(/\D/g, '');
    const outbox = async (channel: string) =>
      (await (await admin.get(`/api/outbox?channel=${channel}&pageSize=100`)).json()).items as {
        toAddress: string;
        body: string;
        subject: string | null;
      }[];
    expect((await outbox('sms')).find((m) => m.toAddress === digits)).toMatchObject({
      body: 'Can you take a refinance in Pasadena on Friday at 3 PM?',
    });

    // An email holds 140 characters; this one is queued for the agent's address.
    await row.getByRole('button', { name: `Email ${agent.name}` }).click();
    const email = page.getByRole('dialog', { name: `Email to ${agent.name}` });
    await email.getByLabel('Message').fill('y'.repeat(141));
    await expect(email.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expectNoAxeViolations(page, 'email dialog');
    await email.getByLabel('Message').fill('Please call the office about Friday.');
    await email.getByRole('button', { name: 'Send' }).click();
    await expect(email).toBeHidden();
    expect((await outbox('email')).find((m) => m.toAddress === agent.email)).toMatchObject({
      subject: 'A message from Alex Morgan at SigningDesk',
      body: 'Please call the office about Friday.',
    });

    // Send to Preferred Agents on an order in the agent's own zip reaches them.
    const firms = (await (await admin.get('/api/firms?pageSize=500')).json()).items as { id: string; orgNumber: number }[];
    const firmA = firms.find((f) => f.orgNumber === 1)!;
    const users = (await (await admin.get(`/api/firms/${firmA.id}/users?pageSize=100`)).json()).items as { id: string; email: string }[];
    const created = await admin.post('/api/appointments', {
      data: {
        firmId: firmA.id,
        escrowOfficerId: users.find((u) => u.email === 'escrow@firm-a.demo.test')!.id,
        name: `Preferred ${agent.zip}`,
        date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
        timeTbd: true,
        street: '1 Main St',
        city: agent.city,
        state: agent.state,
        zip: agent.zip,
        agentFee: '$150',
        scanBackRequired: false,
        transactionType: 1,
      },
    });
    expect(created.status()).toBe(201);
    const id = (await created.json()).appointment.id as string;
    await page.goto(`/admin/requests/${id}`);
    // The confirmation says the reach first (decisions 048 and 067), then sends.
    await page.getByRole('button', { name: 'Send to Preferred Agents' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send to Preferred Agents' });
    await expect(confirm.getByRole('status')).toHaveText(
      /^This will offer the order to \d+ available preferred agents? whose travel radius reaches it\.$/,
    );
    await confirm.getByRole('button', { name: 'Send to Preferred Agents' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Sent to preferred agents' })).toBeVisible();
    const reached = await signedInApi(agent.email);
    const offers = (await (await reached.get('/api/agent/appointments?tab=open')).json()).items as { id: string }[];
    expect(offers.map((o) => o.id)).toContain(id);
    await Promise.all([admin.dispose(), reached.dispose()]);
  });

  test('a sub-admin searches and reads profiles but cannot set preferred status', async ({ page }) => {
    await openTab(page, 'subadmin@demo.test');
    const search = page.getByRole('search', { name: 'Find signing agents' });
    await search.getByLabel('Search by').selectOption({ label: 'Search By Name (last name)' });
    await search.getByLabel('Last name').fill('Taylor');
    await search.getByRole('button', { name: 'Search' }).click();
    const subAdmin = await signedInApi('subadmin@demo.test');
    const first = (await (await subAdmin.get('/api/agents?mode=name&lastName=Taylor&pageSize=25')).json()).items[0] as Row;
    const table = page.getByRole('table', { name: 'Signing agents' });
    await table.locator('tbody tr').first().getByRole('button', { name: first.name, exact: true }).click();
    const profile = page.getByRole('dialog', { name: `Notary Profile: ${first.preferred ? 'PREFERRED AGENT' : 'NOT SET'}` });
    await expect(profile.getByRole('region', { name: 'Profile details' })).toContainText(first.name);
    await expect(profile.getByRole('region', { name: 'Contact info' })).toContainText(first.email);
    await expect(profile.getByRole('region', { name: 'Set Preferred Status' })).toHaveCount(0);
    expect((await subAdmin.put(`/api/agents/${first.id}/preferred`, { data: { preferred: true } })).status()).toBe(403);
    await subAdmin.dispose();
  });

  test('an escrow officer rates a completed signing; the score changes on the operator’s profile modal', async ({ page, browser }) => {
    test.setTimeout(scaled(90_000));
    // The firm's org admin, who rates any of the firm's orders as their officer would.
    const escrow = await signedInApi('orgadmin@firm-a.demo.test');
    const admin = await signedInApi('admin@demo.test');
    // A completed signing of the firm not rated yet (the seed leaves one in five).
    const completed = (await (await escrow.get('/api/escrow/appointments?view=completed&pageSize=100')).json()).items as {
      id: string;
      status: string;
    }[];
    let order: { id: string; assignedAgent: { id: string; name: string } } | undefined;
    let agentEmail = '';
    const lastName = (name: string) => name.split(' ').at(-1)!;
    for (const row of completed.filter((r) => r.status === 'Completed')) {
      if ((await (await escrow.get(`/api/appointments/${row.id}/rating`)).json()).rating !== null) continue;
      const candidate = await (await escrow.get(`/api/appointments/${row.id}`)).json();
      // One the operator finds on the first page of a search by the agent's last name.
      const found = await (await admin.get(`/api/agents?mode=name&lastName=${lastName(candidate.assignedAgent.name)}&pageSize=25`)).json();
      const listed = (found.items as Row[]).find((r) => r.id === candidate.assignedAgent.id);
      if (!listed) continue;
      order = candidate;
      agentEmail = listed.email;
      break;
    }
    expect(order?.assignedAgent).toBeTruthy();
    const agent = order!.assignedAgent;
    const before = (await (await admin.get(`/api/agents/${agent.id}/scorecard`)).json()).score as number;

    // The operator reads the score on the agent's profile.
    const operator = await browser.newPage();
    await signInAs(operator, 'admin@demo.test', '/admin?tab=signing-agents');
    const search = operator.getByRole('search', { name: 'Find signing agents' });
    await search.getByLabel('Search by').selectOption({ label: 'Search By Name (last name)' });
    await search.getByLabel('Last name').fill(lastName(agent.name));
    await search.getByRole('button', { name: 'Search' }).click();
    const openProfile = async () => {
      const row = operator.getByRole('table', { name: 'Signing agents' }).locator('tbody tr').filter({ hasText: agentEmail });
      await row.getByRole('button', { name: agent.name, exact: true }).click();
      return operator.getByRole('dialog').getByRole('region', { name: 'Scorecard' });
    };
    await expect(await openProfile()).toContainText(`Score ${before} / 100`);
    await operator.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // The escrow officer rates it on the order page: one star, late.
    await signInAs(page, 'orgadmin@firm-a.demo.test', `/originator/orders/${order!.id}`);
    const card = page.getByRole('region', { name: 'Rate this signing' });
    // The stars are radios (Mantine Rating), chosen from the keyboard as a screen-reader user would.
    const oneStar = card.getByRole('radio', { name: '1 star', exact: true });
    await oneStar.focus();
    await page.keyboard.press('Space');
    await expect(oneStar).toBeChecked();
    await card.getByText('Late', { exact: true }).click();
    await expect(card.getByRole('checkbox', { name: 'Late', exact: true })).toBeChecked();
    await card.getByLabel('Comment (optional)').fill('Arrived 40 minutes late.');
    await expect(card.getByText('24 / 500 characters')).toBeVisible();
    await expectNoAxeViolations(page, 'rate this signing');
    await card.getByRole('button', { name: 'Send rating' }).click();
    await expect(page.getByRole('region', { name: 'Your rating' })).toContainText('You rated this signing 1/5');
    await shot(page, 'rated-signing');

    const after = (await (await admin.get(`/api/agents/${agent.id}/scorecard`)).json()).score as number;
    expect(after).toBeLessThan(before);
    const panel = await openProfile();
    await expect(panel).toContainText(`Score ${after} / 100`);
    await expect(panel).toContainText('1/5');
    await expect(panel).toContainText('Arrived 40 minutes late.');
    await shot(operator, 'profile-scorecard');
    await operator.close();
  });

  test('operators filter agent search by the Verified mark and sort it by score, best first, and back', async ({ page }) => {
    await openTab(page, 'admin@demo.test');
    const search = page.getByRole('search', { name: 'Find signing agents' });
    await search.getByLabel('Search by').selectOption({ label: 'State' });
    await search.getByLabel('State').selectOption('CA');
    await search.getByLabel('Verified only').check();
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/verified=1/);
    const table = page.getByRole('table', { name: 'Signing agents' });
    // Every agent listed carries the mark.
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toContainText('Verified');
    expect(await rows.filter({ hasNotText: 'Verified' }).count()).toBe(0);
    const header = table.getByRole('columnheader', { name: 'Score' });
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await header.getByRole('button', { name: 'Score' }).click();
    await expect(page).toHaveURL(/sort=score/);
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    const column = await table.getByRole('columnheader').allTextContents();
    const at = column.findIndex((c) => c.trim() === 'Score') + 1;
    const scoresShown = async () => (await table.locator(`tbody tr td:nth-child(${at})`).allTextContents()).map(Number);
    // The sorted page replaces the one shown before the click: wait for it, best first.
    await expect
      .poll(async () => {
        const shown = await scoresShown();
        return shown.length > 5 && shown.every((score, i) => i === 0 || shown[i - 1]! >= score);
      })
      .toBe(true);
    const scores = await scoresShown();
    expect(scores[0]).toBeGreaterThan(scores.at(-1)!);
    await shot(page, 'agents-by-score');
    await header.getByRole('button', { name: 'Score' }).click();
    await expect(page).not.toHaveURL(/sort=score/);
    await expect(header).toHaveAttribute('aria-sort', 'none');
  });
});
