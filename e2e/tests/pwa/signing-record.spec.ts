import type { Page } from '@playwright/test';
import { apiSignIn } from '../../support/accounts';
import { agentList, expectAccessibleAndFitting, shot, signedInApi, waitForMirror } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';

/**
 * DESIGN.md "Data lifecycle" on a 360 px phone: a signing completed more than 3 days ago opens
 * as the agent's record — one sentence saying why the borrower's details are gone, and what
 * stays to be paid — not as an error, and the same after a reload (from the copy on the phone,
 * then the network).
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const SENTENCE =
  'The signer’s details, the address and the documents of this signing are no longer available: they are shown for 3 days after the appointment. What you need to be paid stays here.';
const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

async function expectRecord(
  page: Page,
  record: { title: string; city: string; state: string; feeCents: number; fileNumber: string | null },
) {
  await expect(page.getByRole('heading', { level: 1, name: record.title })).toBeVisible();
  await expect(page.getByText(SENTENCE)).toBeVisible();
  const panel = page.getByRole('region', { name: 'Your record of this signing' });
  await expect(panel).toContainText(`${record.city}, ${record.state}`);
  await expect(panel).toContainText(dollars(record.feeCents));
  await expect(panel).toContainText(record.fileNumber ?? '—');
  await expect(panel).toContainText('Completed');
  await expect(page.getByRole('heading', { name: 'Signer' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  return panel.innerText();
}

test('a signing past its 3 days opens as the record of what the agent is paid for, online and after a reload', async ({ page }) => {
  const api = await signedInApi('agent@demo.test');
  const closedBefore = Math.floor(Date.now() / 1000) - 3 * 86_400 - 3_600;
  const item = (await agentList(api, 'completed')).find((i) => i.startsAt < closedBefore);
  expect(item, 'a seeded signing of the demo agent completed more than 3 days ago').toBeDefined();
  const record = await (await api.get(`/api/appointments/${item!.id}`)).json();
  expect(record).toMatchObject({ view: 'agent_record', id: item!.id });
  expect(record).not.toHaveProperty('street');
  expect(record).not.toHaveProperty('contactName');
  expect((await api.get(`/api/appointments/${item!.id}/files`)).status()).toBe(404);

  await apiSignIn(page, 'agent@demo.test');
  await page.goto(`/notary/appointments/${item!.id}`);
  const online = await expectRecord(page, record);
  await shot(page, 'signing-record', true);
  await expectAccessibleAndFitting(page, 'the signing record at 360 px');
  // The copy is on the phone: the reload shows it first, then the network's answer.
  await waitForMirror(page, [item!.id]);
  await page.reload();
  expect(await expectRecord(page, record)).toBe(online);
});
