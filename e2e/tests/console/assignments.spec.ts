import type { Locator } from '@playwright/test';
import { signInAs } from '../../support/accounts';
import { expectAccessibleAndFitting, expectNoAxeViolations, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

/** How far the table runs past its scroll frame, and the texts it cuts short. */
const tableFit = (table: Locator) =>
  table.evaluate((t) => {
    const frame = t.closest('.mantine-ScrollArea-viewport')!;
    const clipped = [...t.querySelectorAll<HTMLElement>('th *, td *')]
      // Text kept for screen readers only (1 px wide) is hidden on purpose, not cut short.
      .filter(
        (e) =>
          e.children.length === 0 && e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible',
      )
      .map((e) => e.textContent);
    return { overflow: Math.max(0, frame.scrollWidth - frame.clientWidth), clipped };
  });

test.describe('the operators’ Assignments', () => {
  test('Open by default for all firms; a firm and a status searched on the server; the agent’s card; the request opens with its timeline', async ({
    page,
  }) => {
    test.setTimeout(scaled(90_000));
    const admin = await signedInApi('admin@demo.test');
    const open = await (await admin.get('/api/appointments?status=Open&pageSize=1')).json();

    await signInAs(page, 'admin@demo.test', '/admin');
    await expect(page.getByRole('tab', { name: 'Assignments', selected: true })).toBeVisible();
    const table = page.getByRole('table', { name: 'Assignments' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByText(`1–${Math.min(25, open.total)} of ${open.total}`)).toBeVisible();
    for (const status of await table.locator('tbody tr td:nth-child(8)').allTextContents()) expect(status).toBe('Open');
    await shot(page, 'assignments');
    await expectAccessibleAndFitting(page, 'assignments');

    // Firm A's scheduled appointments, as the API counts them.
    const firms = await (await admin.get('/api/firms?pageSize=500')).json();
    const firmA = firms.items.find((f: { orgNumber: number }) => f.orgNumber === 1);
    const scheduled = await (await admin.get(`/api/appointments?status=Scheduled&firmId=${firmA.id}&pageSize=1`)).json();
    const search = page.getByRole('search', { name: 'Search assignments' });
    await search.getByLabel('Firm').selectOption({ label: firmA.name });
    await search.getByLabel('Status').selectOption({ label: 'Scheduled' });
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`status=Scheduled.*firmId=${firmA.id}|firmId=${firmA.id}.*status=Scheduled`));
    await expect(page.getByText(`1–${Math.min(25, scheduled.total)} of ${scheduled.total}`)).toBeVisible();
    for (const firm of await table.locator('tbody tr td:nth-child(12)').allTextContents()) expect(firm).toBe(firmA.name);
    // A scheduled signing left unmarked hours after its start carries its overdue mark (decision 049).
    for (const status of await table.locator('tbody tr td:nth-child(8)').allTextContents())
      expect(status).toMatch(/^Scheduled(Overdue — not marked complete)?$/);
    await expect(table.locator('tbody tr td:nth-child(5)').first()).toHaveText(/^(No files|\d+ attached|Files complete)$/);

    const agent = table.locator('tbody tr').first().locator('td:nth-child(11)').getByRole('button');
    const agentName = (await agent.textContent())!;
    await agent.click();
    const card = page.getByRole('dialog', { name: agentName });
    await expect(card.getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
    await expectNoAxeViolations(page, 'agent contact modal');
    await page.keyboard.press('Escape');
    // The twelve columns fit the screen at 1440 and 1280: no sideways scroll inside the table's
    // frame, and no text cut short ("Tex…", "OVERD…") (issue 30).
    for (const width of [1440, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => tableFit(table), { message: `the table at ${width} px` }).toEqual({ overflow: 0, clipped: [] });
    }
    await page.setViewportSize({ width: 768, height: 1000 });
    await expectAccessibleAndFitting(page, 'assignments at 768');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The name opens the request; the operator's timeline shows its steps.
    const first = table.locator('tbody tr').first().getByRole('link');
    const name = (await first.textContent())!;
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Request Details' })).toBeVisible();
    // The new page's heading takes the focus the clicked link had (issue 30).
    await expect(page.getByRole('heading', { level: 1, name: 'Request Details' })).toBeFocused();
    await expect(page.getByRole('region', { name: 'Details' })).toContainText(name);
    await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('listitem').first()).toBeVisible();
    await expectAccessibleAndFitting(page, 'request details');
    // Back to Assignments returns to the list as it was: firm and status (issue 27, item 10).
    await page.getByRole('link', { name: 'Back to Assignments' }).click();
    await expect(page).toHaveURL(/status=Scheduled/);
    await expect(page).toHaveURL(new RegExp(`firmId=${firmA.id}`));
    await expect(search.getByLabel('Status')).toHaveValue('Scheduled');
    await admin.dispose();
  });

  test('a work queue: searched on the server, sorted by a column, and the chosen rows marked paid at once', async ({ page }) => {
    test.setTimeout(scaled(90_000));
    const admin = await signedInApi('admin@demo.test');
    const completed = (await (await admin.get('/api/appointments?status=Completed&pageSize=100')).json()).items as {
      id: string;
      fileNumber: string | null;
      agentPaid: boolean;
      startsAt: number;
    }[];
    const unpaid = completed.filter((row) => !row.agentPaid && row.fileNumber);
    expect(unpaid.length).toBeGreaterThan(1);
    // Newest first for a closed status.
    expect(completed.map((r) => r.startsAt)).toEqual([...completed.map((r) => r.startsAt)].sort((a, b) => b - a));
    const target = unpaid[0]!;

    await signInAs(page, 'admin@demo.test', '/admin?status=Completed');
    const table = page.getByRole('table', { name: 'Assignments' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await shot(page, 'assignments-completed');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectAccessibleAndFitting(page, 'assignments at 1440');
    await shot(page, 'assignments-completed');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Sorting by agent pay, lowest then highest first, is the server's order.
    const names = async (order: string) =>
      (await (await admin.get(`/api/appointments?status=Completed&sort=agentFee&order=${order}&pageSize=25`)).json()).items.map(
        (r: { name: string }) => r.name,
      );
    const payHeader = table.locator('thead th').filter({ hasText: 'Agent pay' });
    const orderInUrl = () => new URL(page.url()).searchParams.get('order')!;
    await payHeader.click();
    await expect(page).toHaveURL(/sort=agentFee.*order=/);
    const first = orderInUrl();
    await expect(table.locator('tbody tr td:nth-child(2)')).toHaveText(await names(first));
    await payHeader.click();
    await expect(page).toHaveURL(new RegExp(`order=${first === 'asc' ? 'desc' : 'asc'}`));
    await expect(table.locator('tbody tr td:nth-child(2)')).toHaveText(await names(orderInUrl()));

    // The search finds the order by its file number.
    const search = page.getByRole('search', { name: 'Search assignments' });
    await search.getByLabel('Search').fill(target.fileNumber!);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(target.fileNumber!)}`));
    const row = table.locator('tbody tr').filter({ hasText: target.fileNumber! }).first();
    await expect(row).toBeVisible();
    await expect(row.locator('td:nth-child(4)')).toHaveText(
      /^\d{2}\/\d{2}\/\d{4}( at \d{1,2}:\d{2} [AP]M [A-Z]{2}|, time TBD \([A-Z]{2}\)).+, [A-Z]{2}$/,
    );

    // Bulk: the chosen row is marked paid; the answer says so once.
    await row.getByRole('checkbox').check();
    await expect(page.getByRole('group', { name: 'Actions on the selected assignments' })).toContainText('1 selected');
    await page.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'agent marked paid' })).toHaveText(/1 agent marked paid\./);
    await expect(row.locator('td:nth-child(10)')).toHaveText(/^Paid /);
    await shot(page, 'assignments-bulk-paid');
    const after = await (await admin.get(`/api/appointments/${target.id}`)).json();
    expect(after.agentPaid).toBe(true);

    // Marking it again is refused by its rule, named by its file number.
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Not done for 1 order' })).toContainText(target.fileNumber!);
    await expectAccessibleAndFitting(page, 'assignments bulk');
    await admin.dispose();
  });

  test('escrow roles cannot open the operators’ request page', async ({ page }) => {
    const escrow = await signedInApi('escrow@firm-a.demo.test');
    const id = (await (await escrow.get('/api/escrow/appointments?pageSize=1')).json()).items[0].id as string;
    await escrow.dispose();
    await signInAs(page, 'escrow@firm-a.demo.test', `/admin/requests/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Request Details' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();
  });
});
