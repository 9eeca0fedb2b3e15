import { signInAs } from '../../support/accounts';
import { expectAccessibleAndFitting, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';

type Item = { id: string; email: string; read: boolean; replies: { channel: string; message: string }[] };

test.describe('the Feedback inbox', () => {
  test('the admin reads a request, replies by email (queued, the request read), marks another as read, and toggles read messages', async ({
    page,
    request,
  }) => {
    const stamp = Date.now();
    const first = `feedback-a-${stamp}@example.test`;
    const second = `feedback-b-${stamp}@example.test`;
    for (const [email, subject] of [
      [first, 'Coverage in Reno'],
      [second, 'Invoice question'],
    ] as const) {
      const res = await request.post('/api/contact-requests', {
        data: { name: 'Jordan Lee', email, phone: '7755550123', subject, comments: `About ${subject}.` },
      });
      expect(res.status()).toBe(201);
    }

    await signInAs(page, 'admin@demo.test', '/admin?tab=feedback');
    const table = page.getByRole('table', { name: 'Feedback' });
    await expect(table).toContainText(first);
    await expect(table).toContainText(second);
    await shot(page, 'feedback');
    await expectAccessibleAndFitting(page, 'feedback');

    // Open the first, reply by email.
    await table.getByRole('row').filter({ hasText: first }).getByRole('button', { name: 'Jordan Lee' }).click();
    const detail = page.getByRole('region', { name: 'Coverage in Reno' });
    await expect(detail).toContainText('About Coverage in Reno.');
    await expect(detail.getByLabel('Reply by').locator('option')).toHaveText([`Email (${first})`, 'Text message ((775) 555-0123)']);
    await detail.getByRole('textbox', { name: 'Reply', exact: true }).fill('Yes — we cover all of Washoe County.');
    await expect(detail).toContainText('36 / 320 characters');
    // Marked read meanwhile, it leaves the unread list: the open message and the typed reply stay (issue 27, item 11).
    await table.getByRole('row').filter({ hasText: first }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Mark Selected as Read' }).click();
    await expect(table).not.toContainText(first);
    await expect(detail.getByRole('textbox', { name: 'Reply', exact: true })).toHaveValue('Yes — we cover all of Washoe County.');
    await expect(page.getByRole('alert').filter({ hasText: 'Marked as read' })).toBeVisible();
    await page.getByRole('button', { name: 'Close notification' }).click();
    await expectAccessibleAndFitting(page, 'feedback detail');
    await detail.getByRole('button', { name: 'Send Reply' }).click();
    // The result is one card in the message, and the sent reply stays on screen (issue 30).
    await expect(detail.getByRole('status').filter({ hasText: 'Reply sent' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Reply sent' })).toHaveCount(0);
    await expect(detail.getByRole('heading', { name: 'Replies' })).toBeVisible();
    await expect(detail).toContainText('Yes — we cover all of Washoe County.');
    await expect(detail.getByRole('textbox', { name: 'Reply', exact: true })).toHaveValue('');
    await detail.getByRole('textbox', { name: 'Reply', exact: true }).focus();
    await shot(page, 'feedback-reply-sent');

    // Mark the second as read; it leaves the unread list.
    await table.getByRole('checkbox', { name: 'Select the message from Jordan Lee' }).first().waitFor();
    const secondRow = table.getByRole('row').filter({ hasText: second });
    await secondRow.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Mark Selected as Read' }).click();
    await expect(table).not.toContainText(second);
    await expect(table).not.toContainText(first);
    await page.getByLabel('Toggle Read Messages').check();
    await expect(table.getByRole('row').filter({ hasText: second })).toContainText('Read');

    // What the database holds: both read, the reply stored, and the email queued in the outbox.
    const admin = await signedInApi('admin@demo.test');
    const all = (await (await admin.get('/api/feedback?includeRead=true&pageSize=50')).json()) as { items: Item[] };
    const a = all.items.find((i) => i.email === first)!;
    const b = all.items.find((i) => i.email === second)!;
    expect(a.read).toBe(true);
    expect(a.replies).toEqual([expect.objectContaining({ channel: 'email', message: 'Yes — we cover all of Washoe County.' })]);
    expect(b.read).toBe(true);
    const outbox = await (await admin.get('/api/outbox?channel=email&pageSize=50')).json();
    expect(outbox.items.find((m: { toAddress: string }) => m.toAddress === first)).toMatchObject({ subject: 'Re: Coverage in Reno' });
    await admin.dispose();
  });
});
