/**
 * Property tests of every input schema: thousands of bodies the schema rejects, sent by a
 * caller who may use the route. Each must answer 400 problem+json naming a field — never a
 * 5xx — and leave the database exactly as it was. Then every route the API serves, read from
 * the live app, gets malformed query strings and path segments.
 */
import { schema } from '@signingdesk/db';
import { count, max } from 'drizzle-orm';
import fc from 'fast-check';
import type { ZodType } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from './app';
import { CreateAppointmentSchema, UpdateAppointmentSchema } from './modules/appointments/appointments.schemas';
import { CreateNoteSchema } from './modules/notes/notes.schemas';
import { PasswordResetRequestSchema } from './modules/password-resets/password-resets.schemas';
import { AssignSchema, CounterSchema, EmptySchema, ReassignSchema, SendSchema, SetStatusSchema } from './modules/workflow/workflow.schemas';
import {
  createOrder,
  offerTo,
  pendingWithBid,
  scheduledForAgent,
  signInAll,
  userIdOf,
  VALID_ORDER,
  type Sessions,
} from './testing/fixtures';
import { createTestApp, readJson, type TestApp } from './testing/test-app';

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 250);

/** Any JSON, plus objects shaped like a real body with some fields swapped for junk. */
function bodies(fields: Record<string, unknown>) {
  const junk = fc.oneof(
    fc.jsonValue(),
    fc.string({ maxLength: 600 }),
    fc.constantFrom('', ' ', '$', '-1', '1e9', '12.345', '0', 'NaN', '2026-02-30', '25:00', '9001', 'ZZ', '<script>', '\u0000'),
    fc.integer({ min: -1e9, max: 1e9 }),
    fc.double(),
    fc.constant(null),
  );
  const keys = Object.keys(fields);
  const shaped = fc
    .record(Object.fromEntries(keys.map((k) => [k, fc.oneof(fc.constant(fields[k]), junk)])), { requiredKeys: [] })
    .chain((base) => fc.dictionary(fc.string({ maxLength: 12 }), junk, { maxKeys: 2 }).map((extra) => ({ ...base, ...extra })));
  return fc.oneof(fc.jsonValue(), shaped, fc.array(junk, { maxLength: 3 }));
}

