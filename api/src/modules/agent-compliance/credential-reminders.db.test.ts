/**
 * Expiry reminders (issue 31, decision 065) with an injected clock: each of 30, 14, 3 and 0
 * days before is sent once, on its day; a second sweep the same day, or the whole run again,
 * sends nothing; a renewal starts fresh and the replaced row is reminded of no more; a rejected
 * credential is not reminded of. The notification names the credential and the date and links
 * to the agent's credentials screen.
 */
import { schema } from '@signingdesk/db';
import { addDays } from '@signingdesk/domain/credentials';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readNotification } from '../../delivery/notify';
import { channelTexts } from '../../delivery/texts';
import { userIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sendCredentialReminders } from './credential-reminders';

/** Noon in Central on `day`: the sweep's clock. */
const noonOn = (day: string) => new Date(`${day}T12:00:00-06:00`);

describe('credential expiry reminders', () => {
  let t: TestApp;
  let agentId: string;

  beforeAll(async () => {
    t = await createTestApp({ agentCount: 0 });
    agentId = await userIdOf(t, 'agent@demo.test');
    // The demo agent's seeded credentials out of the way: each test's are the only ones swept.
    await t.database.db.delete(schema.agentCredentials);
  });
  afterAll(() => t?.close());

  async function addCredential(values: Partial<typeof schema.agentCredentials.$inferInsert>) {
    const [row] = await t.database.db
      .insert(schema.agentCredentials)
      .values({ agentId, kind: 'commission', state: 'TX', review: 'verified', createdAt: new Date('2026-01-05T12:00:00Z'), ...values })
      .returning();
    return row!;
  }

  /** The reminder jobs written for the agent about this credential, as [days before, day sent]. */
  async function remindersFor(credential: string) {
    const jobs = await t.database.db
      .select({ payload: schema.notificationJobs.payload })
      .from(schema.notificationJobs)
      .where(and(eq(schema.notificationJobs.recipientId, agentId), eq(schema.notificationJobs.type, 'credential.expiring')));
    return jobs
      .map((j) => j.payload as { credential: string; expiresOn: string; daysBefore: number })
      .filter((p) => p.credential === credential);
  }

  /** Sweeps every day from `from` to `to` at noon (twice a day); returns the day each step was sent and how many were sent. */
  async function sweepDays(from: string, to: string, onDay?: (day: string) => Promise<void>) {
    const sentOn: Record<number, string> = {};
    let total = 0;
    for (let day = from; day <= to; day = addDays(day, 1)) {
      await onDay?.(day);
      const sent = await sendCredentialReminders(t.database.db, { now: noonOn(day) });
      // A second sweep the same day (another process, a restart) sends nothing more.
      expect(await sendCredentialReminders(t.database.db, { now: noonOn(day) })).toBe(0);
      total += sent;
      if (sent === 0) continue;
      const rows = await t.database.db
        .select()
        .from(schema.credentialReminders)
        .where(eq(schema.credentialReminders.sentAt, noonOn(day)));
      expect(rows).toHaveLength(sent);
      for (const row of rows) sentOn[row.daysBefore] = day;
    }
    return { sentOn, total };
  }

  it('sends each reminder once, on 30, 14 and 3 days before and on the day, and never again', async () => {
    const credential = await addCredential({ kind: 'commission', state: 'TX', expiresOn: '2027-01-31', number: 'TX-77' });
    const rejected = await addCredential({
      kind: 'eo_insurance',
      state: null,
      expiresOn: '2027-01-20',
      review: 'rejected',
      rejectReason: 'Expired policy',
    });

    const { sentOn } = await sweepDays('2026-12-20', '2027-02-03');
    expect(sentOn).toEqual({ 30: '2027-01-01', 14: '2027-01-17', 3: '2027-01-28', 0: '2027-01-31' });
    const jobs = await remindersFor('Notary commission (TX)');
    expect(jobs.map((j) => j.daysBefore)).toEqual([30, 14, 3, 0]);
    expect(jobs.every((j) => j.expiresOn === '2027-01-31')).toBe(true);
    expect(await remindersFor('E&O insurance')).toEqual([]);
    const proofs = await t.database.db
      .select()
      .from(schema.credentialReminders)
      .where(eq(schema.credentialReminders.credentialId, rejected.id));
    expect(proofs).toEqual([]);

    // The whole run again sends nothing.
    expect((await sweepDays('2026-12-20', '2027-02-03')).total).toBe(0);
    expect(await remindersFor('Notary commission (TX)')).toHaveLength(4);
    const rows = await t.database.db
      .select()
      .from(schema.credentialReminders)
      .where(eq(schema.credentialReminders.credentialId, credential.id));
    expect(rows.map((r) => r.daysBefore).sort((a, b) => a - b)).toEqual([0, 3, 14, 30]);
  });

  it('after a renewal, the replaced credential is not reminded of again and the new one starts fresh', async () => {
    const old = await addCredential({ kind: 'surety_bond', state: 'CA', expiresOn: '2027-03-31', provider: 'Surety Co' });
    let renewal: string | null = null;
    const { sentOn } = await sweepDays('2027-02-25', '2027-04-02', async (day) => {
      if (day !== '2027-03-20') return;
      // The agent renews 11 days before the expiry: a new row, the old one stamped.
      await t.database.db
        .update(schema.agentCredentials)
        .set({ replacedAt: noonOn(day) })
        .where(eq(schema.agentCredentials.id, old.id));
      renewal = (
        await addCredential({ kind: 'surety_bond', state: 'CA', expiresOn: '2028-03-31', provider: 'Surety Co', review: 'pending' })
      ).id;
    });
    expect(sentOn).toEqual({ 30: '2027-03-01', 14: '2027-03-17' });
    expect((await remindersFor('Surety bond (CA)')).map((j) => j.daysBefore)).toEqual([30, 14]);
    const renewed = await t.database.db
      .select()
      .from(schema.credentialReminders)
      .where(eq(schema.credentialReminders.credentialId, renewal!));
    expect(renewed).toEqual([]);
    // A year on, the renewal has its own reminders.
    await sweepDays('2028-03-01', '2028-03-01');
    expect((await remindersFor('Surety bond (CA)')).map((j) => j.daysBefore)).toEqual([30, 14, 30]);
  });

  it('a disabled agent is not reminded', async () => {
    const other = await userIdOf(t, 'pending-agent@demo.test');
    await t.database.db.update(schema.profiles).set({ status: 'disabled' }).where(eq(schema.profiles.userId, other));
    const [row] = await t.database.db
      .insert(schema.agentCredentials)
      .values({ agentId: other, kind: 'w9', review: 'verified', expiresOn: '2029-05-10' })
      .returning();
    await sendCredentialReminders(t.database.db, { now: noonOn('2029-05-10') });
    expect(
      await t.database.db.select().from(schema.credentialReminders).where(eq(schema.credentialReminders.credentialId, row!.id)),
    ).toEqual([]);
  });

  it('names the credential and the date, and links to the credentials screen', () => {
    const facts = {
      notification: readNotification('credential.expiring', {
        credential: 'Notary commission (TX)',
        expiresOn: '2027-01-31',
        daysBefore: 14,
      }),
      recipient: { id: agentId, name: 'Demo Agent', role: 'notary' as const },
      appointment: null,
      names: {},
    };
    const texts = channelTexts(facts, 'https://signings.example.com');
    expect(texts.push).toMatchObject({
      title: 'A credential expires soon',
      body: 'Notary commission (TX) expires on 01/31/2027, in 14 days. Renew it in your profile to keep receiving signings.',
      url: '/notary/profile/credentials',
    });
    expect(texts.sms).toBe(
      'SigningDesk: Notary commission (TX) expires on 01/31/2027, in 14 days. Renew it in your profile to keep receiving signings. https://signings.example.com/notary/profile/credentials',
    );
    const today = channelTexts(
      {
        ...facts,
        notification: readNotification('credential.expiring', { credential: 'E&O insurance', expiresOn: '2027-01-31', daysBefore: 0 }),
      },
      'https://signings.example.com',
    );
    expect(today.push?.body).toBe('E&O insurance expires today (01/31/2027). Renew it in your profile to keep receiving signings.');
  });
});
