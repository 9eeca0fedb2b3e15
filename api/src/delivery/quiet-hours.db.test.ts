/**
 * Quiet hours and the agent's channel choices, through the delivery worker: what the agent's
 * phone receives at the SMS provider and what the database holds. The worker's clock is
 * injected; pg-boss's wait for 7 am is checked in its table and then stepped over.
 */
import { rowsOf, schema } from '@signingdesk/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notify } from './notify';
import { scheduledForAgent, signInAll, userIdOf, type Sessions } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { QUEUES } from './queue';
import { findActor } from '../lib/actor';
import { messageAgent } from '../modules/agents/agents.messages';
import { QUIET_HOURS_TYPE } from './quiet-hours';
import { TEXT_DIGEST_TYPE } from './text-digest';
import { TEXT_WINDOW_SECONDS } from '@signingdesk/domain/notification-rules';
import { smsWorkers, type SmsWorkers } from './testing/sms-worker';

const { notificationJobs, notificationDeliveries, agentProfiles, appointments, outboundMessages } = schema;
const AGENT_PHONE = '+16265550130';
// The agent lives in California (Pacific time); the order is 12/10/2030 at 2:30 PM PT.
const NOON_PT = new Date('2030-12-09T20:00:00Z');
const TEN_PM_PT = new Date('2030-12-10T06:00:00Z');
const SEVEN_AM_PT = new Date('2030-12-10T15:00:00Z');

