import { schema } from '@signingdesk/db';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryWorker } from '../../delivery/worker';
import { parseEnv } from '../../env';
import { userIdOf } from '../../testing/fixtures';
import { createTestApp, readJson, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { PASSWORD_RESET_ANSWER } from './password-resets.schemas';
import { createSetPasswordLink } from '../users/users.accounts';

const { verification, notificationJobs, notificationDeliveries, outboundMessages, formRateLimits, profiles, pushSubscriptions } = schema;

/** The limit createTestApp() configures (FORM_RATE_LIMIT_PER_HOUR's default). */
const LIMIT = 10;
const HOUR_MS = 60 * 60 * 1000;

describe('password-reset requests', () => {
  let t: TestApp;
  let addressCounter = 0;
  /** A fresh client address per request series, so no test spends another's allowance. */
  const freshAddress = () => `203.0.113.${++addressCounter}`;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ask = (body: unknown, clientIp = freshAddress()) =>
    t.request('/api/password-resets', { method: 'POST', body: JSON.stringify(body), clientIp });

  const resetTokensOf = async (userId: string) =>
    t.database.db
      .select()
      .from(verification)
      .where(and(eq(verification.value, userId), like(verification.identifier, 'reset-password:%')));
  const resetJobsOf = async (userId: string) =>
    t.database.db
      .select()
      .from(notificationJobs)
      .where(and(eq(notificationJobs.recipientId, userId), eq(notificationJobs.type, 'user.password_reset')));
  const totals = async () => {
    const [tokens] = await t.database.db.select({ n: count() }).from(verification);
    const [jobs] = await t.database.db.select({ n: count() }).from(notificationJobs);
    return { tokens: tokens!.n, jobs: jobs!.n };
  };

  /** A delivery worker with no SMTP: the email stays in the outbox, as on a laptop. */
  async function deliver() {
    const worker = await DeliveryWorker.start({
      env: parseEnv({ NODE_ENV: 'test', PUBLIC_ORIGIN: TEST_ORIGIN }),
      database: t.database,
      connectionString: t.database.url,
      storage: null,
      poll: false,
      log: () => undefined,
    });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
  }

  it('emails a one-hour link to choose a new password, which better-auth accepts, and the new password signs in', async () => {
    const email = 'escrow@firm-a.demo.test';
    const userId = await userIdOf(t, email);
    // The account has a phone with the app: the reset still goes by email only.
    await t.database.db.insert(pushSubscriptions).values({
      userId,
      endpoint: 'https://fcm.googleapis.com/fcm/send/password-reset-test',
      p256dh: 'BElj1CF0kPqSPJ8wQ1fJY3D1zqgM3S6GhfGvYq5yC1Y2n1QJ8n4Hq0o8oXH6pQ2cO5WYbBl3OQkYz1N1s6r8xkQ',
      auth: 'k7RYkF2vV6cQm0x3m8JX1w',
    });

    const asked = Date.now();
    const res = await ask({ email: '  Escrow@Firm-A.demo.test ' });
    expect(res.status).toBe(202);
    expect(await readJson(res)).toEqual({ message: PASSWORD_RESET_ANSWER });
    expect(PASSWORD_RESET_ANSWER).toBe(
      'If an account exists for this email, we sent a link to choose a new password. It works for one hour.',
    );

    const tokens = await resetTokensOf(userId);
    expect(tokens).toHaveLength(1);
    const token = tokens[0]!.identifier.slice('reset-password:'.length);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Math.abs(tokens[0]!.expiresAt.getTime() - (asked + HOUR_MS))).toBeLessThan(60_000);

    const jobs = await resetJobsOf(userId);
    expect(jobs).toHaveLength(1);
    const link = `${TEST_ORIGIN}/reset-password?token=${token}`;
    expect(jobs[0]!.payload).toEqual({ event: 'password_reset', link, expiresAt: tokens[0]!.expiresAt.toISOString() });

    await deliver();
    const emails = await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.jobId, jobs[0]!.id));
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ channel: 'email', toAddress: email, state: 'held', subject: 'Reset your SigningDesk password' });
    expect(emails[0]!.body).toContain('Someone asked to reset the password of your SigningDesk account.');
    expect(emails[0]!.body).toContain(`Choose a new password: ${link}`);
    const deliveries = await t.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.jobId, jobs[0]!.id));
    expect(deliveries.find((d) => d.channel === 'push')).toMatchObject({ state: 'skipped', detail: 'not pushed for this notification' });
    expect(deliveries.find((d) => d.channel === 'sms')).toMatchObject({ state: 'skipped' });

    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      body: JSON.stringify({ newPassword: 'a-new-password-2026', token }),
    });
    expect(reset.status).toBe(200);
    expect(await t.signIn(email, 'a-new-password-2026')).toContain('signingdesk');
    const oldPassword = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'signing-demo-2026' }),
      clientIp: freshAddress(),
    });
    expect(oldPassword.status).toBe(401);
    // The link works once.
    const again = await t.request('/api/auth/reset-password', {
      method: 'POST',
      body: JSON.stringify({ newPassword: 'another-password-2026', token }),
    });
    expect(again.status).toBe(400);
    expect(await resetTokensOf(userId)).toEqual([]);
  });

  it('sends a signing agent’s link to the agent app’s own page, everyone else’s to the console', async () => {
    const agentId = await userIdOf(t, 'agent00007@agents.demo.test');
    expect((await ask({ email: 'agent00007@agents.demo.test' })).status).toBe(202);
    const [agentToken] = await resetTokensOf(agentId);
    const token = agentToken!.identifier.slice('reset-password:'.length);
    expect((await resetJobsOf(agentId))[0]!.payload).toMatchObject({ link: `${TEST_ORIGIN}/notary/reset-password?token=${token}` });
    // The agent app's page redeems it at the same better-auth route.
    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      body: JSON.stringify({ token, newPassword: 'agent-reset-2026' }),
    });
    expect(reset.status).toBe(200);
  });

  it('a password set through a link ends every session, voids every other link of the account and emails that it changed', async () => {
    const email = 'escrow@firm-b.demo.test';
    const userId = await userIdOf(t, email);
    // A stolen phone's session, an unused 7-day invitation, and a reset asked for now.
    const thief = await t.signIn(email);
    const invitation = await t.database.db.transaction((tx) =>
      createSetPasswordLink(tx, { userId, role: 'creator', origin: TEST_ORIGIN, ttlMs: 7 * 24 * HOUR_MS }),
    );
    expect((await ask({ email })).status).toBe(202);
    const tokens = await resetTokensOf(userId);
    expect(tokens).toHaveLength(2);
    const invitationToken = new URL(invitation.link).searchParams.get('token')!;
    const resetToken = tokens.map((row) => row.identifier.slice('reset-password:'.length)).find((token) => token !== invitationToken)!;

    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      body: JSON.stringify({ newPassword: 'owner-chose-this-1', token: resetToken }),
    });
    expect(reset.status).toBe(200);
    expect(await readJson(reset)).toEqual({ status: true });
    expect((await t.request('/api/me', { cookie: thief })).status).toBe(401);
    expect(await t.database.db.select().from(schema.session).where(eq(schema.session.userId, userId))).toEqual([]);

    // The old invitation no longer takes the account over.
    const takeover = await t.request('/api/auth/reset-password', {
      method: 'POST',
      body: JSON.stringify({ newPassword: 'thief-chose-this-1', token: invitationToken }),
    });
    expect(takeover.status).toBe(400);
    expect(await readJson(takeover)).toEqual({ code: 'INVALID_TOKEN', message: 'Invalid token' });
    expect(await resetTokensOf(userId)).toEqual([]);
    expect(await t.signIn(email, 'owner-chose-this-1')).toContain('signingdesk');

    const changed = await t.database.db
      .select()
      .from(notificationJobs)
      .where(and(eq(notificationJobs.recipientId, userId), eq(notificationJobs.type, 'user.password_changed')));
    expect(changed).toHaveLength(1);
    await deliver();
    const [mail] = await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.jobId, changed[0]!.id));
    expect(mail).toMatchObject({ channel: 'email', toAddress: email, subject: 'Your SigningDesk password was changed' });
    expect(mail!.body).toContain('every device signed in to it was signed out');
  });

  it('refuses a set-password request with a short password or an unknown token in better-auth’s words, changing nothing', async () => {
    const short = await t.request('/api/auth/reset-password', {
      method: 'POST',
      body: JSON.stringify({ newPassword: 'short', token: 'whatever' }),
    });
    expect(short.status).toBe(400);
    expect(await readJson(short)).toEqual({ code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
    const unknown = await t.request('/api/auth/reset-password', {
      method: 'POST',
      body: JSON.stringify({ newPassword: 'long-enough-password', token: 'no-such-token' }),
    });
    expect(await readJson(unknown)).toEqual({ code: 'INVALID_TOKEN', message: 'Invalid token' });
    const malformed = await t.request('/api/auth/reset-password', { method: 'POST', body: 'not json' });
    expect(malformed.status).toBe(400);
  });

  it('answers an unknown email exactly the same, and stores nothing', async () => {
    const known = await ask({ email: 'agent@demo.test' });
    const before = await totals();
    const unknown = await ask({ email: 'nobody.here@example.com' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.headers.get('content-type')).toBe(known.headers.get('content-type'));
    expect(await readJson(unknown)).toEqual(await readJson(known));
    expect(await totals()).toEqual(before);
  });

  it('answers a disabled account the same, and queues nothing for it', async () => {
    const email = 'agent00002@agents.demo.test';
    const userId = await userIdOf(t, email);
    await t.database.db.update(profiles).set({ status: 'disabled' }).where(eq(profiles.userId, userId));
    const before = await totals();
    const res = await ask({ email });
    expect(res.status).toBe(202);
    expect(await readJson(res)).toEqual({ message: PASSWORD_RESET_ANSWER });
    expect(await totals()).toEqual(before);
    expect(await resetJobsOf(userId)).toEqual([]);
  });

  it('sends at most one email per account in five minutes, whatever the address, with the same answer', async () => {
    const email = 'agent00003@agents.demo.test';
    const userId = await userIdOf(t, email);
    for (let i = 0; i < 3; i++) {
      const res = await ask({ email });
      expect(res.status).toBe(202);
      expect(await readJson(res)).toEqual({ message: PASSWORD_RESET_ANSWER });
    }
    expect(await resetJobsOf(userId)).toHaveLength(1);
    expect(await resetTokensOf(userId)).toHaveLength(1);

    // Five minutes later the account may have another one.
    await t.database.db
      .update(formRateLimits)
      .set({ windowStartedAt: sql`now() - interval '5 minutes 1 second'` })
      .where(eq(formRateLimits.key, `password-reset-email:${userId}`));
    expect((await ask({ email })).status).toBe(202);
    expect(await resetJobsOf(userId)).toHaveLength(2);
    expect(await resetTokensOf(userId)).toHaveLength(2);
  });

  it('sends one email when requests for one account arrive at once', async () => {
    const email = 'agent00004@agents.demo.test';
    const userId = await userIdOf(t, email);
    const statuses = await Promise.all(Array.from({ length: 5 }, () => ask({ email }).then((r) => r.status)));
    expect(statuses).toEqual([202, 202, 202, 202, 202]);
    expect(await resetJobsOf(userId)).toHaveLength(1);
  });

  it(`refuses request ${LIMIT + 1} from one address with 429 and Retry-After, storing nothing`, async () => {
    const address = freshAddress();
    for (let i = 0; i < LIMIT; i++) {
      expect((await ask({ email: `someone${i}@example.com` }, address)).status).toBe(202);
    }
    const email = 'agent00005@agents.demo.test';
    const before = await totals();
    const refused = await ask({ email }, address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    const problem = await readJson(refused);
    expect(problem.code).toBe('RATE_LIMITED');
    expect(problem.detail).toMatch(/^Too many reset requests from your network\. Please try again in \d+ minutes?\.$/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await totals()).toEqual(before);
    expect(await resetJobsOf(await userIdOf(t, email))).toEqual([]);

    // The public forms keep their own allowance at this address.
    const contact = await t.request('/api/contact-requests', {
      method: 'POST',
      body: JSON.stringify({ name: 'Jordan Lee', email: 'jordan@example.com', subject: 'Hi', comments: 'Hello.' }),
      clientIp: address,
    });
    expect(contact.status).toBe(201);
  });

  it('refuses a missing or malformed email with 400 naming email, storing nothing and not spending the allowance', async () => {
    const address = freshAddress();
    const before = await totals();
    const cases: [unknown, string][] = [
      [{ email: 'not-an-email' }, 'must be an email address'],
      [{ email: '   ' }, 'is required'],
      [{}, 'is required'],
      [{ email: 42 }, 'is required'],
    ];
    for (let i = 0; i < LIMIT; i++) {
      for (const [body, message] of cases) {
        const res = await ask(body, address);
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toBe('application/problem+json');
        const problem = await readJson(res);
        expect(problem.code).toBe('VALIDATION_FAILED');
        expect(problem.errors).toEqual([{ field: 'email', message }]);
      }
    }
    const extra = await ask({ email: 'agent@demo.test', password: 'x' }, address);
    expect(extra.status).toBe(400);
    expect(await totals()).toEqual(before);
    expect((await ask({ email: 'nobody.else@example.com' }, address)).status).toBe(202);
  });
});
