import { createHash, randomBytes } from 'node:crypto';
import {
  cutNetwork,
  restoreNetwork,
  signedInApi,
  signInUnderServiceWorker,
  waitForMirror,
  type AgentListItem,
} from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { scaled } from '../../support/slowdown';

/**
 * The agent at a kitchen table with no signal: the app opens from cache, every action is kept
 * on the phone, the service worker is killed and the page reloaded, and when the network is
 * back each action reaches the server exactly once — what the server holds is checked through
 * the operators' API (bids, notes, files with their bytes, notification jobs).
 */

type ListItem = AgentListItem;

test.describe('the agent app offline', () => {
  test.describe.configure({ timeout: scaled(120_000) });

  test(
    'keeps every action made offline and delivers each exactly once when the network is back',
    { tag: '@smoke' },
    async ({ page, context }) => {
      const admin = await signedInApi('admin@demo.test');
      const agentApi = await signedInApi('agent@demo.test');
      const list = async (tab: string) =>
        ((await (await agentApi.get(`/api/agent/appointments?tab=${tab}`)).json()) as { items: ListItem[] }).items;
      const open = await list('open');
      expect(open.length).toBeGreaterThanOrEqual(3);
      const [toClaim, toCounter, toLose] = open as [ListItem, ListItem, ListItem];
      // Ten dollars over the offer: an ordinary counter, sent without a second look.
      const counter = String(toCounter.feeCents / 100 + 10);
      const assignment = (await list('assigned')).find((a) => a.showCompleteButton);
      expect(assignment).toBeDefined();
      const assigned = assignment!;
      const me = (await (await agentApi.get('/api/me')).json()) as { id: string };

      // Online once: sign in, let the service worker take over, let the app mirror the lists.
      await signInUnderServiceWorker(page);
      await waitForMirror(page, [toClaim.id, toCounter.id, toLose.id, assigned.id]);

      // No network at all.
      await cutNetwork(context);
      await page.reload();
      await expect(page.getByText('You are offline — showing what was last synced.')).toBeVisible();
      await expect(page.getByRole('heading', { level: 3, name: assigned.name! }).first()).toBeVisible();
      await expect(page.getByText(/^Last synced /).first()).toBeVisible();

      // A detail opens from the offline copy.
      await page.goto(`/notary/appointments/${assigned.id}`);
      await expect(page.getByRole('heading', { level: 1, name: `${assigned.name} Details` })).toBeVisible();
      await expect(page.getByText(/^Offline copy — last synced/).first()).toBeVisible();

      // A message, a 3 MB scan-back and Mark Assignment Complete, all offline.
      const message = `Offline note ${Date.now()}`;
      await page.getByLabel('New message').fill(message);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.locator('.thread__item--pending', { hasText: message })).toBeVisible();

      const scan = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3 * 1024 * 1024 - 9)]);
      const scanName = `scan-back-${Date.now()}.pdf`;
      await page.getByLabel(/Choose up to 5 files/).setInputFiles({ name: scanName, mimeType: 'application/pdf', buffer: scan });
      await expect(page.locator('.uploads__item', { hasText: scanName })).toBeVisible();

      await page.getByRole('button', { name: 'Mark Assignment Complete' }).click();
      await page.getByRole('dialog', { name: 'Confirm Action' }).getByRole('button', { name: 'Confirm' }).click();
      const answer = page.getByRole('dialog', { name: 'Response Message' });
      await expect(answer.getByText('Saved on this phone — it will be sent when you are back online.')).toBeVisible();
      await answer.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('button', { name: 'Assignment Marked Complete' })).toBeDisabled();

      // Claim one offer, counter another, claim a third that another agent is about to win.
      await page.goto(`/notary/appointments/${toClaim.id}`);
      await page.getByRole('button', { name: 'Claim', exact: true }).click();
      await expect(page.getByText('Saved on this phone — it will be sent when you are back online.')).toBeVisible();

      await page.goto(`/notary/appointments/${toCounter.id}`);
      await page.getByRole('button', { name: 'Counter', exact: true }).click();
      await page.getByLabel(/counter offer in dollars/).fill('abc');
      await page.getByRole('button', { name: 'Send Counter Offer' }).click();
      await expect(page.getByText('Please enter a valid counter offer.')).toBeVisible();
      await page.getByLabel(/counter offer in dollars/).fill(counter);
      await page.getByRole('button', { name: 'Send Counter Offer' }).click();
      await expect(page.getByText('Saved on this phone — it will be sent when you are back online.')).toBeVisible();

      await page.goto(`/notary/appointments/${toLose.id}`);
      await page.getByRole('button', { name: 'Claim', exact: true }).click();
      await expect(page.getByText('Saved on this phone — it will be sent when you are back online.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Pending actions: Offline — 6 waiting' })).toBeVisible();

      // Meanwhile another agent wins the third offer.
      // Another agent the order may go to: commissioned in CA, free then, within their own travel radius.
      const others = (await (await admin.get(`/api/appointments/${toLose.id}/eligible-agents?pageSize=5`)).json()) as {
        items: { id: string }[];
      };
      const winner = others.items.find((a) => a.id !== me.id)!;
      expect((await admin.post(`/api/appointments/${toLose.id}/assign`, { data: { agentId: winner.id } })).status()).toBe(200);

      // The browser kills the service worker; the page is reloaded, still offline.
      const cdp = await context.newCDPSession(page);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();
      // Chromium forgets the page's offline emulation when its workers are stopped: set it again.
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByText('You are offline — showing what was last synced.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Pending actions: Offline — 6 waiting' })).toBeVisible();

      // Signal is back.
      const claims: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith(`/api/appointments/${toLose.id}/claim`)) claims.push(r.url());
      });
      await restoreNetwork(context);
      await page.goto('/notary/sync');
      await expect(page.getByText('Everything you did on this phone has reached SigningDesk.')).toBeVisible({ timeout: scaled(30_000) });
      const refused = page.locator('section', { has: page.getByRole('heading', { name: /Not accepted/ }) });
      await expect(refused.getByText(`Claim of ${toLose.title}`)).toBeVisible();
      await expect(refused.getByText('This order has already been assigned.')).toBeVisible();
      // The header's chip is red for the refusal only, and names it.
      const chip = page.getByRole('link', { name: 'Pending actions: Claim not accepted' });
      await expect(chip).toHaveAttribute('data-tone', 'error');
      await page.screenshot({ path: '/tmp/agent1-chip-refused-360.png' });
      const sent = page.locator('section', { has: page.getByRole('heading', { name: /^Sent/ }) });
      for (const what of [
        `Claim of ${toClaim.title}`,
        `Counter offer of $${counter} for ${toCounter.title}`,
        `Message on ${assigned.name}`,
        `Scan-back ${scanName} for ${assigned.name}`,
        `Mark complete: ${assigned.name}`,
      ]) {
        await expect(sent.getByText(what)).toBeVisible();
      }

      // What the server holds: each action once.
      const bids = async (id: string) =>
        (
          (await (await admin.get(`/api/appointments/${id}/bids`)).json()) as {
            items: { agent: { id: string }; status: string; bidCents: number | null }[];
          }
        ).items.filter((b) => b.agent.id === me.id);
      expect(await bids(toClaim.id)).toEqual([expect.objectContaining({ status: 'claimed' })]);
      expect(await bids(toCounter.id)).toEqual([expect.objectContaining({ status: 'countered', bidCents: toCounter.feeCents + 1_000 })]);
      expect((await bids(toLose.id)).some((b) => b.status === 'claimed')).toBe(false);

      const notes = (await (await admin.get(`/api/appointments/${assigned.id}/notes`)).json()) as { items: { message: string }[] };
      expect(notes.items.filter((n) => n.message === message)).toHaveLength(1);

      const files = (await (await admin.get(`/api/appointments/${assigned.id}/files`)).json()) as {
        items: { fileId: string; fileName: string; sizeBytes: number; uploadConfirmed: boolean }[];
      };
      const stored = files.items.filter((f) => f.fileName === scanName);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ sizeBytes: scan.length, uploadConfirmed: true });
      const link = (await (
        await admin.post(`/api/appointments/${assigned.id}/files/${stored[0]!.fileId}/download`, { data: {} })
      ).json()) as { url: string };
      const bytes = await (await admin.get(link.url)).body();
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(createHash('sha256').update(scan).digest('hex'));

      const appointment = (await (await admin.get(`/api/appointments/${assigned.id}`)).json()) as { status: string };
      expect(appointment.status).toBe('Completed');
      // One completion: one notice per recipient (escrow officer, operators), all from one transition.
      const jobs = (await (await admin.get(`/api/notifications/jobs?appointmentId=${assigned.id}&type=appointment.completed`)).json()) as {
        items: { createdAt: string; recipient: { id: string } }[];
      };
      expect(jobs.items.length).toBeGreaterThan(0);
      expect(new Set(jobs.items.map((j) => j.recipient.id)).size).toBe(jobs.items.length);
      expect(new Set(jobs.items.map((j) => j.createdAt)).size).toBe(1);

      // The refusal is shown and never retried.
      const before = claims.length;
      expect(before).toBeLessThanOrEqual(1);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.reload();
      await expect(page.getByText('Everything you did on this phone has reached SigningDesk.')).toBeVisible();
      await page.waitForTimeout(1_000);
      expect(claims.length).toBe(before);

      await admin.dispose();
      await agentApi.dispose();
    },
  );
});
