import { readFileSync } from 'node:fs';
import { signInAs } from '../../support/accounts';
import { expectNoAxeViolations, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

const KINDS = [
  'agent_disabled',
  'dispatch_exhausted',
  'overdue',
  'unfilled',
  'undocumented',
  'no_scan_backs',
  'not_shipped',
  'unpaid',
  'unread',
] as const;

test('the Dashboard’s counts equal the rows they open; its charts are shown; the search exports as CSV', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  const admin = await signedInApi('admin@demo.test');
  // Something in every bucket that needs no clock: an unread message from the escrow side.
  const escrow = await signedInApi('escrow@firm-a.demo.test');
  const some = (await (await escrow.get('/api/escrow/appointments?view=in-process&pageSize=1')).json()).items[0].id as string;
  expect(
    (await escrow.post(`/api/appointments/${some}/notes`, { data: { message: 'Is the signer’s spouse signing too?' } })).status(),
  ).toBe(201);

  await signInAs(page, 'admin@demo.test', '/admin?tab=dashboard');
  await expect(page.getByRole('tab', { name: 'Dashboard', selected: true })).toBeVisible();
  const act = page.getByRole('region', { name: 'Act on now' });
  await expect(act.getByRole('link')).toHaveCount(KINDS.length);
  await expect(page.getByRole('figure', { name: 'Signings per day by status' }).locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Orders in process by state' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Median time from order to assignment' })).toBeVisible();
  await shot(page, 'dashboard', true);
  await expectNoAxeViolations(page, 'dashboard');

  const api = (await (await admin.get('/api/dashboard')).json()) as { attention: { kind: string; label: string; count: number }[] };
  for (const [i, bucket] of api.attention.entries()) {
    const link = act.getByRole('link').nth(i);
    const count = Number((await link.getAttribute('aria-label'))!.split(' — ')[0]);
    await link.click();
    await expect(page.getByRole('tab', { name: 'Assignments', selected: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Showing:' })).toContainText(bucket.label);
    const listed = (await (await admin.get(`/api/appointments?attention=${bucket.kind}&pageSize=1`)).json()).total as number;
    expect(count, bucket.kind).toBe(listed);
    if (count === 0) await expect(page.getByText('Nothing waits here right now.')).toBeVisible();
    else await expect(page.getByText(`1–${Math.min(25, count)} of ${count}`)).toBeVisible();
    if (bucket.kind === 'overdue' && count > 0) {
      // Every row of the bucket carries the mark (decision 049).
      const statuses = await page.getByRole('table', { name: 'Assignments' }).locator('tbody tr td:nth-child(8)').allTextContents();
      for (const status of statuses) expect(status).toBe('ScheduledOverdue — not marked complete');
    }
    if (bucket.kind === 'unread') {
      expect(count).toBeGreaterThan(0);
      await expect(page.getByRole('table', { name: 'Assignments' }).locator('tbody tr').first()).toContainText('unread');
      // Export CSV of this search: the table's header and one line per row shown.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
      const lines = readFileSync((await download.path())!, 'utf8')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Appointment,File Number,Files,Agent Downloaded,Unread Messages,Status,Notary Paid,Signing Agent,Firm,Date,Time,Time Zone,City,State,Agent Pay,Firm Fee,Margin,Invoice Number,Order Id',
      );
      expect(lines.length - 1).toBe(count);
      await expectNoAxeViolations(page, 'assignments filtered by the dashboard');
    }
    await page.getByRole('tab', { name: 'Dashboard' }).click();
  }

  // Clear takes the filter away: Assignments shows Open again.
  await act.getByRole('link').first().click();
  await page.getByRole('button', { name: 'Clear the dashboard filter' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Showing:' })).toHaveCount(0);
  await expect(page).not.toHaveURL(/attention=/);
  await Promise.all([admin.dispose(), escrow.dispose()]);
});

test('the Dashboard’s credential counts each open their list (issue 31)', async ({ page }) => {
  test.setTimeout(scaled(60_000));
  const admin = await signedInApi('admin@demo.test');
  const counts = (await (await admin.get('/api/dashboard/credentials')).json()) as {
    buckets: { bucket: string; label: string; count: number }[];
  };
  await signInAs(page, 'admin@demo.test', '/admin?tab=dashboard');
  const region = page.getByRole('region', { name: 'Agent credentials' });
  await expect(region.getByRole('link')).toHaveCount(2);
  for (const bucket of counts.buckets) {
    const link = region.getByRole('link', { name: `${bucket.count} — ${bucket.label}` });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`credentials=${bucket.bucket}`));
    const list = page.getByRole('table', { name: bucket.label });
    await expect(list).toBeVisible();
    if (bucket.count === 0) await expect(page.getByText('None.')).toBeVisible();
    else await expect(list.locator('tbody tr')).toHaveCount(Math.min(25, bucket.count));
  }
  await shot(page, 'dashboard-credentials', true);
  await page.getByRole('button', { name: 'Close the list' }).click();
  await expect(page).not.toHaveURL(/credentials=/);

  // Each agent in a list opens their profile, credentials first to hand; Back returns to the list.
  const listed = counts.buckets.find((b) => b.count > 0)!;
  await region.getByRole('link', { name: `${listed.count} — ${listed.label}` }).click();
  const agent = page.getByRole('table', { name: listed.label }).locator('tbody tr').first().getByRole('link');
  const name = (await agent.innerText()).trim();
  await agent.click();
  await expect(page).toHaveURL(/tab=signing-agents&agent=/);
  const profile = page.getByRole('dialog');
  await expect(profile).toContainText(name);
  await expect(profile.getByRole('region', { name: 'Credentials' }).getByRole('table')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('table', { name: listed.label })).toBeVisible();
  await admin.dispose();
});
