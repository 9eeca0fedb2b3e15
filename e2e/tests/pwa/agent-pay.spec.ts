import { apiSignIn } from '../../support/accounts';
import { agentList, expectAccessibleAndFitting, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';

/**
 * Issue 30, "Paid or not": the agent's completed card says Paid with the amount and the day
 * once SigningDesk marks the agent paid, Unpaid with the amount before; the detail says the
 * same. On a 360 px phone, then 320 px.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

interface CompletedCard {
  id: string;
  name?: string;
  paidAt: string | null;
  payCents: number;
}

test("shows Paid with the amount on the agent's completed card once an operator marks it paid", async ({ page }) => {
  const agent = await signedInApi('agent@demo.test');
  const completed = (await agentList(agent, 'completed')) as unknown as CompletedCard[];
  const target = completed.find((i) => i.paidAt === null && i.name !== undefined);
  expect(target, 'an unpaid completed signing of the demo agent within its 3 days').toBeDefined();
  const name = target!.name!;
  const amount = dollars(target!.payCents);

  await apiSignIn(page, 'agent@demo.test');
  await page.goto('/notary/?tab=completed');
  const card = page.getByRole('article', { name });
  await expect(card.getByText(`Unpaid ${amount}`, { exact: true })).toBeVisible();

  const admin = await signedInApi('admin@demo.test');
  expect((await admin.post(`/api/appointments/${target!.id}/mark-paid`)).status()).toBe(200);
  const paidOn = new Date().toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
  await page.reload();
  await expect(card.getByText(`Paid ${amount} on ${paidOn}`, { exact: true })).toBeVisible();
  await expect(card.getByText(/^Unpaid/)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/agent2-paid-card-360.png' });
  // The earnings: the server's sums over the agent's own signings, and the CSV for taxes.
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const earnings = await (await agent.get(`/api/agent/earnings?today=${today}`)).json();
  await page.getByText('Your earnings').click();
  const summary = page.locator('details.earnings');
  await expect(summary).toContainText(`${dollars(earnings.thisMonth.earnedCents)} this month`);
  await expect(summary.getByRole('definition').nth(2)).toContainText(dollars(earnings.yearToDate.earnedCents));
  await expect(summary.getByRole('link', { name: `Download ${today.slice(0, 4)} CSV for taxes` })).toHaveAttribute(
    'href',
    `/api/agent/earnings/export?year=${today.slice(0, 4)}`,
  );
  await page.screenshot({ path: '/tmp/agent2-earnings-360.png' });
  await expectAccessibleAndFitting(page, 'completed cards at 360 px');
  await page.setViewportSize({ width: 320, height: 640 });
  await page.reload();
  await expect(card.getByText(`Paid ${amount} on ${paidOn}`, { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/agent2-paid-card-320.png' });
  await expectAccessibleAndFitting(page, 'completed cards at 320 px');

  await card.getByRole('link', { name: new RegExp(`: ${name},`) }).click();
  const assignment = page.getByRole('region', { name: 'Assignment' });
  await expect(assignment.getByText(`Paid ${amount} on ${paidOn}`, { exact: true })).toBeVisible();
  // A completed signing has nothing to keep on the phone: no line about keeping for it.
  await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change in your profile' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/agent2-paid-detail-320.png', fullPage: true });
  await expectAccessibleAndFitting(page, 'completed detail at 320 px');
});
