/**
 * The signing-day reminders (issue 33, item 5) with an injected clock, on PGlite and (in the
 * postgres project) on PostgreSQL: each fires once at its time, not before, not once its
 * condition is met, not when it is too late, not twice when two processes sweep at once; the
 * delivery worker holds an agent's reminder text for quiet hours.
 */
import { schema } from '@signingdesk/db';
import { appointmentInstant } from '@signingdesk/domain/time-zones';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIET_HOURS_TYPE } from '../../delivery/quiet-hours';
import { smsWorkers, type SmsWorkers } from '../../delivery/testing/sms-worker';
import { scheduledForAgent, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { sendSigningDayReminders } from './reminders';

const { appointments, notificationJobs, agentProfiles } = schema;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The signing: 12/10/2030 at 2:30 PM Pacific. */
const START = new Date(appointmentInstant('2030-12-10', '14:30', 'PT') * 1000);
const at = (offsetMs: number) => new Date(START.getTime() + offsetMs);

describe('signing-day reminders', () => {
  let t: TestApp;
  let s: Sessions;
  let ids: { escrow: string; agent: string; admin: string };
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    ids = {
      escrow: await userIdOf(t, 'escrow@firm-a.demo.test'),
      agent: await userIdOf(t, 'agent@demo.test'),
      admin: await userIdOf(t, 'admin@demo.test'),
    };
    await t.database.db.update(agentProfiles).set({ state: 'CA', smsOptIn: true }).where(eq(agentProfiles.userId, ids.agent));
  });
  afterAll(() => t.close());

  /** A signing assigned to agent@demo.test on 12/10/2030 at 2:30 PM PT, no documents, assigned 20 hours before. */
  async function signing(values: Partial<typeof appointments.$inferInsert> = {}) {
    const { id } = await scheduledForAgent(t, s);
    await t.database.db
      .update(appointments)
      .set({
        date: '2030-12-10',
        time: '14:30',
        timeZone: 'PT',
        timeTbd: false,
        startsAt: START.getTime() / 1000,
        hasDocuments: false,
        assignedAt: at(-20 * HOUR),
        ...values,
      })
      .where(eq(appointments.id, id));
    return id;
  }
  const reminders = async (id: string, kind: string) =>
    (await t.database.db.select().from(notificationJobs).where(eq(notificationJobs.appointmentId, id))).filter(
      (j) => j.type === 'appointment.reminder' && (j.payload as { kind: string }).kind === kind,
    );
  const sweep = (now: Date) => sendSigningDayReminders(t.database.db, { now });

  it('tells the escrow officer of missing documents 24 h before, once, and not 3 h before once they are uploaded', async () => {
    const id = await signing();
    await sweep(at(-24 * HOUR - MINUTE));
    expect(await reminders(id, 'documents_24h')).toHaveLength(0);
    await sweep(at(-24 * HOUR + MINUTE));
    await sweep(at(-24 * HOUR + 2 * MINUTE));
    const sent = await reminders(id, 'documents_24h');
    expect(sent.map((j) => j.recipientId)).toEqual([ids.escrow]);

    await t.database.db.update(appointments).set({ hasDocuments: true }).where(eq(appointments.id, id));
    await sweep(at(-3 * HOUR + MINUTE));
    expect(await reminders(id, 'documents_3h')).toHaveLength(0);
  });

  it('sends the agent the hour-before reminder with the address and a maps link, and nothing once it is too late', async () => {
    const id = await signing({ hasDocuments: true });
    await sweep(at(-HOUR + MINUTE));
    const [job] = await reminders(id, 'hour_before');
    expect(job).toMatchObject({
      recipientId: ids.agent,
      payload: {
        kind: 'hour_before',
        address: expect.stringContaining('Los Angeles, CA'),
        mapsUrl: expect.stringMatching(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.*Los%20Angeles/),
      },
    });

    // The sweep was down until 10 minutes before the start: the hour-before reminder no longer helps.
    const late = await signing({ hasDocuments: true });
    await sweep(at(-10 * MINUTE));
    expect(await reminders(late, 'hour_before')).toHaveLength(0);
  });

  it('asks the agent to confirm 2 h after the assignment, and tells no operator at 4 h once the signer is confirmed', async () => {
    const assignedAt = at(-20 * HOUR);
    const id = await signing({ hasDocuments: true, assignedAt });
    await sweep(new Date(assignedAt.getTime() + 2 * HOUR + MINUTE));
    expect((await reminders(id, 'unconfirmed_agent')).map((j) => j.recipientId)).toEqual([ids.agent]);

    const unconfirmed = await signing({ hasDocuments: true, assignedAt });
    await t.database.db
      .update(appointments)
      .set({
        confirmationResult: 'confirmed',
        confirmationMethod: 'call',
        confirmationContactedAt: new Date(assignedAt.getTime() + 3 * HOUR),
      })
      .where(eq(appointments.id, id));
    await sweep(new Date(assignedAt.getTime() + 4 * HOUR + MINUTE));
    expect(await reminders(id, 'unconfirmed_operators')).toHaveLength(0);
    // The other signing, never confirmed, is the operators' to chase.
    expect((await reminders(unconfirmed, 'unconfirmed_operators')).map((j) => j.recipientId)).toContain(ids.admin);
  });

  it('sends each reminder once when two processes sweep at the same moment', async () => {
    const id = await signing({ hasDocuments: true, markedCompleted: false });
    const now = at(2 * HOUR + MINUTE);
    const [a, b] = await Promise.all([sweep(now), sweep(now)]);
    expect((a.not_completed ?? 0) + (b.not_completed ?? 0)).toBeGreaterThanOrEqual(1);
    expect(await reminders(id, 'not_completed')).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(schema.remindersSent)
      .where(and(eq(schema.remindersSent.appointmentId, id), eq(schema.remindersSent.kind, 'not_completed')));
    expect(row!.dueAt.toISOString()).toBe(at(2 * HOUR).toISOString());
  });

  it('lists an order without documents 3 hours before its signing as at risk, until the documents are uploaded', async () => {
    const startsAt = Math.floor(Date.now() / 1000) + 2 * 3600 + 50 * 60;
    const id = await signing({ startsAt });
    const atRisk = async () => {
      const res = await t.request('/api/dashboard/at-risk', { cookie: s.subAdmin });
      expect(res.status).toBe(200);
      return ((await readJson(res)).items as { appointmentId: string; reason: string; label: string; action: string }[]).filter(
        (i) => i.appointmentId === id,
      );
    };
    expect(await atRisk()).toEqual([
      expect.objectContaining({
        reason: 'documents_3h',
        label: 'No documents 3 hours before the signing',
        action: 'Ask the escrow officer for the documents',
      }),
    ]);
    expect((await t.request('/api/dashboard/at-risk', { cookie: s.escrowA })).status).toBe(403);
    await t.database.db.update(appointments).set({ hasDocuments: true }).where(eq(appointments.id, id));
    expect(await atRisk()).toEqual([]);
  });

  it('marks an order without documents for its officer within 24 hours of the signing, and no other firm sees it', async () => {
    const startsAt = Math.floor(Date.now() / 1000) + 20 * 3600;
    const id = await signing({ startsAt });
    const needs = async (cookie: string) => {
      const res = await t.request('/api/escrow/appointments/needs-action', { cookie });
      expect(res.status).toBe(200);
      return ((await readJson(res)).items as { appointmentId: string }[]).filter((i) => i.appointmentId === id);
    };
    expect(await needs(s.escrowA)).toEqual([
      expect.objectContaining({
        reason: 'documents_24h',
        label: 'No documents for the signing in less than 24 hours',
        action: 'Upload the documents',
        signingText: '12/10/2030, 2:30 PM PT',
      }),
    ]);
    expect(await needs(s.escrowB)).toEqual([]);
    expect((await t.request('/api/escrow/appointments/needs-action', { cookie: s.agent })).status).toBe(403);
    await t.database.db.update(appointments).set({ hasDocuments: true }).where(eq(appointments.id, id));
    expect(await needs(s.escrowA)).toEqual([]);
  });

  describe('through the delivery worker', () => {
    let workers: SmsWorkers;
    let clock = at(0);
    beforeAll(async () => {
      workers = await smsWorkers(t, () => clock);
    });
    afterAll(() => workers.close());

    it('holds the agent’s not-shipped text due at 10 PM until 7 AM, and sends the evening-before text at once', async () => {
      // Signed at 2:30 PM, originals to ship by 10 PM the same day; nothing shipped.
      const id = await signing({
        hasDocuments: true,
        status: 'Completed',
        markedCompleted: true,
        outcome: 'signed',
        returnMethod: 'dropoff',
        returnCarrier: 'FedEx',
        shipByDay: 'same_day',
        shipByTime: '22:00',
      });
      clock = new Date(appointmentInstant('2030-12-10', '22:01', 'PT') * 1000);
      const worker = await workers.start();
      await sweep(clock);
      await worker.drain();
      const [job] = (await reminders(id, 'not_shipped')).filter((j) => j.recipientId === ids.agent);
      expect(job!.state).toBe('sent');
      const held = await t.database.db
        .select()
        .from(notificationJobs)
        .where(and(eq(notificationJobs.recipientId, ids.agent), inArray(notificationJobs.type, [QUIET_HOURS_TYPE])));
      expect(held.find((h) => (h.payload as { heldJob: string }).heldJob === job!.id)).toMatchObject({
        payload: { dueAt: new Date(appointmentInstant('2030-12-11', '07:00', 'PT') * 1000).toISOString() },
      });
      expect(workers.sms.received.filter((m) => m.body.includes('Originals not shipped'))).toHaveLength(0);

      // The evening before another signing (6 PM): texted at once.
      const tomorrow = await signing({ hasDocuments: true });
      clock = new Date(appointmentInstant('2030-12-09', '18:01', 'PT') * 1000);
      await sweep(clock);
      await worker.drain();
      expect((await reminders(tomorrow, 'evening_before')).map((j) => j.recipientId)).toEqual([ids.agent]);
      expect(workers.sms.received.some((m) => m.body.includes('Signing tomorrow') || m.body.includes('Your signing is tomorrow'))).toBe(
        true,
      );
      await worker.stop();
    });
  });
});
