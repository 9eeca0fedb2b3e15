import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, fillLogin } from '../../support/accounts';
import { expectAccessibleAndFitting, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

const OFFICER = { email: 'escrow@firm-a.demo.test', name: 'Dana Whitfield' };

/**
 * An agent other than the demo agent with a signing still to come (disabling them fills the
 * Dashboard's bucket), found on the first page of a search by their last name.
 */
async function agentWithUpcomingSigning(admin: APIRequestContext): Promise<{ id: string; name: string; email: string; lastName: string }> {
  const afterTomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const scheduled = (await (await admin.get('/api/appointments?status=Scheduled&pageSize=100')).json()) as {
    items: { date: string; agent: { id: string; name: string; email: string } | null }[];
  };
  for (const { agent, date } of scheduled.items) {
    if (!agent || agent.email === 'agent@demo.test' || date < afterTomorrow) continue;
    const lastName = agent.name.split(' ').at(-1)!;
    const found = (await (await admin.get(`/api/agents?mode=name&lastName=${encodeURIComponent(lastName)}&pageSize=25`)).json()) as {
      items: { id: string }[];
    };
    if (found.items.some((a) => a.id === agent.id)) return { ...agent, lastName };
  }
  throw new Error('No agent with a signing after tomorrow is on the first page of their last name');
}

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test.describe('disabling and enabling accounts (issue 26, item 1)', () => {
  /** Whatever a failed run left disabled is enabled again, for the journeys after this one. */
  const changed = new Set<string>();
  test.afterEach(async () => {
    const admin = await signedInApi('admin@demo.test');
    for (const id of changed) expect((await admin.post(`/api/users/${id}/enable`)).status()).toBe(200);
    changed.clear();
    await admin.dispose();
  });

  test('an org admin disables an officer, whose open console is signed out at once, and enables them; an operator disables an agent with signings to come', async ({
    page,
    browser,
  }) => {
    test.setTimeout(scaled(60_000));
    const admin = await signedInApi('admin@demo.test');
    // The officer has the portal open in another browser, following its live updates.
    const officerContext = await browser.newContext();
    const officerPage = await officerContext.newPage();
    await apiSignIn(officerPage, OFFICER.email);
    const officerId = ((await (await officerPage.request.get('/api/me')).json()) as { id: string }).id;
    changed.add(officerId);
    await officerPage.goto('/originator');
    await expect(officerPage.locator('html')).toHaveAttribute('data-live', 'connected');

    await test.step('the org admin disables the officer from the Users tab', async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await apiSignIn(page, 'orgadmin@firm-a.demo.test');
      await page.goto('/originator?tab=users');
      const table = page.getByRole('table', { name: 'Firm users' });
      const row = table.getByRole('row').filter({ hasText: OFFICER.email });
      // Nobody acts on their own account.
      await expect(table.getByRole('row').filter({ hasText: 'orgadmin@firm-a.demo.test' }).getByRole('button')).toHaveCount(0);
      await row.getByRole('button', { name: `Disable ${OFFICER.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Disable account' });
      await expect(dialog).toContainText(
        `Disable ${OFFICER.name}? They are signed out everywhere at once and cannot sign in until enabled again.`,
      );
      await expect(dialog).not.toContainText('Offers');
      await dialog.getByRole('button', { name: 'Disable' }).click();
      await expect(toast(page, `${OFFICER.name} is disabled and signed out everywhere.`)).toBeVisible();
      await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: `Enable ${OFFICER.name}` })).toBeFocused();
      await shot(page, 'firm-users-disabled');
      await expectAccessibleAndFitting(page, 'firm users with a disabled officer');
      await page.setViewportSize({ width: 768, height: 900 });
      await shot(page, 'firm-users-disabled');
      await expectAccessibleAndFitting(page, 'firm users at 768');
    });

    await test.step('the officer’s open console is signed out at once, and cannot sign in', async () => {
      await expect(officerPage).toHaveURL(/\/login\?redirect=%2Foriginator/);
      await officerPage.reload();
      await expect(officerPage.getByRole('button', { name: 'Log In' })).toBeVisible();
      await fillLogin(officerPage, OFFICER.email);
      await expect(officerPage.getByText('This account is disabled.')).toBeVisible();
    });

    await test.step('enabled again, the officer signs in', async () => {
      const row = page.getByRole('table', { name: 'Firm users' }).getByRole('row').filter({ hasText: OFFICER.email });
      await row.getByRole('button', { name: `Enable ${OFFICER.name}` }).click();
      await expect(toast(page, `${OFFICER.name} can sign in again.`)).toBeVisible();
      await expect(row.getByRole('button', { name: `Disable ${OFFICER.name}` })).toBeVisible();
      await expect(row).not.toContainText('Disabled');
      changed.delete(officerId);
      await fillLogin(officerPage, OFFICER.email);
      await expect(officerPage.getByText(`Welcome, ${OFFICER.name} of Firm A Title & Escrow.`)).toBeVisible();
    });

    await test.step('the officer signs out of their other devices from the profile (issue 26, item 2)', async () => {
      const otherDevice = await signedInApi(OFFICER.email);
      await officerPage.setViewportSize({ width: 1280, height: 800 });
      await officerPage.goto('/profile');
      await officerPage.getByRole('button', { name: 'Sign out of all other devices' }).click();
      await expect(toast(officerPage, 'Signed out of 1 other device. This one stays signed in.')).toBeVisible();
      expect((await otherDevice.get('/api/me')).status()).toBe(401);
      await shot(officerPage, 'console-profile-devices');
      // This browser stays signed in (screens.spec checks the profile's layout and accessibility).
      await officerPage.reload();
      await expect(officerPage.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
      await otherDevice.dispose();
    });
    await officerContext.close();

    await test.step('operators see the action where their role may act: an admin on a sub admin, nobody on their own row', async () => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await apiSignIn(page, 'admin@demo.test');
      await page.goto('/admin?tab=firms');
      await page.getByRole('group', { name: 'Operator teams' }).getByRole('button', { name: 'SigningDesk Operations West (3000)' }).click();
      const operators = page.getByRole('table', { name: 'Firm users' });
      await expect(
        operators.getByRole('row').filter({ hasText: 'subadmin@demo.test' }).getByRole('button', { name: 'Disable Sam Rivera' }),
      ).toBeVisible();
      await expect(
        operators.getByRole('row').filter({ hasText: 'admin@demo.test' }).filter({ hasNotText: 'subadmin' }).getByRole('button'),
      ).toHaveCount(0);
      await shot(page, 'operators-of-3000', true);
    });

    await test.step('an operator disables a signing agent from their profile in List Signing Agents', async () => {
      const agent = await agentWithUpcomingSigning(admin);
      changed.add(agent.id);
      await apiSignIn(page, 'subadmin@demo.test');
      const searchFor = (status: string) =>
        page.goto(`/admin?tab=signing-agents&mode=name&lastName=${encodeURIComponent(agent.lastName)}${status}`);
      await searchFor('');
      const row = page.getByRole('table', { name: 'Signing agents' }).getByRole('row').filter({ hasText: agent.email });
      await row.getByRole('button', { name: agent.name, exact: true }).click();
      const profile = page.getByRole('dialog').filter({ has: page.getByRole('region', { name: 'Profile details' }) });
      await shot(page, 'agent-profile-account');
      await profile.getByRole('button', { name: `Disable ${agent.name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Disable account' });
      await expect(confirm).toContainText(
        `Disable ${agent.name}? They are signed out everywhere at once and cannot sign in until enabled again. Offers still open to them are withdrawn, and their upcoming signings will need another agent.`,
      );
      await confirm.getByRole('button', { name: 'Disable' }).click();
      await expect(toast(page, `${agent.name} is disabled and signed out everywhere.`)).toContainText(
        /\d+ upcoming signings? needs? another agent: see the Dashboard\./,
      );
      await expect(profile.getByRole('button', { name: `Enable ${agent.name}` })).toBeFocused();
      await expect(profile.getByRole('region', { name: 'Profile details' }).getByText('Disabled', { exact: true })).toBeVisible();
      await expectAccessibleAndFitting(page, 'agent profile, disabled');
      await page.keyboard.press('Escape');
      // Gone from the active agents; the Account choice finds them, disabled.
      await expect(row).toHaveCount(0);
      const search = page.getByRole('search', { name: 'Find signing agents' });
      await search.getByLabel('Account').selectOption({ label: 'Disabled' });
      await search.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'disabled signing agent' })).toBeVisible();
      await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
      await shot(page, 'signing-agents-disabled');

      // The Dashboard's bucket holds their signings, and opens them in Assignments.
      await page.getByRole('tab', { name: 'Dashboard' }).click();
      const bucket = page.getByRole('link', { name: /— Upcoming signings whose agent was disabled: reassign$/ });
      await expect(bucket).toHaveAttribute('aria-label', /^[1-9]\d* — /);
      await shot(page, 'dashboard-agent-disabled');
      await bucket.click();
      await expect(page.getByRole('status').filter({ hasText: 'Showing:' })).toContainText(
        'Upcoming signings whose agent was disabled: reassign',
      );
      await expect(page.getByRole('table', { name: 'Assignments' }).locator('tbody tr').first()).toContainText(agent.name);
      await shot(page, 'assignments-agent-disabled');

      // Enabled again from the same place.
      await searchFor('&status=disabled');
      await row.getByRole('button', { name: agent.name, exact: true }).click();
      await profile.getByRole('button', { name: `Enable ${agent.name}` }).click();
      await expect(toast(page, `${agent.name} can sign in again.`)).toBeVisible();
      await expect(profile.getByRole('button', { name: `Disable ${agent.name}` })).toBeVisible();
      changed.delete(agent.id);
    });
    await admin.dispose();
  });
});
