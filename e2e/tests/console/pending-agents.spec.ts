import { request as playwrightRequest } from '@playwright/test';
import { DEMO_PASSWORD, signInAs } from '../../support/accounts';
import { agentList, expectAccessibleAndFitting, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';

type Pending = { id: string; email: string; firstName: string; lastName: string };

test.describe('Pending Signing Agents', () => {
  test('the admin approves two registrations at once and declines one, each after Confirm Action; the database holds the decisions', async ({
    page,
    baseURL,
  }) => {
    const admin = await signedInApi('admin@demo.test');
    const before = (await (await admin.get('/api/agents/registrations/pending?pageSize=25')).json()) as { items: Pending[]; total: number };
    // Seeded registrations other than pending-agent@demo.test, which other journeys sign in with.
    const [first, second, third] = before.items.filter((r) => r.email !== 'pending-agent@demo.test');
    expect(third, 'the demo seed has at least three other pending registrations').toBeDefined();

    await signInAs(page, 'admin@demo.test', '/admin?tab=pending-agents');
    const table = page.getByRole('table', { name: 'Pending signing agents' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await shot(page, 'pending-agents');
    await expectAccessibleAndFitting(page, 'pending agents');

    // By the row's email: two seeded agents can share a name.
    const checkboxOf = (r: Pending) =>
      table
        .getByRole('row')
        .filter({ hasText: r.email })
        .getByRole('checkbox', { name: `Select ${r.firstName} ${r.lastName}` });
    await checkboxOf(first!).check();
    await checkboxOf(second!).check();
    await page.getByRole('button', { name: 'Approve (2)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Action' });
    await expect(confirm).toContainText('Approve 2 signing agents?');
    await expectAccessibleAndFitting(page, 'confirm approve');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Approved' })).toBeVisible();
    await expect(table).not.toContainText(first!.email);
    await expect(table).not.toContainText(second!.email);
    await page.getByRole('button', { name: 'Close notification' }).click();

    // Cancel changes nothing; Confirm declines.
    await checkboxOf(third!).check();
    await page.getByRole('button', { name: 'Decline (1)' }).click();
    await page.getByRole('dialog', { name: 'Confirm Action' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(table).toContainText(third!.email);
    await page.getByRole('button', { name: 'Decline (1)' }).click();
    await page.getByRole('dialog', { name: 'Confirm Action' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Declined' })).toBeVisible();
    await expect(table).not.toContainText(third!.email);

    // What the database holds.
    const status = async (id: string) => {
      const agent = await (await admin.get(`/api/agents/${id}`)).json();
      return [agent.registrationStatus, agent.status];
    };
    expect(await status(first!.id)).toEqual(['approved', 'active']);
    expect(await status(second!.id)).toEqual(['approved', 'active']);
    expect((await status(third!.id))[1]).toBe('disabled');
    const after = await (await admin.get('/api/agents/registrations/pending?pageSize=1')).json();
    expect(after.total).toBe(before.total - 3);

    // Both approved agents sign in and reach their open offers; the declined one cannot sign in.
    for (const approved of [first!, second!]) {
      const agent = await signedInApi(approved.email);
      expect(Array.isArray(await agentList(agent, 'open'))).toBe(true);
      await agent.dispose();
    }
    const visitor = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
    const refused = await visitor.post('/api/auth/sign-in/email', { data: { email: third!.email, password: DEMO_PASSWORD } });
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    expect((await visitor.get('/api/agent/appointments?tab=open')).status()).toBe(401);
    await visitor.dispose();
    await admin.dispose();
  });

  test('a sub-admin has neither the Pending Signing Agents nor the Feedback tab, and the API refuses them both', async ({ page }) => {
    await signInAs(page, 'subadmin@demo.test', '/admin');
    await expect(page.getByRole('tab', { name: 'Assignments' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Pending Signing Agents' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Feedback' })).toHaveCount(0);
    // Asked for by URL, the tab is not there either: the default tab opens.
    await page.goto('/admin?tab=feedback');
    await expect(page.getByRole('tab', { name: 'Assignments', selected: true })).toBeVisible();
    // The URL and the page say why (issue 30).
    await expect(page).toHaveURL(/tab=assignments.*denied=feedback|denied=feedback.*tab=assignments/);
    await expect(page.getByRole('status').filter({ hasText: 'Feedback is for admins only, so Assignments opened instead.' })).toBeVisible();
    const subAdmin = await signedInApi('subadmin@demo.test');
    expect((await subAdmin.get('/api/agents/registrations/pending')).status()).toBe(403);
    expect((await subAdmin.get('/api/feedback')).status()).toBe(403);
    await subAdmin.dispose();
  });
});
