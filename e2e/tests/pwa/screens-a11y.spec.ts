import { signInAs } from '../../support/accounts';
import { expectAccessibleAndFitting } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

/**
 * Every screen of the agent app on a 360 px wide phone: axe finds no violations (WCAG 2.1 AA
 * rules) and nothing is wider than the screen.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('public screens: login, registration, a preview link before sign-in', async ({ page }) => {
  await page.goto('/notary/login');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await expectAccessibleAndFitting(page, 'login');

  await page.goto('/notary/sign-up');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessibleAndFitting(page, 'sign-up');

  await page.goto('/notary/preview/8d2f6a52-5b7e-4c1e-9a53-7e4f8c9d0a11');
  await expect(page.getByText('Log in with your signing agent account to see this offer.')).toBeVisible();
  await expectAccessibleAndFitting(page, 'preview (signed out)');
});

test('signed-in screens of an active agent', async ({ page }) => {
  // Eleven screens and dialogs, each checked by axe and for sideways scroll: about 30–40 s on two cores.
  test.setTimeout(scaled(90_000));
  await signInAs(page, 'agent@demo.test', '/notary/');
  await expect(page.getByRole('heading', { level: 1, name: 'Signing Agent Portal' })).toBeVisible();

  for (const [tab, heading] of [
    ['Assigned Appointments', 'Here are your current assigned requests:'],
    ['Open Appointments', 'Currently open requests:'],
    ['Pending Appointments', 'Here are your current pending requests:'],
    ['Completed Appointments', 'Here are your recently completed requests:'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.locator('.status-text', { hasText: 'Last synced' })).toBeVisible();
    await expectAccessibleAndFitting(page, `portal, ${tab}`);
  }

  const list = async (tab: string) =>
    (
      (await (await page.request.get(`/api/agent/appointments?tab=${tab}`)).json()) as {
        items: { id: string; name: string; showCompleteButton: boolean }[];
      }
    ).items;

  // An assignment: facts, contacts, files, messages; the Mark Assignment Complete dialog.
  const assigned = (await list('assigned')).find((a) => a.showCompleteButton)!;
  await page.goto(`/notary/appointments/${assigned.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${assigned.name} Details` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Message Center' })).toBeVisible();
  await expect(page.getByText('Please do not discuss fees in the message center.', { exact: false })).toBeVisible();
  await expectAccessibleAndFitting(page, 'assignment detail');
  // Six files at once: the spec's alert, and nothing is stored to upload.
  const six = Array.from({ length: 6 }, (_, i) => ({
    name: `scan-${i + 1}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n'),
  }));
  await page.getByLabel(/Choose up to 5 files/).setInputFiles(six);
  await expect(page.getByRole('alert').filter({ hasText: 'You can only upload up to 5 files at a time.' })).toBeVisible();
  await expect(page.locator('.uploads__item')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Pending actions: All synced' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark Assignment Complete' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Action' })).toBeVisible();
  await expectAccessibleAndFitting(page, 'mark complete confirmation');
  await page.getByRole('dialog', { name: 'Confirm Action' }).getByRole('button', { name: 'Cancel' }).click();

  // An offer, with the counter form open.
  const offer = (await list('open'))[0]!;
  await page.goto(`/notary/appointments/${offer.id}`);
  await page.getByRole('button', { name: 'Counter', exact: true }).click();
  await page.getByRole('button', { name: 'Send Counter Offer' }).click();
  await expect(page.getByText('Please enter a valid counter offer.')).toBeVisible();
  await expectAccessibleAndFitting(page, 'offer detail with counter form');

  // The offer preview, with a table of comparison orders where the area has some.
  const offers = await list('open');
  let withComparison = offer;
  for (const candidate of offers) {
    const comparison = (await (await page.request.get(`/api/appointments/${candidate.id}/comparison-orders`)).json()) as {
      groups: unknown[];
    };
    if (comparison.groups.length > 0) {
      withComparison = candidate;
      break;
    }
  }
  await page.goto(`/notary/preview/${withComparison.id}`);
  await expect(page.getByRole('heading', { name: 'Prior orders in this area' })).toBeVisible();
  await expect(
    page.locator('.card', { has: page.getByRole('heading', { name: 'Prior orders in this area' }) }).getByText('Loading…'),
  ).toHaveCount(0);
  await expectAccessibleAndFitting(page, 'offer preview');

  await page.goto('/notary/sync');
  await expect(page.getByRole('heading', { level: 1, name: 'Pending Actions' })).toBeVisible();
  await expectAccessibleAndFitting(page, 'pending actions');

  await page.goto('/notary/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByLabel('First name')).not.toHaveValue('');
  await expectAccessibleAndFitting(page, 'profile');

  // Offline: the banner and the offline copy.
  await page.context().setOffline(true);
  await page.goto('/notary/');
  await expect(page.getByText('You are offline — showing what was last synced.')).toBeVisible();
  await expectAccessibleAndFitting(page, 'portal offline');
  await page.context().setOffline(false);
});

test('a pending agent’s portal', async ({ page }) => {
  await signInAs(page, 'pending-agent@demo.test', '/notary/');
  await expect(page.getByText('Your registration is currently being reviewed')).toBeVisible();
  await expectAccessibleAndFitting(page, 'pending agent portal');
});
