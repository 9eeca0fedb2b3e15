import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  cutNetwork,
  expectNoAxeViolations,
  restoreNetwork,
  shot,
  signedInApi,
  signInUnderServiceWorker,
  waitForMirror,
} from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

/**
 * Documents on a 360 px phone (issue 14, item 4): a download whose bytes are missing shows the
 * server's message in the app (the tab stays the app); offline, a document that is not kept
 * says why its Download is disabled; with "Keep documents on this phone" turned on in the profile
 * (one setting for every open order, issue 30), a document of an assignment dated today opens
 * offline, byte for byte, and turned off there, the copies go.
 *
 * Setup through the API: an assignment of agent@demo.test dated today or tomorrow (an operator
 * moves one to today when the seed has none), two documents uploaded to it by the operator
 * (tus), and the stored bytes of one of them deleted from the server's files folder.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const NEEDS_CONNECTION = 'Needs a connection — this document is not kept on this phone.';
const MISSING_BYTES = 'The file content is not available.';
const KEPT_LINE = 'Documents of today’s and tomorrow’s assignments are kept on this phone.';
const NOT_KEPT_LINE = 'Documents are not kept on this phone.';

interface ListItem {
  id: string;
  name: string;
  status: string;
  date: string;
  markedCompleted: boolean;
  showCompleteButton: boolean;
}

interface Setup {
  appointment: { id: string; name: string };
  kept: { name: string; bytes: Buffer };
  missing: { name: string };
}

let setup: Setup;

/** The phone's date (this machine's zone, which Chromium shares) as YYYY-MM-DD, `days` from today. */
function localDate(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** An operator uploads a document with tus (grant, then one PATCH; the last chunk confirms it). */
async function uploadDocument(api: APIRequestContext, appointmentId: string, fileName: string, bytes: Buffer): Promise<string> {
  const grant = await api.post(`/api/appointments/${appointmentId}/files/uploads`, {
    data: { files: [{ fileName, size: bytes.length, contentType: 'application/pdf' }] },
  });
  expect(grant.status()).toBe(201);
  const [item] = ((await grant.json()) as { items: { fileId: string; uploadUrl: string; kind: string }[] }).items;
  expect(item!.kind).toBe('document');
  const patch = await api.patch(item!.uploadUrl, {
    data: bytes,
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
  });
  expect(patch.status()).toBe(204);
  return item!.fileId;
}

/** Deletes a file's stored bytes from the files folder of this worker's server (support/fixtures.ts). */
function removeStoredBytes(filesDir: string, appointmentId: string, fileId: string) {
  const stored = join(filesDir, 'appointments', appointmentId, fileId);
  expect(existsSync(stored), 'the stored bytes of the uploaded file').toBe(true);
  rmSync(stored);
}

async function openAppointment(page: Page) {
  await page.goto(`/notary/appointments/${setup.appointment.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${setup.appointment.name} Details` })).toBeVisible();
  await expect(fileItem(page, setup.kept.name)).toBeVisible();
}

function fileItem(page: Page, fileName: string) {
  return page.locator('.files__item').filter({ has: page.locator('.files__name', { hasText: fileName }) });
}

function downloadButton(page: Page, fileName: string) {
  return fileItem(page, fileName).getByRole('button', { name: `Download ${fileName}` });
}

