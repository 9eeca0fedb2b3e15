import { createHash } from 'node:crypto';
import { schema } from '@signingdesk/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes, testFiles } from '../modules/files/files.testing';
import {
  appointmentRow,
  auditOf,
  createOrder,
  jobsOf,
  offerTo,
  offersOf,
  post,
  signInAll,
  userIdOf,
  type Sessions,
} from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

const BID_RECEIVED = ['appointment.bid_received'];

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

  /** Active operators, counted from the tables: each hears of a bid once. */
  async function operatorCount(): Promise<number> {
    const rows = await t.database.db
      .select({ id: schema.user.id })
      .from(schema.user)
      .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.user.id))
      .where(and(inArray(schema.user.role, ['admin', 'sub_admin']), eq(schema.profiles.status, 'active')));
    return rows.length;
  }
  const counters = async (id: string) => (await auditOf(t, id)).filter((a) => a.action === 'offer.countered');
  const keyRow = async (key: string) =>
    (
      await t.database.db
        .select()
        .from(schema.idempotencyKeys)
        .where(and(eq(schema.idempotencyKeys.scope, agentId), eq(schema.idempotencyKeys.key, key)))
    )[0];
  const hashOf = (method: string, path: string, body: string) => createHash('sha256').update(`${method} ${path}\n${body}`).digest('hex');

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
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const operators = await operatorCount();
    expect(operators).toBeGreaterThan(0);
    const jobs = await jobsOf(t, id, BID_RECEIVED);
    expect(jobs).toHaveLength(operators);
    expect(new Set(jobs.map((j) => j.recipientId)).size).toBe(operators);
    expect(await counters(id)).toHaveLength(1);
    expect(await keyRow('outbox-7f3c2a10')).toMatchObject({ state: 'done', responseStatus: 200 });
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
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await keyRow('outbox-claim-taken')).toMatchObject({ state: 'done', responseStatus: 409 });
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
    const path = `/api/appointments/${id}/counter`;
    await t.database.db.insert(schema.idempotencyKeys).values({
      scope: agentId,
      userId: agentId,
      key: 'outbox-in-flight',
      method: 'POST',
      path,
      requestHash: hashOf('POST', path, body),
    });
    const res = await t.request(path, { method: 'POST', cookie: s.agent, body, headers: { 'Idempotency-Key': 'outbox-in-flight' } });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect((await offersOf(t, id))[0]!.status).toBe('offered');
  });

  it('retakes a first attempt still in progress after two minutes: it is taken to have died, the request runs once', async () => {
    const id = await createOrder(t, s.escrowA);
    await offerTo(t, id, [agentId]);
    const body = JSON.stringify({ bid: '180' });
    const path = `/api/appointments/${id}/counter`;
    const key = 'outbox-died-mid-way';
    await t.database.db.insert(schema.idempotencyKeys).values({
      scope: agentId,
      userId: agentId,
      key,
      method: 'POST',
      path,
      requestHash: hashOf('POST', path, body),
      createdAt: sql`now() - interval '2 minutes 5 seconds'`,
    });
    const retaken = await post(t, path, s.agent, { bid: '180' }, { 'Idempotency-Key': key });
    expect(retaken.status).toBe(200);
    expect(retaken.body.offer).toMatchObject({ status: 'countered', bidCents: 18000 });
    expect((await offersOf(t, id))[0]).toMatchObject({ status: 'countered', bidCents: 18000 });
    expect(await keyRow(key)).toMatchObject({ state: 'done', responseStatus: 200 });
    const again = await post(t, path, s.agent, { bid: '180' }, { 'Idempotency-Key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(retaken.body);
    expect(await counters(id)).toHaveLength(1);
  });

  it('collapses duplicates sent at once with one key: every one answers the first result, the action runs once', async () => {
    const id = await createOrder(t, s.escrowA);
    await offerTo(t, id, [agentId]);
    const key = { 'Idempotency-Key': 'outbox-double-tap' };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post(t, `/api/appointments/${id}/counter`, s.agent, { bid: '180' }, key)),
    );
    // The duplicates wait for the first to commit instead of being told to come back later.
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    expect(await counters(id)).toHaveLength(1);
    expect(await jobsOf(t, id, BID_RECEIVED)).toHaveLength(await operatorCount());
  });

  describe('a failure between the action and storing its answer', () => {
    const key = 'outbox-crash-after-commit';
    // Stands in for a process that dies after the action and before the key is marked done:
    // the write of the stored answer fails.
    const failTheAnswerWrite = async () => {
      await t.database.db.execute(
        sql.raw(`create function fail_idempotency_answer() returns trigger language plpgsql as $$
        begin raise exception 'simulated crash before the answer was stored'; end $$`),
      );
      await t.database.db.execute(
        sql.raw(`create trigger fail_idempotency_answer before update on idempotency_keys
        for each row when (new.key = '${key}' and new.state = 'done') execute function fail_idempotency_answer()`),
      );
    };
    const restore = async () => {
      await t.database.db.execute(sql.raw('drop trigger if exists fail_idempotency_answer on idempotency_keys'));
      await t.database.db.execute(sql.raw('drop function if exists fail_idempotency_answer()'));
    };
    afterAll(restore);

    it('leaves nothing behind, and the retry after the in-progress window runs the action exactly once', async () => {
      const id = await createOrder(t, s.escrowA);
      await offerTo(t, id, [agentId]);
      const path = `/api/appointments/${id}/counter`;
      await failTheAnswerWrite();
      const crashed = await post(t, path, s.agent, { bid: '180' }, { 'Idempotency-Key': key });
      await restore();
      expect(crashed.status).toBe(500);
      // The action and its stored answer are one fact: neither is there.
      expect((await offersOf(t, id))[0]).toMatchObject({ status: 'offered', bidCents: null });
      expect(await jobsOf(t, id, BID_RECEIVED)).toHaveLength(0);
      expect(await counters(id)).toHaveLength(0);
      expect(await keyRow(key)).toBeUndefined();

      // Whatever a dead first attempt may have left, the in-progress window is over.
      await t.database.db
        .update(schema.idempotencyKeys)
        .set({ createdAt: sql`now() - interval '1 hour'` })
        .where(and(eq(schema.idempotencyKeys.scope, agentId), eq(schema.idempotencyKeys.key, key)));
      const retry = await post(t, path, s.agent, { bid: '180' }, { 'Idempotency-Key': key });
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect(await counters(id)).toHaveLength(1);
      expect(await jobsOf(t, id, BID_RECEIVED)).toHaveLength(await operatorCount());
      const replay = await post(t, path, s.agent, { bid: '180' }, { 'Idempotency-Key': key });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body).toEqual(retry.body);
    });
  });

  it('file routes honour keys without waiting on themselves: one grant, the upload finished by a keyed chunk, a keyed link and delete', async () => {
    const id = await createOrder(t, s.escrowA);
    const stored = testFiles(() => t);
    const bytes = pdfBytes(4096);
    const files = [{ fileName: 'Closing Instructions.pdf', size: bytes.byteLength, contentType: 'application/pdf' }];
    const grantKey = { 'Idempotency-Key': 'upload-grant-1' };
    const first = await post(t, `/api/appointments/${id}/files/uploads`, s.escrowA, { files }, grantKey);
    const repeat = await post(t, `/api/appointments/${id}/files/uploads`, s.escrowA, { files }, grantKey);
    expect(first.status).toBe(201);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(repeat.body).toEqual(first.body);
    const fileRows = () => t.database.db.select().from(schema.files).where(eq(schema.files.appointmentId, id));
    expect(await fileRows()).toHaveLength(1);
    const fileId: string = first.body.items[0].fileId;

    // tus resumes by offset: a key on a chunk is not a key on the upload.
    const chunk = await t.request(`/api/uploads/${fileId}`, {
      method: 'PATCH',
      cookie: s.escrowA,
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        'Idempotency-Key': 'chunk-0',
      },
      body: bytes,
    });
    expect(chunk.status).toBe(204);
    const [file] = await fileRows();
    expect(file).toMatchObject({ uploadConfirmed: true });
    expect(await stored.storage.exists(file!.storageKey)).toBe(true);

    const confirmKey = { 'Idempotency-Key': 'upload-confirm-1' };
    const confirmed = await post(t, `/api/appointments/${id}/files/${fileId}/confirm`, s.escrowA, {}, confirmKey);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.fileName).toBe('Closing Instructions.pdf');
    const link = await post(t, `/api/appointments/${id}/files/${fileId}/download`, s.escrowA, {}, { 'Idempotency-Key': 'link-1' });
    expect(link.status).toBe(200);

    const removeKey = { 'Idempotency-Key': 'delete-1' };
    const removed = await t.request(`/api/appointments/${id}/files/${fileId}`, { method: 'DELETE', cookie: s.escrowA, headers: removeKey });
    const removedAgain = await t.request(`/api/appointments/${id}/files/${fileId}`, {
      method: 'DELETE',
      cookie: s.escrowA,
      headers: removeKey,
    });
    expect(removed.status).toBe(200);
    expect(removedAgain.status).toBe(200);
    expect(removedAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(await fileRows()).toHaveLength(0);
    expect(await stored.storage.exists(file!.storageKey)).toBe(false);
  }, 20_000);

  it('keys are per user: another user may use the same key', async () => {
    const a = await createOrder(t, s.escrowA, {});
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