describe('bad input never reaches the database', () => {
  let t: TestApp;
  let s: Sessions;
  let agentId: string;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    agentId = await userIdOf(t, 'agent@demo.test');
  }, 120_000);
  afterAll(() => t.close());

  async function snapshot() {
    const db = t.database.db;
    const counts = await Promise.all(
      [
        schema.appointments,
        schema.offers,
        schema.notes,
        schema.notificationJobs,
        schema.auditLog,
        schema.idempotencyKeys,
        schema.verification,
      ].map(async (table) => (await db.select({ n: count() }).from(table))[0]!.n),
    );
    const [latest] = await db.select({ at: max(schema.appointments.updatedAt) }).from(schema.appointments);
    const [offerLatest] = await db.select({ at: max(schema.offers.updatedAt) }).from(schema.offers);
    return JSON.stringify({ counts, latest: latest?.at, offerLatest: offerLatest?.at });
  }

  async function fuzz(method: string, path: string, cookie: string | undefined, inputSchema: ZodType, fields: Record<string, unknown>) {
    const before = await snapshot();
    const seen: number[] = [];
    await fc.assert(
      fc.asyncProperty(
        bodies(fields).filter((body) => !inputSchema.safeParse(body).success),
        async (body) => {
          const res = await t.request(path, { method, cookie, body: JSON.stringify(body) });
          seen.push(res.status);
          expect(res.status).toBe(400);
          expect(res.headers.get('content-type')).toBe('application/problem+json');
          const problem = await readJson(res);
          expect(problem.errors.length).toBeGreaterThan(0);
          expect(typeof problem.errors[0].field).toBe('string');
          expect(problem.errors[0].field.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: RUNS_PER_ROUTE },
    );
    for (const text of ['{', '{"a":', 'not json', '\u0000']) {
      const res = await t.request(path, { method, cookie, body: text });
      expect(res.status).toBe(400);
    }
    expect(await snapshot()).toBe(before);
    return seen.length;
  }

  it('refuses the NUL character in any text field with 400 naming it', async () => {
    const before = await snapshot();
    const res = await t.request('/api/appointments', {
      method: 'POST',
      cookie: s.escrowA,
      body: JSON.stringify({ ...VALID_ORDER, name: 'Bad\u0000Name' }),
    });
    expect(res.status).toBe(400);
    expect((await readJson(res)).errors[0].field).toBe('name');
    const query = await t.request('/api/appointments?status=Open%00', { cookie: s.admin });
    expect(query.status).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('POST /appointments', async () => {
    expect(await fuzz('POST', '/api/appointments', s.escrowA, CreateAppointmentSchema, VALID_ORDER)).toBe(RUNS_PER_ROUTE);
  }, 120_000);

  it('PATCH /appointments/:id', async () => {
    const id = await createOrder(t, s.escrowA);
    const { name: _n, ...fields } = VALID_ORDER;
    await fuzz('PATCH', `/api/appointments/${id}`, s.escrowA, UpdateAppointmentSchema, fields);
  }, 120_000);

  it('agent actions: claim, counter, decline, complete', async () => {
    const id = await createOrder(t, s.escrowA);
    await offerTo(t, id, [agentId]);
    await fuzz('POST', `/api/appointments/${id}/claim`, s.agent, EmptySchema, {});
    await fuzz('POST', `/api/appointments/${id}/counter`, s.agent, CounterSchema, { bid: '175' });
    await fuzz('POST', `/api/appointments/${id}/decline`, s.agent, EmptySchema, {});
    const scheduled = await scheduledForAgent(t, s);
    await fuzz('POST', `/api/appointments/${scheduled.id}/complete`, s.agent, EmptySchema, {});
  }, 240_000);

  it('operator actions: send, bids, assign, reassign, status, mark paid', async () => {
    const { id, offerId } = await pendingWithBid(t, s);
    await fuzz('POST', `/api/appointments/${id}/send`, s.admin, SendSchema, { preferredOnly: true });
    await fuzz('POST', `/api/appointments/${id}/bids/${offerId}/accept`, s.admin, EmptySchema, {});
    await fuzz('POST', `/api/appointments/${id}/bids/${offerId}/decline`, s.subAdmin, EmptySchema, {});
    await fuzz('POST', `/api/appointments/${id}/assign`, s.admin, AssignSchema, { agentId, bid: '150' });
    await fuzz('POST', `/api/appointments/${id}/status`, s.admin, SetStatusSchema, { status: 'Paused' });
    const scheduled = await scheduledForAgent(t, s);
    await fuzz('POST', `/api/appointments/${scheduled.id}/reassign`, s.admin, ReassignSchema, { offerId, notes: 'x' });
    await fuzz('POST', `/api/appointments/${scheduled.id}/mark-paid`, s.admin, EmptySchema, {});
  }, 300_000);

  it('POST /appointments/:id/notes', async () => {
    const { id } = await scheduledForAgent(t, s);
    await fuzz('POST', `/api/appointments/${id}/notes`, s.escrowA, CreateNoteSchema, { message: 'hello' });
  }, 120_000);

  /** Query strings a browser, a proxy or an attacker might send: bad escapes, NUL, odd shapes. */
  const queryStrings = () => {
    const piece = fc.oneof(
      fc.constantFrom(
        '%',
        '%%',
        '%zz',
        '%0',
        '%00',
        '%C0%AF',
        '%E2%80%AE',
        '%FF',
        '%ED%A0%80',
        '+',
        '&&',
        '==',
        '[]',
        'a[b]=c',
        '__proto__',
        'constructor',
      ),
      fc.constantFrom(
        'page=-1',
        'page=0',
        'page=1e99',
        'pageSize=100000',
        'limit=NaN',
        'status=Nope',
        'status=Open&status=Paused',
        'q=' + 'x'.repeat(5000),
      ),
      fc.string({ maxLength: 40 }).map(encodeURIComponent),
      fc.string({ maxLength: 20 }),
    );
    const joined = fc.tuple(piece, fc.constantFrom('&', '=', ''));
    return fc.array(joined, { minLength: 1, maxLength: 4 }).map((pieces) => pieces.map(([text, glue]) => text + glue).join(''));
  };

  /** Every route the API serves, as `[method, pattern]`. */
  const liveRoutes = () =>
    createApi({ env: t.env, database: t.database, auth: undefined as never })
      .routes.filter((r) => r.method !== 'ALL')
      .map((r) => [r.method, r.path] as const);

  /** A request the URL is wrong for: anything but a 5xx, and refusals as problem+json. */
  const expectRefusedCleanly = async (method: string, url: string, cookie: string | undefined, failures: string[]) => {
    const res = await t.request(url, { method, cookie, ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }) });
    if (res.status >= 500) failures.push(`${method} ${url}: ${res.status}`);
    else if (res.status >= 400 && res.headers.get('content-type') !== 'application/problem+json') {
      failures.push(`${method} ${url}: ${res.status} as ${res.headers.get('content-type')}`);
    }
    // The live-update stream never ends by itself: close it, as a browser leaving the page does.
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
    else await res.arrayBuffer();
    return res.status;
  };

  it('answers a malformed escape in the query with 400 naming the query, on any route', async () => {
    for (const url of ['/api/me?x=%', '/api/me?%zz', '/api/appointments?status=%E0%A4%A', '/api/health?x=%C0']) {
      const res = await t.request(url, { cookie: s.admin });
      expect(res.status, url).toBe(400);
      expect(await readJson(res), url).toMatchObject({
        code: 'VALIDATION_FAILED',
        detail: 'The query string is not valid URL encoding.',
        errors: [{ field: '(query)' }],
      });
    }
    const path = await t.request('/api/appointments/%E0%A4%A', { cookie: s.admin });
    expect(path.status).toBe(400);
    expect(await readJson(path)).toMatchObject({ errors: [{ field: '(path)' }] });
  });

  it('never answers a 5xx to malformed query strings on any route', async () => {
    const id = await createOrder(t, s.escrowA);
    const failures: string[] = [];
    const routes = liveRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const runs = Math.max(3, Math.round(RUNS_PER_ROUTE / 40));
    for (const [method, pattern] of routes) {
      const path = `/api${pattern.replace(/:(\w+)/g, (_, name: string) => (name === 'id' ? id : '00000000-0000-4000-8000-000000000000'))}`;
      for (const query of fc.sample(queryStrings(), runs)) {
        for (const cookie of [s.admin, s.agent, undefined]) await expectRefusedCleanly(method, `${path}?${query}`, cookie, failures);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses a malformed escape on every route before the route runs: 400, nothing changed', async () => {
    const id = await createOrder(t, s.escrowA);
    const before = await snapshot();
    const failures: string[] = [];
    for (const [method, pattern] of liveRoutes()) {
      const url = `/api${pattern.replace(/:(\w+)/g, (_, name: string) => (name === 'id' ? id : '00000000-0000-4000-8000-000000000000'))}?x=%`;
      if ((await expectRefusedCleanly(method, url, s.admin, failures)) !== 400) failures.push(`${method} ${url}: not a 400`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
  }, 120_000);

  it('never answers a 5xx to malformed path segments on any route', async () => {
    const failures: string[] = [];
    const segments = [
      '%',
      '%zz',
      '%00',
      '%2F',
      '..',
      '%2e%2e',
      ';',
      '%E2%80%AE',
      'x'.repeat(3000),
      '00000000-0000-4000-8000-00000000000Z',
      '%ED%A0%80',
      '%20',
    ];
    for (const [method, pattern] of liveRoutes()) {
      if (!pattern.includes(':')) continue;
      for (const segment of segments) {
        await expectRefusedCleanly(method, `/api${pattern.replace(/:(\w+)/g, segment)}`, s.admin, failures);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('POST /password-resets (a visitor)', async () => {
    expect(await fuzz('POST', '/api/password-resets', undefined, PasswordResetRequestSchema, { email: 'agent@demo.test' })).toBe(
      RUNS_PER_ROUTE,
    );
  }, 120_000);
});