/** Waits until the appointment's detail and file list are in the app's IndexedDB. */
const waitForMirrorOf = (page: Page, id: string) => waitForMirror(page, [id], ['appointments', 'appointmentFiles']);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test.describe('documents on the phone', () => {
  test.describe.configure({ mode: 'serial', timeout: scaled(120_000) });

  test.beforeAll(async ({ server }) => {
    const admin = await signedInApi('admin@demo.test');
    const agent = await signedInApi('agent@demo.test');
    const assigned = ((await (await agent.get('/api/agent/appointments?tab=assigned')).json()) as { items: ListItem[] }).items;
    const soon = new Set([localDate(0), localDate(1)]);
    let target = assigned.find((a) => a.status === 'Scheduled' && !a.markedCompleted && soon.has(a.date));
    if (!target) {
      // The seed gave the agent nothing today or tomorrow: an operator moves one assignment to today.
      target = assigned.find((a) => a.showCompleteButton);
      expect(target, 'a scheduled assignment of agent@demo.test').toBeDefined();
      const moved = await admin.patch(`/api/appointments/${target!.id}`, { data: { date: localDate(0) } });
      expect(moved.status()).toBe(200);
    }
    const stamp = Date.now();
    const kept = { name: `Loan Package ${stamp}.pdf`, bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(200_000)]) };
    const missing = { name: `Closing Instructions ${stamp}.pdf` };
    await uploadDocument(admin, target!.id, kept.name, kept.bytes);
    const missingId = await uploadDocument(admin, target!.id, missing.name, Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(1_000)]));
    removeStoredBytes(server.filesDir, target!.id, missingId);
    setup = { appointment: { id: target!.id, name: target!.name }, kept, missing };
    await admin.dispose();
    await agent.dispose();
  });

  test("a download whose bytes are missing shows the server's message in the app", async ({ page }) => {
    await signInUnderServiceWorker(page);
    await openAppointment(page);
    const detailUrl = page.url();

    await downloadButton(page, setup.missing.name).click();
    await expect(fileItem(page, setup.missing.name).getByRole('alert')).toHaveText(MISSING_BYTES);
    // Still the app, on the same screen: no raw JSON page.
    expect(page.url()).toBe(detailUrl);
    await expect(page.getByRole('heading', { level: 1, name: `${setup.appointment.name} Details` })).toBeVisible();
    await expectNoAxeViolations(page, 'files panel with a refused download');

    // A file with its bytes downloads from the page, and the log shows the download.
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton(page, setup.kept.name).click()]);
    expect(download.suggestedFilename()).toBe(setup.kept.name);
    expect(sha256(readFileSync((await download.path())!))).toBe(sha256(setup.kept.bytes));
    await expect(fileItem(page, setup.kept.name).getByText(/^File download successful — /)).toBeVisible();
  });

  test('an offline download says why and a kept document opens offline', async ({ page, context }) => {
    await signInUnderServiceWorker(page);
    await openAppointment(page);
    await waitForMirrorOf(page, setup.appointment.id);

    // Offline, nothing kept: every Download is disabled and says why.
    await cutNetwork(context);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `${setup.appointment.name} Details` })).toBeVisible();
    const notKept = downloadButton(page, setup.kept.name);
    await expect(notKept).toBeDisabled();
    await expect(fileItem(page, setup.kept.name).getByText(NEEDS_CONNECTION)).toBeVisible();
    await expect(notKept).toHaveAccessibleDescription(NEEDS_CONNECTION);
    await expectNoAxeViolations(page, 'files panel offline');

    // Online again: the order says documents are not kept and leads to the profile, where the
    // agent turns keeping on; the documents of today's assignment are kept.
    await restoreNetwork(context);
    await page.reload();
    await expect(page.getByText(NOT_KEPT_LINE)).toBeVisible();
    await expect(page.getByRole('switch')).toHaveCount(0);
    await page.getByRole('link', { name: 'Change in your profile' }).click();
    const keep = page.getByRole('switch', { name: 'Keep documents on this phone' });
    await expect(keep).toBeInViewport();
    await expect(keep).not.toBeChecked();
    await keep.check();
    const keptSummary = page.getByText(/^Kept on this phone: \d+ documents?, [\d.]+ [KMG]?B · [\d.]+ [KMGT]?B free$/);
    await expect(keptSummary).toBeVisible({ timeout: scaled(30_000) });
    await expectNoAxeViolations(page, 'profile with documents kept');
    await shot(page, 'profile-keep-documents');
    await openAppointment(page);
    await expect(page.getByText(KEPT_LINE)).toBeVisible();
    await page.getByText(KEPT_LINE).scrollIntoViewIfNeeded();
    await shot(page, 'files-documents-kept');
    const keptItem = fileItem(page, setup.kept.name);
    await expect(keptItem.getByText('Kept on this phone', { exact: true })).toBeVisible({ timeout: scaled(30_000) });
    // The one whose bytes are gone could not be kept, and says so.
    await expect(fileItem(page, setup.missing.name).getByText(`Not kept on this phone: ${MISSING_BYTES}`)).toBeVisible();
    await expectNoAxeViolations(page, 'files panel with kept documents');

    // No network: the kept document opens from the phone, byte for byte.
    await cutNetwork(context);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `${setup.appointment.name} Details` })).toBeVisible();
    await expect(page.getByText(KEPT_LINE)).toBeVisible();
    const keptButton = downloadButton(page, setup.kept.name);
    await expect(keptButton).toBeEnabled();
    const [download] = await Promise.all([page.waitForEvent('download'), keptButton.click()]);
    expect(download.suggestedFilename()).toBe(setup.kept.name);
    expect(sha256(readFileSync((await download.path())!))).toBe(sha256(setup.kept.bytes));

    // The document that is not kept still says why.
    await expect(downloadButton(page, setup.missing.name)).toBeDisabled();
    await expect(fileItem(page, setup.missing.name).getByText(NEEDS_CONNECTION)).toBeVisible();
    await restoreNetwork(context);

    // Turned off in the profile: the copies are deleted, and the order says so.
    await page.goto('/notary/profile');
    await keep.uncheck();
    await expect(page.getByText(/^Kept on this phone:/)).toHaveCount(0);
    await openAppointment(page);
    await expect(page.getByText(NOT_KEPT_LINE)).toBeVisible();
    await expect(fileItem(page, setup.kept.name).getByText('Kept on this phone', { exact: true })).toHaveCount(0);
  });
});
