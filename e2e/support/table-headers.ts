/**
 * Sortable table headers as a screen reader meets them (issue 30): each header cell of a table
 * keeps its `columnheader` role (mantine-datatable 9.4 put `role="button"` on a sortable <th>,
 * erasing it; patches/mantine-datatable+9.4.0.patch), a sortable one says its order in
 * `aria-sort` and sorts through a real button inside it.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** A <th> that sorts: marked so by mantine-datatable, by aria-sort, or (the old way) as a button. */
const SORTABLE = 'th.mantine-datatable-header-cell-sortable, th[aria-sort], th[role="button"]';

/** Every sortable header of the page is a columnheader with aria-sort and a sort button; returns how many. */
export async function expectSortableHeadersAccessible(page: Page | Locator): Promise<number> {
  const headers = page.locator(SORTABLE);
  const count = await headers.count();
  for (let i = 0; i < count; i++) {
    const header = headers.nth(i);
    const name = (await header.textContent())?.trim() ?? '';
    await expect(header, `header "${name}"`).toHaveRole('columnheader');
    await expect(header, `header "${name}"`).toHaveAttribute('aria-sort', /^(ascending|descending|none)$/);
    await expect(header.getByRole('button', { name, exact: true }), `header "${name}" sorts through a button`).toHaveCount(1);
  }
  // No header cell of any table lost its role another way.
  await expect(page.locator('th[role]:not([role="columnheader"]):not([role="rowheader"])')).toHaveCount(0);
  return count;
}
