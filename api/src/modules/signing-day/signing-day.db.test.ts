import { schema } from '@signingdesk/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRow, auditOf, jobsOf, post, scheduledForAgent, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { answerSignerLink, readSignerLink } from './signing-day.service';

/** Issue 33, items 3 and 4: the confirmation with the signer, the signer's link, the originals' shipment. */
describe('signing day', () => {
  let t: TestApp;
  let s: Sessions;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
  });
  afterAll(() => t.close());

  const view = async (id: string, cookie: string) => readJson(await t.request(`/api/appointments/${id}`, { cookie }));

  it('records the agent’s confirmation once, keeps the latest by its time, and tells the escrow officer', async () => {
    const { id } = await scheduledForAgent(t, s);
    const path = `/api/appointments/${id}/signer-confirmations`;
    // The agent called ten minutes ago (the signing is on 12/10/2030 at 2:30 PM CT).
    const calledAt = Math.floor(Date.now() / 1000) - 600;

    // Refused, changing nothing: the escrow side (403), another agent (404), a reschedule without when, a time in the future.
    expect((await post(t, path, s.escrowA, { method: 'call', result: 'confirmed' })).status).toBe(403);
    expect((await post(t, path, s.otherAgent, { method: 'call', result: 'confirmed' })).status).toBe(404);
    const noWhen = await post(t, path, s.agent, { method: 'text', result: 'reschedule' });
    expect(noWhen.status).toBe(400);
    expect(noWhen.body.errors).toEqual([
      { field: 'rescheduleTo', message: 'When the signer asked to sign instead is required when the signer asked to reschedule.' },
    ]);
    const future = await post(t, path, s.agent, { method: 'call', result: 'confirmed', contactedAt: calledAt + 86_400 });
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual([{ field: 'contactedAt', message: 'must be a time in the last 14 days, not in the future' }]);
    expect((await appointmentRow(t, id)).confirmationResult).toBeNull();

    // Sent twice under one Idempotency-Key (an outbox retry): applied once.
    const headers = { 'Idempotency-Key': `confirm-${id}` };
    const body = { method: 'call', result: 'confirmed', contactedAt: calledAt, note: 'Gate code 4410' };
    const first = await post(t, path, s.agent, body, headers);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await post(t, path, s.agent, body, headers)).status).toBe(200);
    expect((await auditOf(t, id)).filter((a) => a.action === 'appointment.signer_confirmation')).toHaveLength(1);

    const line = first.body.appointment.confirmation.line as string;
    expect(line).toMatch(/^Confirmed with signer at \d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [AP]M CT \(called\)$/);
    expect(first.body.message).toBe(`Recorded: ${line}.`);
    // The escrow officer reads the same line on their order; only they are told of a plain confirmation.
    expect((await view(id, s.escrowA)).confirmation).toMatchObject({ result: 'confirmed', method: 'call', contactedAt: calledAt, line });
    const told = (await jobsOf(t, id, ['appointment.signer_confirmation'])).map((j) => j.recipientId);
    expect(told).toEqual([await userIdOf(t, 'escrow@firm-a.demo.test')]);

    // An older attempt queued offline and sent late is in the timeline but does not replace the newer one.
    const late = await post(t, path, s.agent, { method: 'text', result: 'unreached', contactedAt: calledAt - 3600 });
    expect(late.status).toBe(200);
    expect((await view(id, s.escrowA)).confirmation.line).toBe(line);
    const timeline = await readJson(await t.request(`/api/appointments/${id}/timeline`, { cookie: s.escrowA }));
    expect(
      timeline.events.filter((e: { kind: string }) => e.kind === 'signer_confirmation').map((e: { label: string }) => e.label),
    ).toEqual([line, expect.stringMatching(/^Could not reach the signer at .* \(texted\)$/)]);
    // Could not reach tells the operators too.
    const toldNow = (await jobsOf(t, id, ['appointment.signer_confirmation'])).map((j) => j.recipientId);
    expect(toldNow).toContain(await userIdOf(t, 'admin@demo.test'));
  });

  it('sends the signer a link that shows only the date, time and city, takes one answer, and expires', async () => {
    const { id } = await scheduledForAgent(t, s);
    const sent = await post(t, `/api/appointments/${id}/signer-link`, s.agent, { via: 'email' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe('A confirmation link was emailed to the signer.');
    const [message] = await t.database.db
      .select()
      .from(schema.outboundMessages)
      .where(and(eq(schema.outboundMessages.toAddress, 'maria.signer@example.com'), eq(schema.outboundMessages.channel, 'email')));
    expect(message!.body).toMatch(
      /^Your loan signing is set for 12\/10\/2030 at 2:30 PM CT in Los Angeles\. Please confirm or ask for another time: http\S+\/confirm\/\S+$/,
    );
    const token = /\/confirm\/(\S+)$/.exec(message!.body)![1]!;

    // The page's facts: nothing but the date, the time and the city.
    const page = await t.request(`/api/signer-links/${token}`);
    expect(page.status).toBe(200);
    expect(await readJson(page)).toEqual({ date: '12/10/2030', time: '2:30 PM CT', city: 'Los Angeles', answered: false });
    // A token edited to name another link is not found; one past its time has expired.
    expect((await t.request(`/api/signer-links/${token.slice(0, -2)}xx`)).status).toBe(404);
    await expect(readSignerLink(t.database.db, token, new Date(Date.now() + 73 * 3_600_000))).rejects.toMatchObject({
      code: 'LINK_EXPIRED',
    });
    await expect(
      answerSignerLink(t.database.db, token, { answer: 'confirmed', preferredTime: null }, new Date(Date.now() + 73 * 3_600_000)),
    ).rejects.toMatchObject({ code: 'LINK_EXPIRED' });

    const noTime = await post(t, `/api/signer-links/${token}`, '', { answer: 'reschedule' });
    expect(noTime.status).toBe(400);
    expect(noTime.body.errors).toEqual([
      { field: 'preferredTime', message: 'A time that suits you better is required to ask for another time.' },
    ]);
    const answered = await post(t, `/api/signer-links/${token}`, '', { answer: 'reschedule', preferredTime: 'Saturday morning' });
    expect(answered.status).toBe(200);
    expect(answered.body.message).toBe('Thank you. Your answer was sent to your signing agent.');
    const again = await post(t, `/api/signer-links/${token}`, '', { answer: 'confirmed' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This link was already used. Your signing agent has your answer; call them to change it.');
    expect(await readJson(await t.request(`/api/signer-links/${token}`))).toMatchObject({ answered: true });

    // The answer is the order's confirmation; the agent, the escrow officer and the operators are told.
    expect((await view(id, s.escrowA)).confirmation).toMatchObject({
      result: 'reschedule',
      method: 'link',
      rescheduleTo: 'Saturday morning',
      line: expect.stringMatching(/^Signer asked to reschedule at .* \(through the confirmation link\): Saturday morning$/),
    });
    const told = new Set((await jobsOf(t, id, ['appointment.signer_confirmation'])).map((j) => j.recipientId));
    for (const email of ['agent@demo.test', 'escrow@firm-a.demo.test', 'admin@demo.test'])
      expect(told.has(await userIdOf(t, email)), email).toBe(true);
  });

  it('records the originals’ carrier and tracking number after the signing; the not-shipped bucket lets the order go', async () => {
    const { id } = await scheduledForAgent(t, s);
    const path = `/api/appointments/${id}/return-shipment`;
    const early = await post(t, path, s.agent, { carrier: 'FedEx', trackingNumber: '7712 3456 7890' });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('NOT_YET_STARTED');

    // Signed yesterday (PT), to ship the same day by 6 PM: not shipped, so in the operators' bucket.
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(Date.now() - 86_400_000));
    await t.database.db
      .update(schema.appointments)
      .set({ date: yesterday, time: '10:00', startsAt: Math.floor(Date.now() / 1000) - 86_400, shipByDay: 'same_day', shipByTime: '18:00' })
      .where(eq(schema.appointments.id, id));
    const bucket = async () =>
      (await readJson(await t.request('/api/appointments?attention=not_shipped&pageSize=100', { cookie: s.admin }))).items.map(
        (r: { id: string }) => r.id,
      );
    expect(await bucket()).toContain(id);

    const bad = await post(t, path, s.agent, { carrier: 'Pony Express', trackingNumber: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['carrier', 'trackingNumber']);
    const shipped = await post(t, path, s.agent, { carrier: 'FedEx', trackingNumber: '7712 3456 7890' });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect((await view(id, s.escrowA)).shipment).toMatchObject({
      carrier: 'FedEx',
      trackingNumber: '7712 3456 7890',
      trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=771234567890',
      line: expect.stringMatching(/^Originals shipped by FedEx at .* CT, tracking 7712 3456 7890$/),
    });
    const told = (await jobsOf(t, id, ['appointment.originals_shipped'])).map((j) => j.recipientId);
    expect(told).toEqual([await userIdOf(t, 'escrow@firm-a.demo.test')]);
    expect(await bucket()).not.toContain(id);
  });
});
