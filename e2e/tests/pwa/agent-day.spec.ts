import { apiSignIn } from '../../support/accounts';
import { agentList, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';

/** Issue 30, "The day's cards carry the day", on a 320 × 640 phone. */
const formatPhone = (raw: string | null) => {
  const d = (raw ?? '').replace(/\D/g, '').slice(-10);
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
};

test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

test('an assigned card carries the street and Call and Text; the detail has Call above the fold, unwrapped', async ({ page }) => {
  const agent = await signedInApi('agent@demo.test');
  const assigned = (await agentList(agent, 'assigned')) as unknown as {
    id: string;
    name: string;
    street: string;
    signerPhone: string | null;
  }[];
  const item = assigned.find((i) => i.signerPhone);
  expect(item, 'an assignment with a signer phone').toBeDefined();
  const phone = formatPhone(item!.signerPhone);
  await apiSignIn(page, 'agent@demo.test');
  await page.goto('/notary/?tab=assigned');
  const card = page.getByRole('article', { name: item!.name });
  await expect(card).toContainText(item!.street);
  await expect(card.getByRole('link', { name: `Call the signer ${phone}` })).toHaveText(`Call ${phone}`);
  await expect(card.getByRole('link', { name: `Text the signer ${phone}` })).toBeVisible();

  await page.goto(`/notary/appointments/${item!.id}`);
  const call = page
    .getByRole('region', { name: 'Signer' })
    .getByRole('link', { name: `Call ${phone}` })
    .first();
  await expect(call).toBeInViewport();
  const box = await call.boundingBox();
  // One line: a 48 px target, not two lines of text.
  expect(box!.height).toBeLessThan(60);
});

test('an offer opened from the list shows Prior orders in this area', async ({ page }) => {
  const agent = await signedInApi('agent@demo.test');
  const [offer] = await agentList(agent, 'open');
  await apiSignIn(page, 'agent@demo.test');
  await page.goto(`/notary/appointments/${offer!.id}`);
  await expect(page.getByRole('heading', { name: 'Prior orders in this area' })).toBeVisible();
});
