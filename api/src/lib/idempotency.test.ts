import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRow, createOrder, jobsOf, offerTo, offersOf, post, signInAll, userIdOf, type Sessions } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('Idempotency-Key', () => {
  let t: TestApp;
  let s: Sessions;
  let agentId: string;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    agentId = await userIdOf(t, 'agent@demo.test');
  });
  afterAll(() => t.close());

  it('replays the first result for a repeat, with one effect', async () => {
    const id = await createOrder(t, s.escrowA);
    await offerTo(t, id, [agentId]);
    const key = { 'Idempotency-Key': 'outbox-7f3c2a10' };
    const first = await post(t, `/api/appointments/${id}/counter`, s.agent, { bid: '180' }, key);
    const second = await post(t, `/api/appointments/${id}/counter`, s.agent, { bid: '180' }, key);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await jobsOf(t, id, ['appointment.bid_received'])).toHaveLength((await jobsOf(t, id, ['appointment.bid_received'])).length);
    const jobs = await jobsOf(t, id, ['appointment.bid_received']);
    const operators = new Set(jobs.map((j) => j.recipientId));
    expect(jobs).toHaveLength(operators.size);
  });

  it('replays a refusal too, instead of running the request again', async () => {
    const id = await createOrder(t, s.escrowA);
    await offerTo(t, id, [agentId]);
    await post(t, `/api/appointments/${id}/assign`, s.admin, { agentId: await userIdOf(t, 'agent@demo.test') });
    const key = { 'Idempotency-Key': 'outbox-claim-taken' };
    const first = await post(t, `/api/appointments/${id}/claim`, s.agent, {}, key);
    expect(first.status).toBe(409);
    const second = await post(t, `/api/appointments/${id}/claim`, s.agent, {}, key);
    expect(second.status).toBe(409);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('content-type')).toBe('application/problem+json');
  });

  it('answers 422 when the key is reused with a different body, and changes nothing', async () => {
    const id = await createOrder(t, s.escrowA);
    await offerTo(t, id, [agentId]);
    const key = { 'Idempotency-Key': 'outbox-reused' };
    await post(t, `/api/appointments/${id}/counter`, s.agent, { bid: '180' }, key);
    const reused = await post(t, `/api/appointments/${id}/counter`, s.agent, { bid: '250' }, key);
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await offersOf(t, id))[0]!.bidCents).toBe(18000);
  });

  it('answers 409 to a duplicate that arrives while the first is still running', async () => {
    const id = await createOrder(t, s.escrowA);
    await offerTo(t, id, [agentId]);
    const body = JSON.stringify({ bid: '180' });
    const { createHash } = await import('node:crypto');
    const path = `/api/appointments/${id}/counter`;
    await t.database.db.insert(schema.idempotencyKeys).values({
      userId: agentId,
      key: 'outbox-in-flight',
      method: 'POST',
      path,
      requestHash: createHash('sha256').update(`POST ${path}\n${body}`).digest('hex'),
    });
    const res = await t.request(path, { method: 'POST', cookie: s.agent, body, headers: { 'Idempotency-Key': 'outbox-in-flight' } });
    expect(res.status).toBe(409);
    expect((await res.json() as { code: string }).code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect((await offersOf(t, id))[0]!.status).toBe('offered');
  });

  it('keys are per user: another user may use the same key', async () => {
    const a = await createOrder(t, s.escrowA, {}, );
    const b = await createOrder(t, s.escrowA);
    const key = { 'Idempotency-Key': 'shared-key-1' };
    expect((await post(t, `/api/appointments/${a}/status`, s.admin, { status: 'Paused' }, key)).status).toBe(200);
    expect((await post(t, `/api/appointments/${b}/status`, s.subAdmin, { status: 'Paused' }, key)).status).toBe(200);
    expect((await appointmentRow(t, b)).status).toBe('Paused');
  });

  it('refuses a malformed key with 400 naming the header', async () => {
    const id = await createOrder(t, s.escrowA);
    const res = await post(t, `/api/appointments/${id}/status`, s.admin, { status: 'Paused' }, { 'Idempotency-Key': 'x'.repeat(201) });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('Idempotency-Key');
    expect((await appointmentRow(t, id)).status).toBe('Open');
    const [row] = await t.database.db.select().from(schema.appointments).where(eq(schema.appointments.id, id));
    expect(row!.status).toBe('Open');
  });
});
