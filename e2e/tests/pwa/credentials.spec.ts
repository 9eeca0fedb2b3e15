import { signInAs } from '../../support/accounts';
import { cutNetwork, expectAccessibleAndFitting, restoreNetwork, shot } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

const NEEDS_CONNECTION =
  'Credentials need a connection: they are not kept on this phone. Connect to the internet to see, add or renew them.';

/** A 1×1 PNG: the commission's photo. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A date `days` from today as the date field takes it (YYYY-MM-DD). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe('credentials (issue 31)', () => {
  test('an agent adds a commission with a photo at 360 px → an operator verifies it → the agent sees Verified', async ({
    page,
    browser,
  }) => {
    test.setTimeout(scaled(90_000));
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, 'agent@demo.test', '/notary/profile/credentials');
    await expect(page.getByRole('heading', { level: 1, name: 'Credentials' })).toBeVisible();
    // The seed: the E&O insurance runs out in 12 days; the CA commission is verified; no TX commission yet.
    await expect(page.locator('.credential').filter({ hasText: 'E&O insurance' })).toContainText('Expires in 12 days');
    await expect(page.locator('.credential').filter({ hasText: 'Notary commission — CA' })).toContainText('Verified');

    await page.getByLabel('Kind').selectOption({ label: 'Notary commission' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const form = page.getByRole('form', { name: 'Add: Notary commission' });
    await expect(form.getByLabel('State')).toHaveValue('TX');
    await form.getByLabel('Commission number').fill('TX-1337-2026');
    await form.getByLabel('Name on commission').fill('Jordan Taylor');
    await form.getByLabel('Expiry date').fill(inDays(900));
    await form.getByLabel('Choose file (photo or PDF)').setInputFiles({ name: 'tx-commission.png', mimeType: 'image/png', buffer: PHOTO });
    await expect(form.getByText('Attached: tx-commission.png')).toBeVisible();
    await expectAccessibleAndFitting(page, 'credentials form');
    await shot(page, 'credentials-form', true);
    await form.getByRole('button', { name: 'Send for review' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Notary commission sent for review.' })).toBeVisible();
    const tx = page.locator('.credential').filter({ hasText: 'Notary commission — TX' });
    await expect(tx).toContainText('Waiting for review');
    await expect(tx).toContainText('Document: tx-commission.png');
    await expectAccessibleAndFitting(page, 'credentials');
    await shot(page, 'credentials', true);
    await page.setViewportSize({ width: 320, height: 640 });
    await expectAccessibleAndFitting(page, 'credentials at 320 px');
    await shot(page, 'credentials', true);

    // The operator opens the agent's profile, sees the photo and verifies the commission.
    const operator = await browser.newPage();
    await signInAs(operator, 'admin@demo.test', '/admin?tab=signing-agents');
    const search = operator.getByRole('search', { name: 'Find signing agents' });
    // Jordan Taylor lives at 90210: the nearest agent of a radius search there.
    await search.getByLabel('Search by').selectOption({ label: 'Distance from a zip code' });
    await search.getByLabel('Zip code').fill('90210');
    await search.getByLabel('Within').selectOption({ label: '10 miles' });
    await search.getByRole('button', { name: 'Search' }).click();
    const row = operator.getByRole('table', { name: 'Signing agents' }).locator('tbody tr').filter({ hasText: 'agent@demo.test' });
    await row.getByRole('button', { name: 'Jordan Taylor', exact: true }).click();
    const profile = operator.getByRole('dialog', { name: /Notary Profile: PREFERRED AGENT/ });
    const panel = profile.getByRole('region', { name: 'Credentials' });
    const commission = panel.getByRole('row').filter({ hasText: 'Notary commission (TX)' });
    await expect(commission).toContainText('Waiting for review');
    await expect(commission.getByRole('button', { name: 'tx-commission.png' })).toBeVisible();
    await expect(profile.getByText('✓ Verified')).toHaveCount(0);
    await commission.getByRole('button', { name: 'Verify Notary commission (TX)' }).click();
    await expect(commission).toContainText('Verified');
    // Every required credential is now verified and in date: the mark in the title and the search.
    await expect(profile.getByText('✓ Verified')).toBeVisible();
    await shot(operator, 'agent-credentials-panel');
    await operator.close();

    await page.reload();
    await expect(tx).toContainText('Verified');
    await expect(tx).not.toContainText('Waiting for review');

    // Offline, a renewal is not queued: the form says a connection is needed and sends nothing.
    await cutNetwork(page.context());
    await tx.getByRole('button', { name: 'Renew' }).click();
    const renewal = page.getByRole('form', { name: 'Renew: Notary commission (TX)' });
    await renewal.getByRole('button', { name: 'Send renewal' }).click();
    await expect(renewal.getByRole('alert')).toHaveText(NEEDS_CONNECTION);
    await restoreNetwork(page.context());
  });
});
