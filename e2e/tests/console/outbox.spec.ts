import { signInAs } from '../../support/accounts';
import { expectAccessibleAndFitting, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

test.describe('the Outbox', () => {
  test('an operator sees what a notification did on each channel: here an invitation whose email is held (no SMTP server)', async ({
    page,
  }) => {
    const email = `outbox-${Date.now()}@example.test`;
    const admin = await signedInApi('admin@demo.test');
    const created = await admin.post('/api/users', {
      data: { firstName: 'Nia', lastName: 'Outbox', email, role: 'notary', city: 'Austin', state: 'TX', zip: '78701' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(created.status()).toBe(201);
    // The delivery worker handles the job: the email is held, as the API's job log says.
    await expect
      .poll(
        async () => {
          const jobs = await (await admin.get('/api/notifications/jobs?type=user.invited&pageSize=20')).json();
          const job = jobs.items.find((j: { recipient: { email: string } }) => j.recipient.email === email);
          return job?.messages?.[0]?.state ?? null;
        },
        { timeout: scaled(20_000) },
      )
      .toBe('held');
    await admin.dispose();

    await signInAs(page, 'subadmin@demo.test', '/admin?tab=outbox');
    const table = page.getByRole('table', { name: 'Notifications' });
    const row = table.getByRole('row').filter({ hasText: 'Nia Outbox (Signing Agent)' });
    await expect(row).toContainText('user.invited');
    await expect(row).toContainText(`Email to ${email}: held`);
    await shot(page, 'outbox');
    await expectAccessibleAndFitting(page, 'outbox');

    await page.getByLabel('State').selectOption({ label: 'Failed' });
    await expect(table.getByRole('row').filter({ hasText: 'Nia Outbox' })).toHaveCount(0);
    await page.setViewportSize({ width: 768, height: 1000 });
    await expectAccessibleAndFitting(page, 'outbox at 768');
  });
});
