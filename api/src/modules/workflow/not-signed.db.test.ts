import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRow, jobsOf, offersOf, post, scheduledForAgent, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';

/** Issue 33, item 2: "Signer did not sign" is an outcome paid and invoiced at the order's trip fee. */
describe('the signer did not sign', () => {
  let t: TestApp;
  let s: Sessions;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
  });
  afterAll(() => t.close());

  /** A signing agent@demo.test was assigned at $150, with a $60 trip fee, that started an hour ago. */
  async function started() {
    const order = await scheduledForAgent(t, s);
    await t.database.db
      .update(schema.appointments)
      .set({ startsAt: Math.floor(Date.now() / 1000) - 3600, tripFeeCents: 6000 })
      .where(eq(schema.appointments.id, order.id));
    return order;
  }

  it('completes the order with the outcome, pays the agent and invoices the firm the trip fee, and tells the escrow officer and operators', async () => {
    const { id } = await started();
    const before = await appointmentRow(t, id);
    expect(before).toMatchObject({ agentFeeCents: 15000, firmFeeCents: 19500 });

    // The escrow side may not record it (its role is refused before the order is looked up), and nothing is said before the reason.
    expect((await post(t, `/api/appointments/${id}/did-not-sign`, s.escrowA, { reason: 'no_show' })).status).toBe(403);
    const noReason = await post(t, `/api/appointments/${id}/did-not-sign`, s.agent, { reason: 'other' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual([{ field: 'note', message: 'What happened is required when the reason is "Another reason".' }]);
    expect((await appointmentRow(t, id)).status).toBe('Scheduled');

    const res = await post(t, `/api/appointments/${id}/did-not-sign`, s.agent, {
      reason: 'no_show',
      note: 'Waited 30 minutes; no answer at the door or the phone.',
      rescheduleRequested: true,
      rescheduleNote: 'Monday after 5 PM',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      'Recorded: the signer did not sign. You are paid the trip fee of $60.00; the escrow officer and SigningDesk have been told.',
    );
    expect(res.body.appointment.outcome.summary).toBe(
      'Signer did not sign: The signer was not there. Trip fee $60.00. The signer asked to reschedule.',
    );
    const after = await appointmentRow(t, id);
    expect(after).toMatchObject({
      status: 'Completed',
      markedCompleted: true,
      outcome: 'not_signed',
      notSignedReason: 'no_show',
      rescheduleRequested: true,
      rescheduleNote: 'Monday after 5 PM',
      agentFeeCents: 6000,
      // The order's $45 markup stays on the trip fee.
      firmFeeCents: 10500,
    });
    const agentId = await userIdOf(t, 'agent@demo.test');
    expect((await offersOf(t, id)).find((o) => o.agentId === agentId)?.bidCents).toBe(6000);

    const jobs = await jobsOf(t, id, ['appointment.not_signed']);
    const told = new Set(jobs.map((j) => j.recipientId));
    expect(told.has(await userIdOf(t, 'escrow@firm-a.demo.test'))).toBe(true);
    expect(told.has(await userIdOf(t, 'admin@demo.test'))).toBe(true);
    expect(told.has(agentId)).toBe(false);

    // The escrow officer's order page and the invoice say the same amount.
    const escrowView = await readJson(await t.request(`/api/appointments/${id}`, { cookie: s.escrowA }));
    expect(escrowView).toMatchObject({
      agentFeeCents: 6000,
      firmFeeCents: 10500,
      outcome: { kind: 'not_signed', reason: 'The signer was not there' },
    });
    const invoice = await post(t, `/api/appointments/${id}/invoice`, s.admin);
    expect(invoice.status).toBe(201);
    expect(invoice.body).toMatchObject({ amountCents: 10500, amount: '$105.00' });

    // The order's timeline says it, with the reason and what happened.
    const timeline = await readJson(await t.request(`/api/appointments/${id}/timeline`, { cookie: s.escrowA }));
    expect(timeline.events.filter((e: { kind: string }) => e.kind === 'not_signed')).toEqual([
      expect.objectContaining({
        label: 'Signer did not sign',
        detail: 'Recorded by the signing agent — The signer was not there — Waited 30 minutes; no answer at the door or the phone.',
      }),
    ]);

    // The agent's completed card shows the trip fee as their pay, and the outcome is recorded once.
    const completed = await readJson(await t.request('/api/agent/appointments?tab=completed', { cookie: s.agent }));
    expect(completed.items.find((i: { id: string }) => i.id === id)?.payCents).toBe(6000);
    const again = await post(t, `/api/appointments/${id}/did-not-sign`, s.agent, { reason: 'no_show' });
    expect(again.status).toBe(409);
    expect((await post(t, `/api/appointments/${id}/complete`, s.agent)).status).toBe(409);
  });

  it('is refused before the signing starts, and a completion records the outcome Signed', async () => {
    const { id } = await scheduledForAgent(t, s);
    const early = await post(t, `/api/appointments/${id}/did-not-sign`, s.agent, { reason: 'refused' });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('NOT_YET_STARTED');
    expect((await appointmentRow(t, id)).outcome).toBeNull();

    await t.database.db
      .update(schema.appointments)
      .set({ startsAt: Math.floor(Date.now() / 1000) - 3600 })
      .where(eq(schema.appointments.id, id));
    expect((await post(t, `/api/appointments/${id}/complete`, s.agent)).status).toBe(200);
    expect(await appointmentRow(t, id)).toMatchObject({ outcome: 'signed', agentFeeCents: 15000 });
  });
});
