/**
 * Order notices before background ones (domain/notification-rules.ts `deliveryPriority`): a
 * morning's burst of credential reminders, recorded before an order's message, does not make the
 * agent's phone wait for the message. What the SMS provider receives, in order, is the check.
 */
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from './notify';
import { scheduledForAgent, signInAll, userIdOf, type Sessions } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { daytime } from './testing/clock';
import { smsWorkers, type SmsWorkers } from './testing/sms-worker';

const { notificationJobs, outboundMessages } = schema;
const AGENT_PHONE = '+16265550130';
const REMINDERS = 30;

describe('delivery priority', () => {
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
  afterAll(async () => {
    await workers.close();
    await t.close();
  });

  it('texts an order message before 30 credential reminders recorded ahead of it', async () => {
    const worker = await workers.start({ tuning: { batchSize: 5 } });
    const { id } = await scheduledForAgent(t, s);
    await worker.drain();
    const before = workers.sms.received.length;

    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < REMINDERS; i += 1) {
        await notify(tx, {
          type: 'credential.expiring',
          recipientIds: [agentId],
          payload: { credential: `Surety bond ${i + 1}`, expiresOn: '2030-07-12', daysBefore: 30 },
        });
      }
    });
    await t.database.db.transaction((tx) =>
      notify(tx, {
        type: 'note.created',
        recipientIds: [agentId],
        appointmentId: id,
        payload: {
          noteId: '00000000-0000-4000-8000-0000000000a1',
          name: 'Fixture Refinance',
          authorName: 'Dana Whitfield',
          authorSide: 'escrow',
        },
      }),
    );
    await worker.drain();

    const texts = workers.sms.received.slice(before).filter((m) => m.to === AGENT_PHONE);
    expect(texts).toHaveLength(REMINDERS + 1);
    expect(texts[0]!.body).toMatch(/^SigningDesk: Dana Whitfield wrote on Fixture Refinance/);
    expect(texts.slice(1).every((m) => /Surety bond \d+ expires on 07\/12\/2030, in 30 days/.test(m.body))).toBe(true);

    // Every job and text went out once, the reminders too.
    const reminders = await t.database.db.select().from(notificationJobs).where(eq(notificationJobs.type, 'credential.expiring'));
    expect(reminders.filter((j) => j.state === 'sent')).toHaveLength(REMINDERS);
    const queued = await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.state, 'queued'));
    expect(queued).toEqual([]);
  });
});
