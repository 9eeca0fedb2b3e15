/**
 * Per-user limits (issue 26, item 10): what a signed-in person can make the product send to
 * others is counted per person in the database; over the limit the answer is a 429 with
 * Retry-After, and nothing is stored or sent.
 */
import { schema } from '@signingdesk/db';
import { USER_LIMITS } from '@signingdesk/domain/user-limits';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, post, signInAll, type Sessions } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('limits on signed-in users', () => {
  let t: TestApp;
  let s: Sessions;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
  });
  afterAll(() => t.close());

  it(`lets one person post ${USER_LIMITS.message.perHour} messages an hour; the next is refused and notifies no one, another person still posts`, async () => {
    const id = await createOrder(t, s.escrowA, { fileNumber: 'LIMIT-1' });
    for (let i = 0; i < USER_LIMITS.message.perHour; i++) {
      expect((await post(t, `/api/appointments/${id}/notes`, s.escrowA, { message: `Update ${i}` })).status).toBe(201);
    }
    const jobs = async () =>
      (await t.database.db.select({ n: count() }).from(schema.notificationJobs).where(eq(schema.notificationJobs.appointmentId, id)))[0]!.n;
    const before = await jobs();
    const refused = await post(t, `/api/appointments/${id}/notes`, s.escrowA, { message: 'One more' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.body.detail).toMatch(
      /^You have posted 30 messages in the last hour, the most we allow\. Please try again in \d+ minutes\.$/,
    );
    const stored = await t.database.db
      .select({ n: count() })
      .from(schema.notes)
      .where(and(eq(schema.notes.appointmentId, id)));
    expect(stored[0]!.n).toBe(USER_LIMITS.message.perHour);
    expect(await jobs()).toBe(before);
    expect((await post(t, `/api/appointments/${id}/notes`, s.orgAdmin, { message: 'From the org admin' })).status).toBe(201);
  });

  it(`lets one person create ${USER_LIMITS.userCreate.perHour} users an hour, then refuses without sending an invitation`, async () => {
    const person = (i: number) => ({
      firstName: 'Limit',
      lastName: `Person${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
      email: `limit-${i}@example.test`,
      role: 'creator',
    });
    for (let i = 0; i < USER_LIMITS.userCreate.perHour; i++) expect((await post(t, '/api/users', s.orgAdmin, person(i))).status).toBe(201);
    const refused = await post(t, '/api/users', s.orgAdmin, person(99));
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(
      /^You have added 20 new users in the last hour, the most we allow\. Please try again in \d+ minutes\.$/,
    );
    expect(await t.database.db.select().from(schema.user).where(eq(schema.user.email, 'limit-99@example.test'))).toEqual([]);
  });
});
