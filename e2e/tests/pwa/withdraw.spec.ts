import type { APIRequestContext } from '@playwright/test';
import { LEAVE_REASON } from '@signingdesk/domain/dispatch';
import { signInAs } from '../../support/accounts';
import { cutNetwork, expectAccessibleAndFitting, restoreNetwork, shot, signedInApi, waitForMirror } from '../../support/agent-app';
import { expect, test } from '../../support/fixtures';
import { createOrderAs, LOS_ANGELES } from '../../support/orders';
import { scaled } from '../../support/slowdown';

// Issue 32: an agent who can no longer make a signing gives it back from the phone, offline
// too, and automatic dispatch looks for another agent without an operator's call.

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const OFFICER = 'escrow@firm-b.demo.test';
/** A new order of Firm B in Los Angeles, assigned by an operator to its first eligible agent; answers the order and the agent's email. */
async function assignedOrder(admin: APIRequestContext) {
  const appointment = await createOrderAs(OFFICER, LOS_ANGELES, { inDays: 7, time: '15:00', label: 'Withdrawal', prefix: 'WD' });
  const eligible = (await (await admin.get(`/api/appointments/${appointment.id}/eligible-agents`)).json()) as { items: { id: string }[] };
  const emailOf = async (agentId: string) =>
    ((await (await admin.get(`/api/agents/${agentId}`)).json()) as { contact: { email: string } }).contact.email;
  // Not the demo agent: other journeys read their record, which a withdrawal lowers.
  for (const { id: agentId } of eligible.items) {
    const email = await emailOf(agentId);
    if (email === 'agent@demo.test') continue;
    const assigned = await admin.post(`/api/appointments/${appointment.id}/assign`, { data: { agentId } });
    expect(assigned.status(), await assigned.text()).toBe(200);
    return { order: appointment, email };
  }
  throw new Error('No eligible agent but the demo agent near the order');
}

test('an agent withdraws from a signing on the phone, offline first; dispatch restarts without them', async ({ page, context }) => {
  test.setTimeout(scaled(90_000));
  const admin = await signedInApi('admin@demo.test');
  const { order, email } = await assignedOrder(admin);

  await signInAs(page, email, `/notary/appointments/${order.id}`);
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  const panel = page.getByRole('region', { name: 'Can’t make it?' });
  await expect(panel).toContainText('The SigningDesk team and the escrow officer are told at once');
  await waitForMirror(page, [order.id]);

  // Offline at the kitchen table: the reason is asked for, then the withdrawal waits on the phone.
  await cutNetwork(context);
  await panel.getByRole('button', { name: 'Withdraw from this signing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw from this signing?' });
  await expect(dialog).toContainText('Withdrawing counts against your “Assignments kept”');
  await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(LEAVE_REASON.required);
  await expect(dialog.getByLabel(LEAVE_REASON.label)).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel(LEAVE_REASON.label).fill('My car broke down; I cannot reach Los Angeles that day.');
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: 740 });
    await shot(page, 'withdraw-dialog');
    await expectAccessibleAndFitting(page, `the withdrawal dialog at ${width} px`);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(panel).toContainText('Saved on this phone — it will be sent when you are back online.');
  await expect(panel.getByRole('button', { name: 'Withdraw from this signing' })).toHaveCount(0);
  const status = async () => ((await (await admin.get(`/api/appointments/${order.id}`)).json()) as { status: string }).status;
  expect(await status()).toBe('Scheduled');

  // Back online, it is sent once: the order takes offers again and dispatch looks for another agent.
  await restoreNetwork(context);
  await expect.poll(status, { timeout: scaled(30_000) }).toBe('Open');
  const dispatch = (await (await admin.get(`/api/appointments/${order.id}/dispatch`)).json()) as {
    state: string;
    restarts: number;
    log: { kind: string; agentId: string | null }[];
  };
  expect(dispatch).toMatchObject({ state: 'running', restarts: 1 });
  const timeline = (await (await admin.get(`/api/appointments/${order.id}/timeline`)).json()) as {
    events: { kind: string; detail: string | null }[];
  };
  expect(timeline.events.filter((e) => e.kind === 'agent_withdrew')).toEqual([
    expect.objectContaining({ detail: 'Reason: My car broke down; I cannot reach Los Angeles that day.' }),
  ]);
  // The agent's assigned list no longer has it.
  const agentApi = await signedInApi(email);
  const assigned = (await (await agentApi.get('/api/agent/appointments?tab=assigned')).json()) as { items: { id: string }[] };
  expect(assigned.items.map((a) => a.id)).not.toContain(order.id);
});