describe('quiet hours and channel choices', () => {
  let t: TestApp;
  let s: Sessions;
  let workers: SmsWorkers;
  let agentId: string;
  let clock = NOON_PT;

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    workers = await smsWorkers(t, () => clock);
    agentId = await userIdOf(t, 'agent@demo.test');
    await t.database.db.update(agentProfiles).set({ state: 'CA', smsOptIn: true }).where(eq(agentProfiles.userId, agentId));
  });
  afterEach(async () => {
    await workers.stopWorkers();
    await t.database.db.update(agentProfiles).set({ channelPreferences: {} }).where(eq(agentProfiles.userId, agentId));
  });
  afterAll(async () => {
    await workers.close();
    await t.close();
  });

  const startWorker = () => workers.start();

  const textsAbout = (appointmentId: string) =>
    workers.sms.received.filter((m) => m.to === AGENT_PHONE && m.body.includes(`/notary/appointments/${appointmentId}`));

  /** A message from the escrow officer on the order, to the agent. */
  const noteTo = (appointmentId: string, noteId: string) =>
    t.database.db.transaction((tx) =>
      notify(tx, {
        type: 'note.created',
        recipientIds: [agentId],
        appointmentId,
        payload: { noteId, name: 'Fixture Refinance', authorName: 'Dana Whitfield', authorSide: 'escrow' },
      }),
    );
  const jobOf = async (appointmentId: string, type: string) =>
    t.database.db
      .select()
      .from(notificationJobs)
      .where(
        and(eq(notificationJobs.appointmentId, appointmentId), eq(notificationJobs.recipientId, agentId), eq(notificationJobs.type, type)),
      );
  const smsDeliveryOf = async (jobId: string) =>
    (
      await t.database.db
        .select()
        .from(notificationDeliveries)
        .where(and(eq(notificationDeliveries.jobId, jobId), eq(notificationDeliveries.channel, 'sms')))
    )[0];

  it('holds a text at 10 pm, not sent before 7 am, sent once at 7 am across a restart and two workers', async () => {
    clock = NOON_PT;
    let worker = await startWorker();
    const { id } = await scheduledForAgent(t, s);
    await worker.drain();
    const before = textsAbout(id).length;
    expect(before).toBeGreaterThan(0);

    clock = TEN_PM_PT;
    await noteTo(id, '00000000-0000-4000-8000-000000000001');
    await worker.drain();
    expect(textsAbout(id)).toHaveLength(before);
    const [note] = await jobOf(id, 'note.created');
    const [quiet] = await jobOf(id, QUIET_HOURS_TYPE);
    expect(note!.state).toBe('sent');
    expect(quiet).toMatchObject({ state: 'pending', payload: { dueAt: SEVEN_AM_PT.toISOString(), heldJob: note!.id } });
    expect((await smsDeliveryOf(note!.id))!.detail).toBe(`held for quiet hours until 2030-12-10 15:00 UTC (notification ${quiet!.id})`);
    // pg-boss holds the job until 7 am: the wait is a row in PostgreSQL, not a timer.
    const [boss] = rowsOf<{ start_after: string | Date }>(
      await t.database.db.execute(sql`select start_after from pgboss.job where name = ${QUEUES.notifications} and id = ${quiet!.id}`),
    );
    expect(new Date(boss!.start_after).toISOString()).toBe(SEVEN_AM_PT.toISOString());

    // The process restarts at 6:59 am: pg-boss does not hand the job out yet.
    await worker.stop();
    clock = new Date(SEVEN_AM_PT.getTime() - 60_000);
    worker = await startWorker();
    await worker.drain();
    expect(textsAbout(id)).toHaveLength(before);
    // Handed out early (another process's clock a little ahead): not sent, retried.
    await t.database.db.execute(sql`update pgboss.job set start_after = now() where name = ${QUEUES.notifications} and id = ${quiet!.id}`);
    await worker.drain();
    expect(textsAbout(id)).toHaveLength(before);
    expect((await jobOf(id, QUIET_HOURS_TYPE))[0]).toMatchObject({
      state: 'pending',
      lastError: 'held for quiet hours until 2030-12-10 15:00 UTC',
    });

    clock = SEVEN_AM_PT;
    const second = await startWorker();
    await Promise.all([worker.drain({ ignoreBackoff: true }), second.drain({ ignoreBackoff: true })]);
    await Promise.all([worker.drain({ ignoreBackoff: true }), second.drain({ ignoreBackoff: true })]);
    const texts = textsAbout(id).slice(before);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(/^SigningDesk: Dana Whitfield wrote on Fixture Refinance/);
    expect((await jobOf(id, QUIET_HOURS_TYPE))[0]!.state).toBe('sent');
    expect((await smsDeliveryOf(note!.id))!).toMatchObject({
      state: 'sent',
      detail: expect.stringMatching(new RegExp(`^after quiet hours \\(notification ${quiet!.id}\\): queued for sending`)),
    });
  });

  it('sends a night of messages on one order as one text at 7 am and one digest after it', async () => {
    clock = NOON_PT;
    const worker = await startWorker();
    const { id } = await scheduledForAgent(t, s);
    await worker.drain();
    const before = textsAbout(id).length;

    clock = TEN_PM_PT;
    for (let i = 1; i <= 5; i++) await noteTo(id, `00000000-0000-4000-8000-00000000010${i}`);
    await worker.drain();
    expect(textsAbout(id)).toHaveLength(before);
    expect(await jobOf(id, QUIET_HOURS_TYPE)).toHaveLength(5);

    // 7 am: pg-boss hands the five out (their start moved to the database's now).
    clock = SEVEN_AM_PT;
    await t.database.db.execute(
      sql`update pgboss.job set start_after = now() where name = ${QUEUES.notifications} and data->>'notificationId' in (select id::text from notification_jobs where type = ${QUIET_HOURS_TYPE})`,
    );
    await worker.drain();
    expect(textsAbout(id)).toHaveLength(before + 1);
    expect(textsAbout(id)[before]!.body).toMatch(/^SigningDesk: Dana Whitfield wrote on Fixture Refinance/);
    expect((await jobOf(id, QUIET_HOURS_TYPE)).map((j) => j.state)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    const [digest] = await jobOf(id, TEXT_DIGEST_TYPE);
    expect(digest).toMatchObject({ state: 'pending', payload: { held: expect.any(Array) } });
    expect((digest!.payload.held as string[]).length).toBe(4);

    // The order's window ends: the four others go as one digest text, naming what they were.
    const back = sql`make_interval(secs => ${TEXT_WINDOW_SECONDS})`;
    await t.database.db.execute(sql`update outbound_messages set created_at = created_at - ${back} where channel = 'sms'`);
    await t.database.db.execute(sql`update pgboss.job set start_after = now() where name = ${QUEUES.notifications} and id = ${digest!.id}`);
    await worker.drain();
    const texts = textsAbout(id).slice(before);
    expect(texts).toHaveLength(2);
    expect(texts[1]!.body).toMatch(/^SigningDesk: 4 more updates on Fixture Refinance \(12\/10\/2030\): 4 new messages\./);
  });

  it('texts at 10 pm about the agent’s own signing starting within 2 hours', async () => {
    clock = NOON_PT;
    const worker = await startWorker();
    const { id } = await scheduledForAgent(t, s);
    await worker.drain();
    const before = textsAbout(id).length;

    clock = TEN_PM_PT;
    const startsAt = Math.floor(TEN_PM_PT.getTime() / 1000) + 90 * 60;
    await t.database.db.update(appointments).set({ startsAt }).where(eq(appointments.id, id));
    await noteTo(id, '00000000-0000-4000-8000-000000000002');
    await worker.drain();
    expect(textsAbout(id)).toHaveLength(before + 1);
    expect(await jobOf(id, QUIET_HOURS_TYPE)).toEqual([]);
  });

  it('uses only the channels the agent chose for a kind of notification', async () => {
    clock = NOON_PT;
    const worker = await startWorker();
    const { id } = await scheduledForAgent(t, s);
    await worker.drain();
    const before = textsAbout(id).length;
    await t.database.db
      .update(agentProfiles)
      .set({ channelPreferences: { messages: ['push'] } })
      .where(eq(agentProfiles.userId, agentId));

    await noteTo(id, '00000000-0000-4000-8000-000000000003');
    await worker.drain();
    expect(textsAbout(id)).toHaveLength(before);
    const [note] = await jobOf(id, 'note.created');
    const deliveries = await t.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.jobId, note!.id));
    expect(deliveries.find((d) => d.channel === 'sms')).toMatchObject({ state: 'skipped', detail: 'turned off by the agent for messages' });
    expect(deliveries.find((d) => d.channel === 'email')).toMatchObject({
      state: 'skipped',
      detail: 'turned off by the agent for messages',
    });
  });

  it('holds an operator’s own text at 10 pm until 7 am, and sends one at noon at once', async () => {
    const admin = (await findActor(t.database.db, { email: 'admin@demo.test' }))!;
    const sent = (body: string) => workers.sms.received.filter((m) => m.to === AGENT_PHONE && m.body.includes(body));

    const night = await messageAgent(t.database.db, admin, agentId, { channel: 'sms', message: 'Call me back tomorrow' }, TEN_PM_PT);
    expect(night.message).toBe(
      'Your text message to Jordan Taylor was queued. It is quiet hours where they are (9 PM to 7 AM), so it will be sent at 7 AM their time (12/10/2030, 7:00 AM PST).',
    );
    const [row] = await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.id, night.outboundMessageId));
    expect(row!.sendAfter).toEqual(SEVEN_AM_PT);

    clock = TEN_PM_PT;
    const worker = await startWorker();
    await worker.drain();
    expect(sent('Call me back tomorrow')).toHaveLength(0);
    const [boss] = rowsOf<{ start_after: string | Date }>(
      await t.database.db.execute(sql`select start_after from pgboss.job where name = ${QUEUES.outbound} and id = ${row!.id}`),
    );
    expect(new Date(boss!.start_after).toISOString()).toBe(SEVEN_AM_PT.toISOString());
    // Handed out early (another process's clock a little ahead): not sent, retried.
    await t.database.db.execute(sql`update pgboss.job set start_after = now() where name = ${QUEUES.outbound} and id = ${row!.id}`);
    await worker.drain();
    expect(sent('Call me back tomorrow')).toHaveLength(0);
    expect((await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.id, row!.id)))[0]).toMatchObject({
      state: 'queued',
      error: 'held for quiet hours until 2030-12-10 15:00 UTC',
    });

    clock = SEVEN_AM_PT;
    await worker.drain({ ignoreBackoff: true });
    expect(sent('Call me back tomorrow')).toHaveLength(1);
    expect((await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.id, row!.id)))[0]!.state).toBe('sent');

    const noon = await messageAgent(t.database.db, admin, agentId, { channel: 'sms', message: 'Lunch-time question' }, NOON_PT);
    expect(noon.message).toBe('Your text message to Jordan Taylor was queued.');
    clock = NOON_PT;
    await worker.drain();
    expect(sent('Lunch-time question')).toHaveLength(1);
  });
});
