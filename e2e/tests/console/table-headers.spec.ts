import type { Page } from '@playwright/test';
import { signInAs } from '../../support/accounts';
import { agentList, signedInApi, signInAsAgent } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { expectSortableHeadersAccessible } from '../../support/table-headers';

/**
 * Every table of both apps, as a screen reader meets its headers: a sortable header is still a
 * column header, says its order in aria-sort and sorts through a button (issue 30). The check
 * itself (support/table-headers.ts) also runs with every axe check of the journeys.
 */
async function tabsOf(page: Page, path: string, tabs: readonly string[]): Promise<number> {
  let sortable = 0;
  for (const tab of tabs) {
    await page.goto(`${path}?tab=${tab}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('table').first()).toBeAttached();
    sortable += await expectSortableHeadersAccessible(page);
  }
  return sortable;
}

test('the escrow officer’s tables: sortable headers are column headers with aria-sort, and sort', async ({ page }) => {
  await signInAs(page, 'orgadmin@firm-a.demo.test', '/originator');
  expect(await tabsOf(page, '/originator', ['in-process', 'completed', 'users'])).toBeGreaterThan(0);

  // Sorting by the button changes aria-sort, and the header stays a column header.
  await page.goto('/originator?tab=in-process');
  const header = page.getByRole('columnheader', { name: 'File Number' });
  await expect(header).toHaveAttribute('aria-sort', 'none');
  await header.getByRole('button', { name: 'File Number' }).click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.getByRole('button', { name: 'File Number' }).press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expectSortableHeadersAccessible(page);
});

test('the operator’s tables: every sortable header is a column header with aria-sort', async ({ page }) => {
  await signInAs(page, 'admin@demo.test', '/admin');
  await tabsOf(page, '/admin', ['assignments', 'pending-agents', 'firms', 'feedback', 'outbox', 'dashboard']);
  await page.goto('/admin?tab=signing-agents');
  const search = page.getByRole('search', { name: 'Find signing agents' });
  await search.getByLabel('Search by').selectOption({ label: 'Distance from a zip code' });
  await search.getByLabel('Zip code').fill('90210');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'Signing agents' }).locator('tbody tr').first()).toBeVisible();
  await expectSortableHeadersAccessible(page);
});

test('the agent app’s tables: no header cell loses its role', async ({ page }) => {
  const api = await signedInApi('agent@demo.test');
  const [offer] = await agentList(api, 'open');
  await signInAsAgent(page);
  await expectSortableHeadersAccessible(page);
  expect(offer, 'the demo agent has an open offer').toBeDefined();
  await page.goto(`/notary/appointments/${offer!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectSortableHeadersAccessible(page);
});
