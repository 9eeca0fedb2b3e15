import type { APIRequestContext } from '@playwright/test';
import { DISPATCH_DEFAULTS, DISPATCH_LABELS } from '@signingdesk/domain/dispatch';
import { signInAs } from '../../support/accounts';
import { agentList, expectNoAxeViolations, shot, signedInApi } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { createOrderAs, LOS_ANGELES, type OrderPlace } from '../../support/orders';
import { scaled } from '../../support/slowdown';

// Issue 32: automatic dispatch as an operator, an agent and an escrow officer meet it.

const FIRM = 'Firm B Escrow Services';
const OFFICER = 'escrow@firm-b.demo.test';

async function firmId(admin: APIRequestContext) {
  const firms = (await (await admin.get('/api/firms')).json()) as { items: { id: string; name: string }[] };
  return firms.items.find((f) => f.name === FIRM)!.id;
}

async function saveSettings(admin: APIRequestContext, id: string, settings: Partial<typeof DISPATCH_DEFAULTS>) {
  const { counterBandCents, ...rest } = { ...DISPATCH_DEFAULTS, ...settings };
  const res = await admin.put(`/api/firms/${id}/dispatch-settings`, { data: { ...rest, counterBand: String(counterBandCents / 100) } });
  expect(res.status(), await res.text()).toBe(200);
}

const createOrder = (where: OrderPlace, inDays = 5) =>
  createOrderAs(OFFICER, where, { inDays, time: '10:00', label: 'Dispatch', prefix: 'DS' });

type LogEntry = { kind: string; wave: number | null; agentId: string | null; agentName: string | null; line: string };

test.afterAll(async () => {
  // The other journeys of this worker's server find the firm as the demo left it.
  const admin = await signedInApi('admin@demo.test');
  await saveSettings(admin, await firmId(admin), {});
});

