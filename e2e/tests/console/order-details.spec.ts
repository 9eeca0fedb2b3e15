import type { APIRequestContext } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { signInAs } from '../../support/accounts';
import { expectAccessibleAndFitting, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

async function createOrder(api: APIRequestContext, fileNumber: string): Promise<string> {
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const res = await api.post('/api/appointments', {
    data: {
      name: 'Nguyen Purchase',
      date: day,
      timeTbd: true,
      street: '42 Harbor Rd',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      agentFee: '$140',
      fileNumber,
      contactName: 'Linh Nguyen',
      contactPhone1: '(512) 555-0190',
      contactEmail1: 'linh.nguyen@example.test',
      scanBackRequired: true,
      transactionType: 1,
      financeType: 12,
      comments: 'Gate code 4411.',
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).appointment.id as string;
}

/** A small, real-looking PDF (the server checks the bytes, not just the name). */
function pdf(name: string, size = 300_000) {
  const head = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');
  const tail = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
  return { name, mimeType: 'application/pdf', buffer: Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]) };
}

test.describe('an escrow order’s details at its own URL', () => {
  test('the officer reads every field, writes a message that shows as reviewed once an operator reads it, and sees the assigned agent', async ({
    page,
  }) => {
    const escrow = await signedInApi('escrow@firm-a.demo.test');
    const fileNumber = `DET-${Date.now().toString(36).toUpperCase()}`;
    const id = await createOrder(escrow, fileNumber);

    await signInAs(page, 'escrow@firm-a.demo.test', `/originator/orders/${id}`);
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details).toContainText(fileNumber);
    await expect(details).toContainText('Nguyen Purchase');
    await expect(details).toContainText('Linh Nguyen');
    await expect(details).toContainText('42 Harbor Rd, Austin, TX 78701');
    await expect(details).toContainText('time TBD (CT)');
    await expect(details).toContainText('SCAN BACKS ARE REQUIRED');
    await expect(details).toContainText('Purchase');
    await expect(details).toContainText('Conventional');
    // The top of the page reads as the officer thinks: status, agent and next step first.
    const glance = page.getByRole('region', { name: 'At a glance' });
    await expect(glance).toContainText('Open');
    await expect(glance).toContainText('Signing agentNot assigned yet');
    await expect(glance).toContainText('SigningDesk is finding a signing agent.');
    // The fee the officer entered, and what the firm is charged (firm A's service fee is $45.00).
    await expect(glance).toContainText('Signing agent fee offered: $140.00');
    await expect(glance).toContainText('Charged to your firm: $185.00');
    await expect(details).toContainText('Gate code 4411.');
    await expect(details.getByRole('link', { name: '(512) 555-0190' })).toHaveAttribute('href', 'tel:+15125550190');
    await expect(details).toContainText('Not assigned yet');

    // Edit: Cancel Edit changes nothing; Update Order sends the change, shows the wait text,
    // then the server's message, and Return to Order Details shows the change.
    await details.getByRole('button', { name: 'Edit Order Details' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Edit Existing Order' })).toBeVisible();
    await page.getByLabel('Signer name').fill('Someone Else');
    await page.getByRole('button', { name: 'Cancel Edit' }).click();
    await expect(details).toContainText('Linh Nguyen');
    await details.getByRole('button', { name: 'Edit Order Details' }).click();
    await expect(page.getByLabel('Signer name')).toHaveValue('Linh Nguyen');
    await expect(page.getByLabel('Signing agent fee')).toHaveValue('140.00');
    await page.getByLabel('Signer name').fill('Linh Tran Nguyen');
    await page.getByLabel('Lender').fill('Lone Star Credit Union');
    await shot(page, 'order-edit', true);
    await expectAccessibleAndFitting(page, 'edit order');
    let sent: Record<string, unknown> | null = null;
    await page.route(`**/api/appointments/${id}`, async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      sent = route.request().postDataJSON() as Record<string, unknown>;
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fallback();
    });
    await page.getByRole('button', { name: 'Update Order' }).click();
    await expect(page.getByText('Please wait while we update the order and send out notifications...')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Order updated' })).toBeVisible();
    expect(sent).toEqual({ contactName: 'Linh Tran Nguyen', lender: 'Lone Star Credit Union' });
    await page.getByRole('button', { name: 'Return to Order Details' }).click();
    await expect(details).toContainText('Linh Tran Nguyen');
    await expect(details).toContainText('Lone Star Credit Union');
    expect(await (await escrow.get(`/api/appointments/${id}`)).json()).toMatchObject({
      contactName: 'Linh Tran Nguyen',
      lender: 'Lone Star Credit Union',
    });

    const messages = page.getByRole('region', { name: 'Messages' });
    // The message box counts characters against its limit.
    await expect(messages.getByText('0 / 2000 characters')).toBeVisible();
    await messages.getByLabel('New message').fill('Please bring two copies of the closing disclosure.');
    await expect(messages.getByText('50 / 2000 characters')).toBeVisible();
    await messages.getByRole('button', { name: 'Send message' }).click();
    await expect(messages).toContainText('Please bring two copies of the closing disclosure.');
    await expect(messages).toContainText('Provider: unread by the provider');
    // Removing a message is the operators' (spec 02 §2): the officer is not offered it.
    await expect(messages.getByRole('button', { name: /^Remove/ })).toHaveCount(0);

    // An operator reads the thread and assigns an agent (through the API).
    const admin = await signedInApi('admin@demo.test');
    expect((await admin.get(`/api/appointments/${id}/notes`)).status()).toBe(200);
    // The nearest agent commissioned in Texas (only such an agent may be assigned: decision 048).
    const agents = await (await admin.get(`/api/appointments/${id}/eligible-agents?pageSize=1`)).json();
    const agentId: string = agents.items[0].id;
    expect((await admin.post(`/api/appointments/${id}/assign`, { data: { agentId } })).status()).toBe(200);

    await page.reload();
    await expect(messages).toContainText(/Provider: reviewed by /);
    const agentButton = details.getByRole('button', { name: agents.items[0].name });
    const agentName = (await agentButton.textContent())!;
    await agentButton.click();
    const card = page.getByRole('dialog', { name: agentName });
    await expect(card.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await page.keyboard.press('Escape');

    // The glance names the agent and the officer's next step: the documents.
    await expect(glance).toContainText(`Signing agent${agentName}`);
    await expect(glance).toContainText('Signing agent fee (agreed): $140.00');
    // Sent to agents, the fee can no longer be changed here, and the form says why.
    await details.getByRole('button', { name: 'Edit Order Details' }).click();
    await expect(page.getByLabel('Signing agent fee')).toHaveAttribute('readonly', '');
    await expect(page.getByText('The signing agent fee can no longer be changed here')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel Edit' }).click();
    await expect(glance).toContainText('Upload the documents, then switch on “All files have been uploaded”.');
    // The timeline, newest first: the agent assigned by name, edited (the fields changed above), created.
    const timeline = page.getByRole('region', { name: 'Timeline' });
    const steps = timeline.getByRole('listitem');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText(`Signing agent ${agentName} assigned`);
    await expect(steps.nth(1)).toContainText('Order updated by Dana Whitfield');
    await expect(steps.nth(1)).toContainText('Changed: Lender, Signer name');
    await expect(steps.nth(2)).toContainText('Order created by Dana Whitfield');
    await expect(timeline).not.toContainText('$');
    await shot(page, 'order-details', true);
    await expectAccessibleAndFitting(page, 'order details');
    await page.setViewportSize({ width: 768, height: 1000 });
    await shot(page, 'order-details', true);
    await expectAccessibleAndFitting(page, 'order details at 768');

    // What the database holds: the message and the assignment.
    const thread = await (await escrow.get(`/api/appointments/${id}/notes`)).json();
    expect(thread.items.map((n: { message: string }) => n.message)).toEqual(['Please bring two copies of the closing disclosure.']);
    expect((await (await escrow.get(`/api/appointments/${id}`)).json()).assignedAgent.id).toBe(agentId);
    await Promise.all([escrow.dispose(), admin.dispose()]);
  });

  test('a completed order offers no Edit Order Details and no Delete on its files (issue 27, item 13)', async ({ page }) => {
    const api = await signedInApi('escrow@firm-a.demo.test');
    const completed = await (await api.get('/api/escrow/appointments?view=completed&pageSize=100')).json();
    const withFiles = completed.items.find((row: { filesAttachedCount: number }) => row.filesAttachedCount > 0) ?? completed.items[0];
    await api.dispose();
    await signInAs(page, 'escrow@firm-a.demo.test', `/originator/orders/${withFiles.id}`);
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('Completed');
    // The files are listed (the seed attaches some to most completed orders), without Delete.
    const files = page.getByRole('region', { name: 'Files' });
    if (withFiles.filesAttachedCount > 0) await expect(files.getByRole('button', { name: /\.pdf$/ }).first()).toBeVisible();
    else await expect(files.getByText('No files yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Order Details' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  });

  test('another firm’s officer, or a made-up id, gets “Order not found”, and the API answers 404', async ({ page }) => {
    const escrow = await signedInApi('escrow@firm-a.demo.test');
    const id = await createOrder(escrow, `ISO-${Date.now().toString(36).toUpperCase()}`);
    await escrow.dispose();

    await signInAs(page, 'escrow@firm-b.demo.test', `/originator/orders/${id}`);
    await expect(page.getByText('Order not found')).toBeVisible();
    await expect(page.getByText('Nguyen Purchase')).toHaveCount(0);
    await expectAccessibleAndFitting(page, 'order not found');
    const firmB = await signedInApi('escrow@firm-b.demo.test');
    expect((await firmB.get(`/api/appointments/${id}`)).status()).toBe(404);
    await firmB.dispose();

    await page.goto('/originator/orders/not-an-order');
    await expect(page.getByText('Order not found')).toBeVisible();
  });

  test(
    'uploads two files with progress, refuses six at once, deletes one after the confirmation, and marks the files uploaded',
    { tag: '@smoke' },
    async ({ page }) => {
      const escrow = await signedInApi('escrow@firm-a.demo.test');
      const id = await createOrder(escrow, `FIL-${Date.now().toString(36).toUpperCase()}`);
      const stored = async () =>
        (await (await escrow.get(`/api/appointments/${id}/files`)).json()) as {
          filesUploaded: boolean;
          items: { fileName: string; uploadConfirmed: boolean }[];
        };

      await signInAs(page, 'escrow@firm-a.demo.test', `/originator/orders/${id}`);
      const files = page.getByRole('region', { name: 'Files' });
      await expect(files).toContainText('No files yet.');
      const input = files.locator('input[type=file]');
      // The drop zone states the types and the size limit, and choosing is a real button.
      await expect(files).toContainText('PDF, PNG, JPEG, HEIC, TIFF, Word, Excel or plain-text files; up to 5 at a time, 25 MB each');
      const chooser = page.waitForEvent('filechooser');
      await files.getByRole('button', { name: 'Choose files to upload' }).press('Enter');
      await (await chooser).setFiles([]);
      // The second switch shows, waiting for the agent's scan-backs (operators can turn the agent upload on).
      await expect(files.getByLabel('Uploaded documents reviewed and approved for the signing agent')).toBeDisabled();
      await expect(files).toContainText('Available once the signing agent’s scan-backs are in.');

      await input.setInputFiles([pdf('Closing Instructions.pdf', 2_500_000), pdf('Loan Package.pdf')]);
      await expect(files.getByText(/^Closing Instructions\.pdf: \d+%$/)).toBeVisible();
      await expect(files.getByRole('button', { name: 'Closing Instructions.pdf', exact: true })).toBeVisible({ timeout: scaled(20_000) });
      await expect(files.getByRole('button', { name: 'Loan Package.pdf', exact: true })).toBeVisible();
      await expect(files.getByText(/^File upload successful/)).toHaveCount(2);
      expect((await stored()).items.map((f) => [f.fileName, f.uploadConfirmed]).sort()).toEqual([
        ['Closing Instructions.pdf', true],
        ['Loan Package.pdf', true],
      ]);

      // The result toast, closed by its labelled button (axe measures a fading toast's contrast).
      await expect(page.getByText('2 files were uploaded.')).toBeVisible();
      await page.getByRole('button', { name: 'Close notification' }).click();
      await expect(page.getByText('2 files were uploaded.')).toHaveCount(0);

      await input.setInputFiles(Array.from({ length: 6 }, (_, i) => pdf(`Extra ${i + 1}.pdf`, 20_000)));
      await expect(files.getByRole('alert')).toHaveText('You can only upload up to 5 files at a time.');
      expect((await stored()).items).toHaveLength(2);
      await expectAccessibleAndFitting(page, 'files with the too-many alert');

      await files.getByRole('button', { name: 'Delete Loan Package.pdf' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete file' });
      await expect(dialog).toContainText('Are you sure you wish to delete Loan Package.pdf?');
      await shot(page, 'order-delete-file');
      await expectAccessibleAndFitting(page, 'delete confirmation');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(files.getByRole('button', { name: 'Loan Package.pdf', exact: true })).toHaveCount(0);
      expect((await stored()).items.map((f) => f.fileName)).toEqual(['Closing Instructions.pdf']);

      // A click, then the state: the switch follows the server's answer a moment later, which
      // Playwright's check() does not wait for.
      await files.getByLabel('All files have been uploaded').click();
      await expect(files.getByLabel('All files have been uploaded')).toBeChecked();
      await expect.poll(async () => (await stored()).filesUploaded).toBe(true);

      // Upload errors in words, naming the file and why: bytes that are not a PDF …
      await input.setInputFiles([
        { name: 'setup.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ this is a program, not a PDF') },
      ]);
      await expect(files.getByRole('alert')).toHaveText(
        'setup.pdf is not a PDF, PNG, JPEG, HEIC, TIFF, Word, Excel or plain-text file. It was not stored.',
      );
      // … and a tus refusal without a problem body: a sentence, never tus's dump of the response.
      await page.route('**/api/uploads/**', (route) =>
        route.request().method() === 'PATCH' ? route.fulfill({ status: 403, body: 'upload locked' }) : route.fallback(),
      );
      await input.setInputFiles([pdf('Survey.pdf', 20_000)]);
      await expect(files.getByRole('alert')).toHaveText('Survey.pdf was not uploaded: SigningDesk did not accept it. Try again.');
      await shot(page, 'order-upload-error');
      await page.unroute('**/api/uploads/**');
      // Verify Upload Status (spec 02) reads the list again and clears the result.
      await files.getByRole('button', { name: 'Verify Upload Status' }).click();
      await expect(files.getByRole('alert')).toHaveCount(0);
      // Nothing refused was stored (a refused tus upload stays granted, pending, until it lapses).
      expect((await stored()).items.filter((f) => f.uploadConfirmed).map((f) => f.fileName)).toEqual(['Closing Instructions.pdf']);
      await escrow.dispose();
    },
  );
});
