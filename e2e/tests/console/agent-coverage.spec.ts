import { signInAs } from '../../support/accounts';
import { expectAccessibleAndFitting, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';

test.describe('the escrow officer’s Signing Agents tab', () => {
  test('a state search counts the agents certified in it; a bad or unknown zip says so once', async ({ page }) => {
    await signInAs(page, 'escrow@firm-a.demo.test', '/originator?tab=agents');
    const search = page.getByRole('search', { name: 'Find signing agents' });
    await search.getByLabel('Search by').selectOption({ label: 'State' });
    await search.getByLabel('State').selectOption('TX');
    await search.getByRole('button', { name: 'Search' }).click();
    const api = await signedInApi('escrow@firm-a.demo.test');
    const tx = await (await api.get('/api/agents?mode=state&state=TX')).json();
    await expect(page.getByRole('status').filter({ hasText: 'certified in TX' })).toHaveText(
      `${tx.total === 1 ? '1 signing agent' : `${tx.total.toLocaleString('en-US')} signing agents`} certified in TX`,
    );
    await shot(page, 'escrow-agents-state');
    await expectAccessibleAndFitting(page, 'signing agents by state');

    // A zip that is not five digits: the message under the field, once.
    await search.getByLabel('Search by').selectOption({ label: 'Distance from a zip code' });
    await search.getByLabel('Zip code').fill('123');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Zip code must be a 5-digit number')).toHaveCount(1);

    // Five digits but no such zip: the server's answer, once, with no count or empty table beside it.
    await search.getByLabel('Zip code').fill('00000');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('alert')).toContainText('We could not find that zip code.');
    await expect(page.getByText(/No signing agents/)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'signing agent' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Signing agents' })).toHaveCount(0);
    await shot(page, 'escrow-agents-unknown-zip');
    await api.dispose();
  });
});