test('an operator sets a firm’s dispatch defaults on the Firms tab; a wrong value is named at its field', async ({ page }) => {
  test.setTimeout(scaled(60_000));
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'admin@demo.test', '/admin?tab=firms');
  await page.getByRole('button', { name: FIRM, exact: true }).click();
  const form = page.getByRole('form', { name: `Automatic dispatch for ${FIRM}` });
  await expect(form).toContainText(`${DISPATCH_DEFAULTS.waveSize} agents a wave, ${DISPATCH_DEFAULTS.windowMinutes} min each`);
  await expect(form.getByLabel(DISPATCH_LABELS.waveSize)).toHaveValue(String(DISPATCH_DEFAULTS.waveSize));

  await form.getByLabel(DISPATCH_LABELS.waveSize).fill('11');
  await form.getByRole('button', { name: 'Save dispatch settings' }).click();
  await expect(form.getByText('Agents per wave must be a whole number from 1 to 10.')).toBeVisible();
  await expect(form.getByLabel(DISPATCH_LABELS.waveSize)).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel(DISPATCH_LABELS.waveSize).fill('2');
  await form.getByLabel(DISPATCH_LABELS.windowMinutes).fill('4');
  await form.getByLabel(DISPATCH_LABELS.counterBandCents).fill('40');
  await form.getByRole('button', { name: 'Save dispatch settings' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Dispatch settings saved' })).toBeVisible();
  await expect(form).toContainText('2 agents a wave, 4 min each');
  await shot(page, 'dispatch-settings', true);
  await expectNoAxeViolations(page, 'firm dispatch settings');

  await page.reload();
  await page.getByRole('button', { name: FIRM, exact: true }).click();
  const again = page.getByRole('form', { name: `Automatic dispatch for ${FIRM}` });
  await expect(again.getByLabel(DISPATCH_LABELS.waveSize)).toHaveValue('2');
  await expect(again.getByLabel(DISPATCH_LABELS.windowMinutes)).toHaveValue('4');
  await expect(again.getByLabel(DISPATCH_LABELS.counterBandCents)).toHaveValue('40');
  const admin = await signedInApi('admin@demo.test');
  const stored = await (await admin.get(`/api/firms/${await firmId(admin)}/dispatch-settings`)).json();
  expect(stored).toMatchObject({ waveSize: 2, windowMinutes: 4, counterBandCents: 4_000 });
});

test('an operator starts dispatch: only wave 1 sees the reserved offer; a claim schedules the order with no operator click', async ({
  page,
  browser,
}) => {
  test.setTimeout(scaled(120_000));
  const admin = await signedInApi('admin@demo.test');
  // Any claim assigns: the bar is the firm's setting, tried on both sides of it in the API's tests.
  await saveSettings(admin, await firmId(admin), { waveSize: 2, scoreBar: 0, minCompleted: 0 });
  const order = await createOrder(LOS_ANGELES);

  // The escrow officer keeps the order open while it is dispatched.
  const office = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const officer = await office.newPage();
  await signInAs(officer, OFFICER, `/originator/orders/${order.id}`);
  await expect(officer.getByRole('heading', { level: 1 })).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'admin@demo.test', `/admin/requests/${order.id}`);
  const panel = page.getByRole('region', { name: 'Automatic dispatch' });
  await expect(panel).toContainText('Not dispatched yet');
  await panel.getByRole('button', { name: 'Start dispatch' }).click();
  await expect(page.getByText('Dispatch started: wave 1 was offered.')).toBeVisible();
  await expect(panel).toContainText('Dispatching — wave 1; the next wave goes out at');
  const log = panel.getByRole('table', { name: 'Dispatch log' });
  await expect(log).toContainText('Wave 1: offered to 2 agents, reserved for 5 min');
  await expect(log).toContainText('Dispatch started by');
  await shot(page, 'dispatch-panel', true);
  await expectNoAxeViolations(page, 'request view with the dispatch panel');
  await expect(officer.getByText('Finding a signing agent')).toBeVisible();

  const view = (await (await admin.get(`/api/appointments/${order.id}/dispatch`)).json()) as { log: LogEntry[] };
  const wave1 = view.log.filter((e) => e.kind === 'offered' && e.wave === 1);
  expect(wave1).toHaveLength(2);
  for (const entry of wave1) await expect(log).toContainText(entry.line);
  const emailOf = async (agentId: string) =>
    ((await (await admin.get(`/api/agents/${agentId}`)).json()) as { contact: { email: string } }).contact.email;
  const [first, second] = await Promise.all(wave1.map((e) => emailOf(e.agentId!)));

  // An agent the broadcast would have reached, outside wave 1, is not offered it.
  const nearby = (await (await admin.get(`/api/appointments/${order.id}/eligible-agents`)).json()) as { items: { id: string }[] };
  const outside = nearby.items.find((a) => !wave1.some((e) => e.agentId === a.id));
  expect(outside, 'an eligible agent outside wave 1').toBeDefined();
  expect((await agentList(await signedInApi(await emailOf(outside!.id)), 'open')).map((a) => a.id)).not.toContain(order.id);

  // The first wave-1 agent, on a 360 px phone: the reserved card with its countdown and distance.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const agent = await phone.newPage();
  await signInAs(agent, first!, '/notary/?tab=open');
  const card = agent.locator('article', { has: agent.locator(`a[href$="/appointments/${order.id}"]`) });
  await expect(card.getByRole('timer')).toHaveText(/^Reserved for you — [0-5]:\d\d left$/);
  await expect(card).toContainText(/Reserved for you because .+ mi from the signing/);
  await expect(card).toContainText(/\d+(\.\d)? mi away/);
  await shot(agent, 'dispatch-reserved');
  await expectNoAxeViolations(agent, 'a reserved offer on the phone');
  await agent.setViewportSize({ width: 320, height: 640 });
  await shot(agent, 'dispatch-reserved');
  await expectNoAxeViolations(agent, 'a reserved offer on the phone');
  await agent.setViewportSize({ width: 360, height: 740 });

  // The offer's own page says it too: where the push "Signing reserved for you" leads.
  await card.getByRole('link').click();
  await expect(agent.getByRole('timer')).toHaveText(/^Reserved for you — [0-5]:\d\d left$/);
  await expect(agent.getByRole('main')).toContainText(/\d+(\.\d)? mi away/);
  await shot(agent, 'dispatch-offer-detail');
  await agent.getByRole('button', { name: 'Claim', exact: true }).click();
  await expect
    .poll(async () => ((await (await admin.get(`/api/appointments/${order.id}`)).json()) as { status: string }).status)
    .toBe('Scheduled');
  const assigned = ((await (await admin.get(`/api/appointments/${order.id}`)).json()) as { assignedAgent: { name: string } }).assignedAgent
    .name;
  // The escrow officer's open order shows the agent through the live updates, within 2 s.
  await expect(officer.getByText(assigned).first()).toBeVisible({ timeout: scaled(2_000) });
  await expect(officer.getByText('Finding a signing agent')).toHaveCount(0);

  // The other wave-1 agent's offer is gone; the operator's page says dispatch filled it.
  expect((await agentList(await signedInApi(second!), 'open')).map((a) => a.id)).not.toContain(order.id);
  await expect(panel).toContainText('Filled by dispatch');
  await expect(log).toContainText(`${assigned} assigned automatically; dispatch ended`);
  await expect(page.getByRole('region', { name: 'Details' })).toContainText(assigned);
  await phone.close();

  // The officer prefers that agent for their orders: dispatch offers the next one to them first.
  const prefer = officer.getByRole('checkbox', { name: `Prefer ${assigned} for my orders` });
  // The box follows the saved answer: click, then wait for it (check() would judge it before the answer).
  await prefer.click();
  await expect(
    officer.getByText(`${assigned} is preferred for your orders: automatic dispatch offers them your orders first.`),
  ).toBeVisible();
  await expect(prefer).toBeChecked();
  await shot(officer, 'dispatch-preferred-agent');
  await expectNoAxeViolations(officer, 'escrow order with the preferred-agent choice');
  // The portal's Preferred Agents tab lists them, at 1280 and 768 px.
  await officer.goto('/originator?tab=preferred');
  const preferred = officer.getByRole('table', { name: 'Preferred agents' });
  const row = preferred.getByRole('row').filter({ hasText: assigned });
  await expect(row).toContainText('My orders');
  for (const width of [1280, 768]) {
    await officer.setViewportSize({ width, height: 900 });
    await shot(officer, 'preferred-agents', true);
    await expectNoAxeViolations(officer, `the preferred agents at ${width} px`);
  }
  const next = await createOrder(LOS_ANGELES, 6);
  const again = await admin.post(`/api/appointments/${next.id}/dispatch`, { data: { action: 'start' } });
  expect(again.status()).toBe(200);
  const nextLog = ((await again.json()) as { dispatch: { log: LogEntry[] } }).dispatch.log.filter((e) => e.kind === 'offered');
  expect(nextLog[0]!.line).toMatch(
    new RegExp(`^${assigned} offered in wave 1 — #1: Preferred by the order's escrow officer, score \\d+, `),
  );

  // Taken off the list, the agent is no longer preferred for the officer's orders.
  await row.getByRole('button', { name: `Remove ${assigned} from my orders` }).click();
  await expect(officer.getByText(`${assigned} is no longer preferred for your orders.`)).toBeVisible();
  await expect(preferred.getByRole('row').filter({ hasText: assigned })).toHaveCount(0);
  await office.close();
});

