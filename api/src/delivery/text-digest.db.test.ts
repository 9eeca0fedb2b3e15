/**
 * Texts coalesced per order and recipient (domain/notification-rules.ts): what the agent's
 * phone receives at the SMS provider, and what the database and the Outbox hold, when an order
 * sends many routine updates in a few minutes. The window's end is brought forward by moving
 * the stored times back, never by waiting.
 */
import { rowsOf, schema } from '@signingdesk/db';
import { TEXT_WINDOW_SECONDS } from '@signingdesk/domain/notification-rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notify } from './notify';
import { post, scheduledForAgent, signInAll, userIdOf, type Sessions } from '../testing/fixtures';
import { createTestApp, readJson, TEST_ORIGIN, type TestApp } from '../testing/test-app';
import { QUEUES } from './queue';
import { TEXT_DIGEST_TYPE } from './text-digest';
import { SMS_MAX_LENGTH } from './texts';
import { smsWorkers, type SmsWorkers } from './testing/sms-worker';
import { daytime } from './testing/clock';

const { notificationJobs, notificationDeliveries, outboundMessages } = schema;
const AGENT_PHONE = '+16265550130';

describe('texts coalesced per order and recipient', () => {
  let t: TestApp;
  let s: Sessions;
  let workers: SmsWorkers;
  let agentId: string;

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    workers = await smsWorkers(t, daytime);
    agentId = await userIdOf(t, 'agent@demo.test');
  });
  afterEach(async () => {
    await workers.stopWorkers();
  });
  afterAll(async () => {
    await workers.close();
    await t.close();
  });

  const startWorker = () => workers.start();

  /** The texts the agent's phone received about one order. */
  const textsAbout = (appointmentId: string) =>
    workers.sms.received.filter((m) => m.to === AGENT_PHONE && m.body.includes(`/notary/appointments/${appointmentId}`));

  const message = (appointmentId: string, cookie: string, text: string) =>
    post(t, `/api/appointments/${appointmentId}/notes`, cookie, { message: text });

  /** The window ends: every text and every job start in the database moves TEXT_WINDOW_SECONDS into the past. */
  async function windowEnds() {
    const back = sql`make_interval(secs => ${TEXT_WINDOW_SECONDS})`;
    await t.database.db.execute(sql`update outbound_messages set created_at = created_at - ${back} where channel = 'sms'`);
    await t.database.db.execute(
      sql`update pgboss.job set start_after = start_after - ${back} where name = ${QUEUES.notifications} and state = 'created'`,
    );
  }

  const digestsOf = (appointmentId: string) =>
    t.database.db
      .select()
      .from(notificationJobs)
      .where(
        and(
          eq(notificationJobs.appointmentId, appointmentId),
          eq(notificationJobs.recipientId, agentId),
          eq(notificationJobs.type, TEXT_DIGEST_TYPE),
        ),
      );

  const smsDeliveries = async (jobIds: string[]) =>
    t.database.db
      .select()
      .from(notificationDeliveries)
      .where(and(inArray(notificationDeliveries.jobId, jobIds), eq(notificationDeliveries.channel, 'sms')));

  it('texts the first of 25 messages at once and the other 24, with an order edit, in one digest when the window ends', async () => {
    const worker = await startWorker();
    const { id } = await scheduledForAgent(t, s);
    await worker.drain();
    // Being assigned is told at once, and does not count towards the window.
    expect(textsAbout(id).map((m) => m.body)).toEqual([expect.stringMatching(/^SigningDesk: You are assigned to Fixture Refinance/)]);

    for (let i = 1; i <= 25; i++) expect((await message(id, s.escrowA, `Update ${i} on the signing`)).status).toBe(201);
    await t.database.db.transaction((tx) =>
      notify(tx, {
        type: 'appointment.updated',
        recipientIds: [agentId],
        appointmentId: id,
        payload: { name: 'Fixture Refinance', changedFields: ['time'] },
      }),
    );
    await worker.drain();

    const [first, ...rest] = textsAbout(id).slice(1);
    expect(rest).toEqual([]);
    expect(first!.body).toMatch(/^SigningDesk: .+ wrote on Fixture Refinance \(12\/10\/2030\)\. Open the order to read it\./);
    const jobs = await t.database.db
      .select()
      .from(notificationJobs)
      .where(
        and(
          eq(notificationJobs.appointmentId, id),
          eq(notificationJobs.recipientId, agentId),
          inArray(notificationJobs.type, ['note.created', 'appointment.updated']),
        ),
      );
    expect(jobs).toHaveLength(26);
    expect(jobs.every((j) => j.state === 'sent')).toBe(true);
    const deliveries = await smsDeliveries(jobs.map((j) => j.id));
    const [digest] = await digestsOf(id);
    expect(digest).toMatchObject({ state: 'pending', payload: { held: expect.any(Array) } });
    const held = deliveries.filter((d) => d.state === 'skipped');
    expect(held).toHaveLength(25);
    expect(
      held.every((d) => d.detail!.startsWith('held for the digest text due ') && d.detail!.endsWith(`UTC (notification ${digest!.id})`)),
    ).toBe(true);
    expect(deliveries.filter((d) => d.state === 'sent')).toHaveLength(1);
    expect((digest!.payload as { held: string[] }).held.sort()).toEqual(held.map((d) => d.jobId).sort());

    // The digest waits in the queue for the end of the window: working now sends nothing more.
    await worker.drain();
    expect(textsAbout(id)).toHaveLength(2);

    await windowEnds();
    await worker.drain();
    const texts = textsAbout(id);
    expect(texts).toHaveLength(3);
    expect(texts[2]!.body).toBe(
      `SigningDesk: 25 more updates on Fixture Refinance (12/10/2030): 24 new messages, 1 change. ${TEST_ORIGIN}/notary/appointments/${id}`,
    );
    expect(texts[2]!.body.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);

    // The Outbox: the digest's own text was sent; each held update says which text carried it.
    const [sentDigest] = await digestsOf(id);
    expect(sentDigest!.state).toBe('sent');
    const [digestText] = await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.jobId, sentDigest!.id));
    expect(digestText).toMatchObject({ channel: 'sms', toAddress: AGENT_PHONE, state: 'sent', body: texts[2]!.body });
    const after = await smsDeliveries(held.map((d) => d.jobId));
    expect(new Set(after.map((d) => `${d.state}: ${d.detail}`))).toEqual(
      new Set([`sent: in the digest text (notification ${sentDigest!.id}): queued for sending (message ${digestText!.id})`]),
    );
    const page = await readJson(
      await t.request(`/api/notifications/jobs?appointmentId=${id}&type=${TEXT_DIGEST_TYPE}`, { cookie: s.admin }),
    );
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      recipient: { id: agentId },
      state: 'sent',
      messages: [{ channel: 'sms', toAddress: AGENT_PHONE, state: 'sent' }],
    });

    // The digest opened the next window: a message now is held for the next digest.
    expect((await message(id, s.admin, 'One more thing')).status).toBe(201);
    await worker.drain();
    expect(textsAbout(id)).toHaveLength(3);
    expect((await digestsOf(id)).filter((d) => d.state === 'pending')).toHaveLength(1);
  });

  it('texts the first update of each order at once, and never holds an urgent text', async () => {
    const worker = await startWorker();
    const a = await scheduledForAgent(t, s);
    const b = await scheduledForAgent(t, s);
    await worker.drain();
    expect((await message(a.id, s.admin, 'Please bring a second pen')).status).toBe(201);
    expect((await message(b.id, s.admin, 'The signer asks for a call')).status).toBe(201);
    await worker.drain();
    expect(textsAbout(a.id)).toHaveLength(2);
    expect(textsAbout(b.id)).toHaveLength(2);
    expect(textsAbout(a.id)[1]!.body).toMatch(/wrote on Fixture Refinance/);
    expect(textsAbout(b.id)[1]!.body).toMatch(/wrote on Fixture Refinance/);

    // Within the window of order a, putting it on hold is texted at once; a message is held.
    await t.database.db.transaction((tx) =>
      notify(tx, {
        type: 'appointment.status_changed',
        recipientIds: [agentId],
        appointmentId: a.id,
        payload: { name: 'Fixture Refinance', url: `/preview/${a.id}`, from: 'Scheduled', to: 'Paused' },
      }),
    );
    expect((await message(a.id, s.admin, 'On hold until Monday')).status).toBe(201);
    await worker.drain();
    expect(
      textsAbout(a.id)
        .slice(2)
        .map((m) => m.body),
    ).toEqual([`SigningDesk: Fixture Refinance (12/10/2030) is now on hold. ${TEST_ORIGIN}/notary/appointments/${a.id}`]);
    expect(await digestsOf(a.id)).toHaveLength(1);
    expect(await digestsOf(b.id)).toHaveLength(0);
  });

  it('keeps a digest across a worker restart and sends it once with two workers', async () => {
    const first = await startWorker();
    const { id } = await scheduledForAgent(t, s);
    for (const text of ['Parking is behind the building', 'Gate code 4411', 'Ask for Dana'])
      expect((await message(id, s.admin, text)).status).toBe(201);
    await first.drain();
    expect(textsAbout(id)).toHaveLength(2);
    const [digest] = await digestsOf(id);
    const queued = rowsOf<{ state: string; due: boolean }>(
      await t.database.db.execute(
        sql`select state, start_after > now() + interval '9 minutes' as due from pgboss.job where id = ${digest!.id}`,
      ),
    );
    expect(queued).toEqual([{ state: 'created', due: true }]);

    await workers.stopWorkers();
    const restarted = await startWorker();
    await restarted.drain();
    expect(textsAbout(id)).toHaveLength(2);
    await workers.stopWorkers();

    await windowEnds();
    const [one, two] = [await startWorker(), await startWorker()];
    await Promise.all([one.drain(), two.drain()]);
    const texts = textsAbout(id);
    expect(texts).toHaveLength(3);
    expect(texts[2]!.body).toBe(
      `SigningDesk: 2 more updates on Fixture Refinance (12/10/2030): 2 new messages. ${TEST_ORIGIN}/notary/appointments/${id}`,
    );
    expect(await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.jobId, digest!.id))).toHaveLength(1);
    expect((await digestsOf(id)).map((d) => d.state)).toEqual(['sent']);
  });
});
