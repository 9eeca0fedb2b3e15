import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, readNotification } from './notify';
import { factsForRecipient, type LoadedAppointment } from './recipient-facts';
import { channelTexts, type NotificationFacts } from './texts';

const ORIGIN = 'https://signings.example.com';
const AGENT = 'a0000000-0000-4000-8000-000000000001';
const OTHER_AGENT = 'a0000000-0000-4000-8000-000000000002';
const appointment: LoadedAppointment = {
  id: 'b0000000-0000-4000-8000-000000000001',
  name: 'Gonzalez Closing',
  fileNumber: 'GZ-2026-0042',
  city: 'San Francisco',
  state: 'CA',
  date: '2030-12-10',
  time: '14:30',
  timeTbd: false,
  timeZone: 'PT',
  agentFeeCents: 15000,
  assignedAgentId: null,
  transactionType: 2,
  financeType: 12,
  status: 'Scheduled',
  startsAt: Date.UTC(2030, 11, 10, 22, 30) / 1000,
};
// Jobs are written with the name in their payload (workflow.service.ts, notes, files); a
// stored payload may hold more than its type's fields (the file number here), which are not read.
const payload = {
  name: 'Gonzalez Closing',
  fileNumber: 'GZ-2026-0042',
  changedFields: ['time'],
  to: 'Paused',
  authorName: 'Dana Whitfield',
};

function allTexts(type: string, a: LoadedAppointment, recipient: NotificationFacts['recipient']): string {
  const facts = factsForRecipient(a, readNotification(type, payload), recipient);
  const texts = channelTexts({ notification: facts.notification, recipient, appointment: facts.appointment, names: {} }, ORIGIN);
  return [texts.push?.title, texts.push?.body, texts.email.subject, texts.email.text, texts.sms].join('\n');
}

describe('what a notification may say about its appointment, per recipient', () => {
  it('never names the appointment or its file number to an agent who is not assigned to it, whatever the type', () => {
    for (const assignedAgentId of [null, OTHER_AGENT]) {
      for (const type of [...NOTIFICATION_TYPES, 'a.type.nobody.wrote.words.for']) {
        const text = allTexts(type, { ...appointment, assignedAgentId }, { id: AGENT, name: 'Ana', role: 'notary' });
        expect(text, type).not.toMatch(/Gonzalez|GZ-2026-0042/);
      }
    }
  });

  it("keeps the payload's name from an agent when the appointment is gone", () => {
    for (const type of NOTIFICATION_TYPES) {
      const notification = readNotification(type, payload);
      const facts = factsForRecipient(null, notification, { id: AGENT, role: 'notary' });
      expect(JSON.stringify(facts.notification), type).not.toMatch(/Gonzalez|GZ-2026-0042/);
      expect(factsForRecipient(null, notification, { id: 'c', role: 'creator' }).notification, type).toBe(notification);
    }
    expect(JSON.stringify(readNotification('note.created', payload))).toContain('Gonzalez Closing');
  });

  it('calls it by its neutral title instead', () => {
    const text = allTexts('appointment.updated', appointment, { id: AGENT, name: 'Ana', role: 'notary' });
    expect(text).toContain('Refinance signing — San Francisco, CA: Time changed.');
  });

  it('names it to the assigned agent and to the escrow side and operators, as before', () => {
    const assigned = { ...appointment, assignedAgentId: AGENT };
    expect(allTexts('appointment.updated', assigned, { id: AGENT, name: 'Ana', role: 'notary' })).toContain(
      'Gonzalez Closing: Time changed.',
    );
    for (const role of ['creator', 'creator_admin', 'admin', 'sub_admin'] as const) {
      expect(allTexts('appointment.updated', appointment, { id: 'c0000000-0000-4000-8000-000000000001', name: 'Dana', role })).toContain(
        'Gonzalez Closing',
      );
    }
  });

  it('names it to the assigned agent until 3 days after a completed signing, then calls it by its title (issue 26, item 6)', () => {
    const completed = { ...appointment, assignedAgentId: AGENT, status: 'Completed' };
    const agent = { id: AGENT, role: 'notary' } as const;
    const at = (seconds: number) => factsForRecipient(completed, readNotification('agent.paid', payload), agent, seconds);
    const windowEnd = completed.startsAt + 3 * 24 * 60 * 60;
    expect(JSON.stringify(at(windowEnd))).toContain('Gonzalez Closing');
    const after = at(windowEnd + 60);
    expect(JSON.stringify(after)).not.toMatch(/Gonzalez|GZ-2026-0042/);
    expect(after.appointment?.name).toBe('Refinance signing — San Francisco, CA');
    // The escrow side keeps the name for ever.
    expect(
      JSON.stringify(factsForRecipient(completed, readNotification('agent.paid', payload), { id: 'c', role: 'creator' }, windowEnd + 60)),
    ).toContain('Gonzalez Closing');
  });
});

describe('delivery writes the emails from those facts', () => {
  it("holds an unassigned agent's email without the appointment's name, and the escrow officer's with it", async () => {
    const { createTestApp } = await import('../testing/test-app');
    const { createOrder, signInAll, userIdOf, VALID_ORDER } = await import('../testing/fixtures');
    const { notify } = await import('./notify');
    const { deliverNotifications } = await import('./notification-jobs');
    const { concurrencyLimit } = await import('./context');
    const { schema } = await import('@signingdesk/db');
    const { eq, inArray } = await import('drizzle-orm');
    const t = await createTestApp();
    try {
      const s = await signInAll(t);
      const id = await createOrder(t, s.escrowA, { ...VALID_ORDER, name: 'Gonzalez Closing', fileNumber: 'GZ-2026-0042' });
      const agentId = await userIdOf(t, 'agent@demo.test');
      const escrowId = await userIdOf(t, 'escrow@firm-a.demo.test');
      // A type whose agent email is its full body (no short form), so the name would show.
      await notify(t.database.db, {
        type: 'appointment.created',
        recipientIds: [agentId, escrowId],
        appointmentId: id,
        payload: { name: 'Gonzalez Closing', firmId: 'f0000000-0000-4000-8000-000000000001' },
      });
      const jobs = await t.database.db.select().from(schema.notificationJobs).where(eq(schema.notificationJobs.appointmentId, id));
      await deliverNotifications(
        {
          db: t.database.db,
          origin: ORIGIN,
          vapid: { publicKey: 'unused', privateKey: 'unused' },
          vapidSubject: 'mailto:ops@example.com',
          pushTimeoutMs: 1000,
          pushSlot: concurrencyLimit(1),
          mailer: null,
          sms: null,
          storage: null,
          report: () => undefined,
        },
        jobs.map((j) => j.id),
      );
      const emails = await t.database.db
        .select({ to: schema.outboundMessages.recipientId, body: schema.outboundMessages.body })
        .from(schema.outboundMessages)
        .where(
          inArray(
            schema.outboundMessages.jobId,
            jobs.map((j) => j.id),
          ),
        );
      const bodyOf = (userId: string) => emails.find((e) => e.to === userId)?.body ?? '';
      expect(bodyOf(agentId)).toContain('Refinance signing — Los Angeles, CA');
      expect(bodyOf(agentId)).not.toMatch(/Gonzalez|GZ-2026-0042/);
      expect(bodyOf(escrowId)).toContain('Gonzalez Closing');
    } finally {
      await t.close();
    }
  }, 60_000);
});