test('an order no agent can reach goes to the attention list with the reason', async ({ page }) => {
  test.setTimeout(scaled(60_000));
  const admin = await signedInApi('admin@demo.test');
  // Utqiagvik, Alaska: hundreds of miles beyond every demo agent's travel radius.
  const order = await createOrder({ street: '1230 Agvik St', city: 'Utqiagvik', state: 'AK', zip: '99723', timeZone: 'AK' });
  const started = await admin.post(`/api/appointments/${order.id}/dispatch`, { data: { action: 'start' } });
  expect(started.status()).toBe(200);
  expect(((await started.json()) as { dispatch: { state: string } }).dispatch.state).toBe('exhausted');

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'admin@demo.test', '/admin?tab=dashboard');
  await page
    .getByRole('region', { name: 'Act on now' })
    .getByRole('link', { name: /Orders automatic dispatch could not fill/ })
    .click();
  await expect(page.getByRole('table', { name: 'Assignments' })).toContainText(order.name);
  await page.getByRole('table', { name: 'Assignments' }).getByRole('link', { name: order.name }).first().click();
  const panel = page.getByRole('region', { name: 'Automatic dispatch' });
  await expect(panel).toContainText('Dispatch needs an operator');
  await expect(panel.getByRole('alert')).toContainText('No signing agent is eligible for this order');
  await expect(panel.getByRole('button', { name: 'Start dispatch' })).toBeEnabled();
  await shot(page, 'dispatch-exhausted', true);
  await expectNoAxeViolations(page, 'an order dispatch handed over');
});
