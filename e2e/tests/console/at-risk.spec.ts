import type { Page } from '@playwright/test';
import { AT_RISK, ESCROW_NEEDS } from '@signingdesk/domain/reminders';
import { randomBytes } from 'node:crypto';
import { signInAs } from '../../support/accounts';
import { expectAccessibleAndFitting, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { LOS_ANGELES } from '../../support/orders';
import { scaled } from '../../support/slowdown';

// Issue 33, item 6: an order without documents near its signing is at risk on the operators'
// Dashboard and needs the escrow officer's action on In Process, until the documents are in.

const OFFICER = 'escrow@firm-a.demo.test';

/** The Pacific date (YYYY-MM-DD) and time (HH:MM) `minutes` from now, the next day's past midnight. */
function pacificIn(minutes: number): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/**
 * Nothing reaches past the right edge. Only the width: axe takes seconds on these screens, and
 * dashboard.spec.ts and escrow-orders.spec.ts run it on them; the officer's block is checked here.
 */
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    `%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n${randomBytes(2_000).toString('hex')}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  ),
});

test('an order without documents 2 h 50 min before its signing is at risk for the operator until the officer uploads them', async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(60_000));
  const escrow = await signedInApi(OFFICER);
  const fileNumber = `AR-${randomBytes(3).toString('hex').toUpperCase()}`;
  const created = await escrow.post('/api/appointments', {
    data: {
      name: `At Risk ${fileNumber}`,
      ...pacificIn(2 * 60 + 50),
      ...LOS_ANGELES,
      agentFee: '$150',
      fileNumber,
      contactName: 'Ines Calloway',
      scanBackRequired: false,
      transactionType: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await escrow.dispose();

  // The operator at 1440 px: the Dashboard opens with the order at risk, why, and what to do.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'admin@demo.test', '/admin?tab=dashboard');
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected');
  // Marked, to see at the end that the page was never reloaded.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const atRisk = page.getByRole('region', { name: 'At risk now' });
  const row = atRisk.getByRole('row').filter({ hasText: fileNumber });
  await expect(row).toContainText(AT_RISK.documents_3h.label);
  await expect(row).toContainText(AT_RISK.documents_3h.action);
  await expect(row.getByRole('link', { name: `At Risk ${fileNumber}` })).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'dashboard-at-risk');
  expect(await fits(page), 'the Dashboard at 1440 px is wider than the screen').toBe(true);

  // The officer at 1280 px: the order needs their action at the top of In Process.
  const officerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const officer = await officerContext.newPage();
  await signInAs(officer, OFFICER, '/originator?tab=in-process');
  const needs = officer.getByRole('region', { name: 'Needs your action' });
  const need = needs.getByRole('listitem').filter({ hasText: `File ${fileNumber}` });
  await expect(need).toContainText(ESCROW_NEEDS.documents_24h.label);
  await shot(officer, 'escrow-needs-action');
  await expectAccessibleAndFitting(officer, 'In Process with an order that needs the officer at 1280 px');
  await officer.setViewportSize({ width: 768, height: 1000 });
  await shot(officer, 'escrow-needs-action');
  expect(await fits(officer), 'In Process at 768 px is wider than the screen').toBe(true);

  // The officer uploads the documents from the order's page …
  await need.getByRole('link', { name: `${ESCROW_NEEDS.documents_24h.action} for file ${fileNumber}` }).click();
  const files = officer.getByRole('region', { name: 'Files' });
  await files.locator('input[type=file]').setInputFiles([pdf('Loan Package.pdf')]);
  await expect(files.getByRole('button', { name: 'Loan Package.pdf', exact: true })).toBeVisible({ timeout: scaled(20_000) });

  // … and the order leaves the operator's list without a reload, and the officer's.
  await expect(row).toHaveCount(0, { timeout: scaled(15_000) });
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await officer.goBack();
  await expect(officer.getByRole('table', { name: 'In process appointments' })).toBeVisible();
  await expect(needs.getByRole('listitem').filter({ hasText: `File ${fileNumber}` })).toHaveCount(0);
  await officerContext.close();
});
