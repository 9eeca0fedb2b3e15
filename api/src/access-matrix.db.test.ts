/**
 * The role × route matrix: every API route, called by every kind of caller, answers the
 * status the access rules promise (DESIGN.md "Access"). Routes are read from the live app,
 * so a new route without a row here fails the suite. A sample of its refused writes is also
 * checked to leave the database and the stored files exactly as they were.
 */
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from './app';
import {
  completedForAgent,
  createOrder,
  offerTo,
  pendingWithBid,
  post,
  scheduledForAgent,
  signInAll,
  userIdOf,
  VALID_ORDER,
  type Sessions,
} from './testing/fixtures';
import {
  CALLERS,
  everyone,
  operatorsOnly,
  seesAppointment,
  type Caller,
  type Expected,
  type Fixture,
  type MatrixContext,
  type Row,
} from './testing/access-matrix';
import { createTestApp, readJson, TEST_ORIGIN, type TestApp } from './testing/test-app';
import { MODULE_ROWS } from './testing/access-rows';
import { snapshotChanges, takeSnapshot } from './testing/db-snapshot';
import { IDEMPOTENCY_HEADER } from './lib/idempotency';
import { API_KEY_SCOPES, type ApiKeyScope } from '@signingdesk/domain/api-keys';
import { newApiKey } from './lib/api-key-actor';
import { API_KEY_SCHEME } from './lib/openapi';

describe('role × route matrix', () => {
  let t: TestApp;
  let s: Sessions;
  let agentId: string;
  let escrowAId: string;
  let rows: Record<string, Row>;

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    agentId = await userIdOf(t, 'agent@demo.test');
    escrowAId = await userIdOf(t, 'escrow@firm-a.demo.test');

    const none = async (): Promise<Fixture> => ({ params: {} });
    const open = async (): Promise<Fixture> => ({ params: { id: await createOrder(t, s.escrowA) } });
    const offered = async (): Promise<Fixture> => {
      const id = await createOrder(t, s.escrowA);
      await offerTo(t, id, [agentId]);
      return { params: { id } };
    };
    const pending = async (): Promise<Fixture> => {
      const { id, offerId } = await pendingWithBid(t, s);
      return { params: { id, offerId } };
    };
    const scheduled = async (): Promise<Fixture> => ({ params: { id: (await scheduledForAgent(t, s)).id } });
    const completed = async (): Promise<Fixture> => ({ params: { id: (await completedForAgent(t, s)).id } });
    /** Offered to agent@demo.test, who declined it; the order is still open. */
    const declined = async (): Promise<Fixture> => {
      const fixture = await offered();
      await post(t, `/api/appointments/${fixture.params.id}/decline`, s.agent);
      return fixture;
    };
    /** Assigned to agent@demo.test, and the signing started yesterday (completion is open). */
    const started = async (): Promise<Fixture> => {
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const id = await createOrder(t, s.escrowA, { date: yesterday, time: '08:00', timeZone: 'HT' });
      await post(t, `/api/appointments/${id}/assign`, s.admin, { agentId });
      return { params: { id } };
    };
    const withNote = async (): Promise<Fixture> => {
      const { id } = await scheduledForAgent(t, s);
      const note = await post(t, `/api/appointments/${id}/notes`, s.escrowA, { message: 'Gate code 4521.' });
      return { params: { id, noteId: note.body.id } };
    };
    const withRival = async (): Promise<Fixture> => {
      const { id } = await scheduledForAgent(t, s);
      const { makeEligible, otherAgentEmail } = await import('./testing/fixtures');
      const other = await userIdOf(t, await otherAgentEmail(t));
      await makeEligible(t, id, [other]);
      const [offer] = await t.database.db
        .insert(schema.offers)
        .values({ appointmentId: id, agentId: other, status: 'rejected', bidCents: 17000 })
        .returning();
      return { params: { id }, body: { offerId: offer!.id, notes: 'Signer prefers an evening signing.' } };
    };
    const [firmA] = (await t.database.db.select().from(schema.firms)).filter((f) => f.orgNumber === 1);
    const createBody = (caller: Caller) =>
      caller === 'admin' || caller === 'subAdmin' ? { ...VALID_ORDER, firmId: firmA!.id, escrowOfficerId: escrowAId } : VALID_ORDER;

    const sees = seesAppointment;
    const agentsOnOffer = (ok: number, operators = 403): Expected =>
      everyone(403, { visitor: 401, agent: ok, otherAgent: 404, subAdmin: operators, admin: operators });

    rows = {
      'GET /health': { fixture: none, expect: everyone(200) },
      'GET /me': { fixture: none, expect: everyone(200, { visitor: 401 }) },
      // Ends the caller's other sessions: the matrix holds one per caller, so nothing else changes.
      'POST /me/sign-out-other-devices': { fixture: none, expect: everyone(200, { visitor: 401 }) },
      'GET /agent/appointments': { fixture: none, expect: everyone(403, { visitor: 401, agent: 200, otherAgent: 200 }) },
      'GET /agent/earnings': { fixture: none, expect: everyone(403, { visitor: 401, agent: 200, otherAgent: 200 }) },
      'GET /agent/earnings/export': { fixture: none, expect: everyone(403, { visitor: 401, agent: 200, otherAgent: 200 }) },
      'POST /appointments': {
        fixture: async (caller) => ({ params: {}, body: createBody(caller) }),
        expect: everyone(403, { visitor: 401, escrowA: 201, escrowB: 201, orgAdmin: 201, subAdmin: 201, admin: 201 }),
      },
      'GET /appointments': { fixture: none, expect: operatorsOnly(200) },
      'GET /escrow/appointments': { fixture: none, expect: everyone(403, { visitor: 401, escrowA: 200, escrowB: 200, orgAdmin: 200 }) },
      'GET /escrow/appointments/export': {
        fixture: none,
        expect: everyone(403, { visitor: 401, escrowA: 200, escrowB: 200, orgAdmin: 200 }),
      },
      'GET /appointments/:id': { fixture: scheduled, expect: sees(200) },
      'GET /appointments/:id/timeline': { fixture: scheduled, expect: sees(200) },
      'PATCH /appointments/:id': {
        fixture: async () => ({ ...(await open()), body: { lender: 'Wells Fargo Home Mortgage' } }),
        expect: { ...sees(200), agent: 403, otherAgent: 403 },
      },
      'POST /appointments/:id/send': { fixture: async () => ({ ...(await open()), body: {} }), expect: operatorsOnly(200) },
      'POST /appointments/:id/claim': { fixture: offered, expect: agentsOnOffer(200) },
      'POST /appointments/:id/counter': {
        fixture: async () => ({ ...(await offered()), body: { bid: '$175' } }),
        expect: agentsOnOffer(200),
      },
      'POST /appointments/:id/decline': { fixture: offered, expect: agentsOnOffer(200) },
      'POST /appointments/:id/withdraw': { fixture: declined, expect: agentsOnOffer(200) },
      'POST /appointments/:id/leave': {
        fixture: async () => ({ ...(await scheduled()), body: { reason: 'My car broke down.' } }),
        expect: agentsOnOffer(200),
      },
      'GET /appointments/:id/reach': { fixture: open, expect: operatorsOnly(200) },
      'GET /appointments/:id/eligible-agents': { fixture: open, expect: operatorsOnly(200) },
      'GET /appointments/:id/bids': { fixture: pending, expect: operatorsOnly(200) },
      'POST /appointments/:id/bids/:offerId/accept': { fixture: pending, expect: operatorsOnly(200) },
      'POST /appointments/:id/bids/:offerId/decline': { fixture: pending, expect: operatorsOnly(200) },
      'POST /appointments/:id/assign': { fixture: async () => ({ ...(await open()), body: { agentId } }), expect: operatorsOnly(200) },
      'POST /appointments/:id/reassign': { fixture: withRival, expect: operatorsOnly(200) },
      'POST /appointments/:id/status': {
        fixture: async () => ({ ...(await open()), body: { status: 'Paused' } }),
        expect: operatorsOnly(200),
      },
      'POST /appointments/:id/complete': {
        fixture: started,
        expect: everyone(403, { visitor: 401, agent: 200, otherAgent: 404, subAdmin: 200, admin: 200 }),
      },
      'POST /appointments/:id/did-not-sign': {
        fixture: async () => ({ ...(await started()), body: { reason: 'no_show' } }),
        expect: everyone(403, { visitor: 401, agent: 200, otherAgent: 404, subAdmin: 200, admin: 200 }),
      },
      'POST /appointments/:id/mark-paid': { fixture: completed, expect: operatorsOnly(200) },
      'GET /appointments/:id/notes': { fixture: scheduled, expect: sees(200) },
      'POST /appointments/:id/notes': {
        fixture: async () => ({ ...(await scheduled()), body: { message: 'Running ten minutes late.' } }),
        expect: sees(201),
      },
      'DELETE /appointments/:id/notes/:noteId': { fixture: withNote, expect: operatorsOnly(200) },
      'GET /appointments/:id/preview': { fixture: offered, expect: agentsOnOffer(200) },
      'GET /appointments/:id/comparison-orders': { fixture: offered, expect: agentsOnOffer(200, 200) },
      'GET /openapi.json': { fixture: none, expect: everyone(200) },
    };
    const context: MatrixContext = { t, s, agentId, escrowAId, fixtures: { none, open, offered, pending, scheduled, completed } };
    for (const factory of MODULE_ROWS) {
      for (const [key, row] of Object.entries(await factory(context))) {
        if (rows[key]) throw new Error(`two matrix rows for ${key}`);
        rows[key] = row;
      }
    }
  }, 120_000);
  afterAll(() => t.close());

  const cookieOf = (caller: Caller): string | undefined => (caller === 'visitor' ? undefined : s[caller as Exclude<Caller, 'visitor'>]);

  /** Calls the route of matrix row `key` as `caller` with the row's fixture. */
  async function callRoute(key: string, caller: Caller, fixture: Fixture, headers: Record<string, string> = {}) {
    const [method, pattern] = key.split(' ') as [string, string];
    const path = pattern.replace(/:(\w+)/g, (_, name: string) => fixture.params[name] ?? 'missing');
    return t.request(`/api${path}${fixture.query ? `?${fixture.query}` : ''}`, {
      method,
      cookie: cookieOf(caller),
      headers: { ...fixture.headers, ...headers },
      ...(fixture.rawBody !== undefined
        ? { body: fixture.rawBody }
        : fixture.body === undefined || method === 'GET'
          ? {}
          : { body: JSON.stringify(fixture.body) }),
    });
  }

  it('has a row for every route the API serves, and no row for a route it does not', async () => {
    const api = createApi({ env: t.env, database: t.database, auth: undefined as never });
    const live = new Set(api.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`));
    expect([...live].sort()).toEqual(Object.keys(rows).sort());
  });

  it('answers every caller of every route with the expected status', async () => {
    const failures: string[] = [];
    for (const [key, row] of Object.entries(rows)) {
      // The calls that must change nothing (a refusal, a read) share one fixture, made once,
      // unless the fixture reads its caller; a call that may change it gets its own. A refusal
      // that wrongly succeeds still fails here, as itself.
      let shared: Fixture | undefined;
      const reads = key.startsWith('GET ');
      for (const caller of CALLERS) {
        const expected = row.expect[caller];
        const changesNothing = expected >= 400 || reads;
        const fixture = changesNothing && row.fixture.length === 0 ? (shared ??= await row.fixture(caller)) : await row.fixture(caller);
        const res = await callRoute(key, caller, fixture);
        if (res.status !== expected) {
          const detail = res.status >= 400 ? (await readJson(res).catch(() => ({}))).detail : '';
          failures.push(`${key} as ${caller}: expected ${expected}, got ${res.status} ${detail ?? ''}`);
        }
        if (res.status === 401 || res.status === 403 || res.status === 404) {
          expect(res.headers.get('content-type')).toBe('application/problem+json');
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  /**
   * Refusals the outside review cared most about, one or more per module and per kind of
   * refusal (401 no session, 403 wrong role or inactive agent, 404 out of scope). Each uses its
   * matrix row's fixture and status, so the sample cannot drift from the matrix. `body`
   * replaces the row's body; `withKey` sends an Idempotency-Key as the agent app's outbox does.
   */
  const REFUSALS: { key: string; caller: Caller; why: string; body?: unknown; withKey?: boolean }[] = [
    { key: 'PATCH /appointments/:id', caller: 'escrowB', why: "another firm's escrow officer edits an order" },
    {
      key: 'POST /appointments/:id/status',
      caller: 'escrowB',
      body: { status: 'Canceled' },
      why: "another firm's escrow officer cancels an order",
    },
    {
      key: 'POST /appointments/:id/status',
      caller: 'escrowA',
      body: { status: 'Canceled' },
      why: 'an escrow officer cancels through the operators’ route',
    },
    { key: 'POST /appointments/:id/claim', caller: 'otherAgent', why: 'an agent claims an order not offered to them' },
    { key: 'POST /appointments/:id/claim', caller: 'otherAgent', withKey: true, why: 'the same, sent from the outbox with a key' },
    { key: 'POST /appointments/:id/claim', caller: 'pendingAgent', why: 'an agent whose registration is pending claims' },
    { key: 'POST /appointments/:id/claim', caller: 'pendingAgent', withKey: true, why: 'the same, sent from the outbox with a key' },
    { key: 'POST /appointments/:id/counter', caller: 'otherAgent', why: 'an agent counters an order not offered to them' },
    { key: 'POST /appointments/:id/complete', caller: 'otherAgent', why: 'an agent completes another agent’s signing' },
    { key: 'POST /appointments/:id/bids/:offerId/accept', caller: 'escrowA', why: 'an escrow officer accepts a bid' },
    { key: 'POST /appointments/:id/assign', caller: 'agent', why: 'an agent assigns themselves' },
    { key: 'POST /appointments/:id/mark-paid', caller: 'orgAdmin', why: 'an org admin marks the agent paid' },
    { key: 'POST /appointments/:id/send', caller: 'visitor', why: 'a visitor sends an order to agents' },
    { key: 'PUT /agents/:id/preferred', caller: 'subAdmin', why: 'a sub_admin sets an agent preferred (admin only)' },
    { key: 'POST /agents/registrations/review', caller: 'subAdmin', why: 'a sub_admin approves a registration (admin only)' },
    { key: 'POST /firms', caller: 'subAdmin', why: 'a sub_admin adds a firm (admin only)' },
    { key: 'POST /feedback/:id/replies', caller: 'subAdmin', why: 'a sub_admin answers feedback (admin only)' },
    { key: 'POST /users', caller: 'escrowB', why: 'an escrow officer creates a user in another firm' },
    { key: 'POST /appointments/:id/notes', caller: 'visitor', why: 'a visitor posts a note' },
    { key: 'POST /appointments/:id/notes', caller: 'escrowB', why: "another firm's escrow officer posts a note" },
    { key: 'DELETE /appointments/:id/notes/:noteId', caller: 'escrowA', why: 'an escrow officer deletes a note (operators only)' },
    { key: 'DELETE /appointments/:id/files/:fileId', caller: 'agent', why: 'the assigned agent deletes the escrow officer’s file' },
    { key: 'DELETE /appointments/:id/files/:fileId', caller: 'escrowB', why: "another firm's escrow officer deletes a file" },
    { key: 'PUT /appointments/:id/files-uploaded', caller: 'otherAgent', why: 'an agent not on the order flips a file flag' },
    { key: 'PATCH /uploads/:fileId', caller: 'escrowB', why: "another firm's escrow officer writes into someone's upload" },
    { key: 'DELETE /uploads/:fileId', caller: 'otherAgent', why: "an agent destroys someone else's unfinished upload" },
  ];

  it('leaves every table and every stored file unchanged on a refused write', async () => {
    const callerIds = new Map<Caller, string>();
    for (const caller of CALLERS.filter((c) => c !== 'visitor')) {
      callerIds.set(caller, (await readJson(await t.request('/api/me', { cookie: cookieOf(caller) }))).id);
    }
    const failures: string[] = [];
    for (const [i, refusal] of REFUSALS.entries()) {
      const row = rows[refusal.key];
      if (!row) throw new Error(`no matrix row ${refusal.key}`);
      const expected = row.expect[refusal.caller];
      expect([401, 403, 404], `${refusal.key} as ${refusal.caller} is a refusal in the matrix`).toContain(expected);
      const fixture = await row.fixture(refusal.caller);
      if (refusal.body !== undefined) fixture.body = refusal.body;
      const key = `refusal-${i}-${Date.now()}`;
      // A refusal past the guard (a 404 from the row scope) is stored under its key so a retry
      // replays it: that row is the idempotency protocol, not a trace of the action. The guard's
      // 401 and 403 come before any key is claimed, so for them the table is compared too.
      const excludeTables = refusal.withKey && expected === 404 ? ['idempotency_keys'] : [];
      const before = await takeSnapshot(t, { excludeTables });
      const res = await callRoute(refusal.key, refusal.caller, fixture, refusal.withKey ? { [IDEMPOTENCY_HEADER]: key } : {});
      const changes = snapshotChanges(before, await takeSnapshot(t, { excludeTables }));
      const label = `${refusal.key} as ${refusal.caller} (${refusal.why})`;
      if (res.status !== expected) failures.push(`${label}: expected ${expected}, got ${res.status}`);
      failures.push(...changes.map((change) => `${label} changed ${change}`));
      if (refusal.withKey) {
        const stored = await t.database.db.select().from(schema.idempotencyKeys).where(eq(schema.idempotencyKeys.key, key));
        for (const entry of stored) {
          if (entry.userId !== callerIds.get(refusal.caller) || entry.responseStatus !== expected) {
            failures.push(`${label} stored its key as ${entry.responseStatus} for ${entry.userId}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The stored files are part of what is compared: the fixtures above wrote some.
    expect([...(await takeSnapshot(t)).keys()].filter((part) => part.startsWith('file ')).length).toBeGreaterThan(0);
  }, 120_000);

  /**
   * Firm API keys (issue 34) as callers: a key acts as firm A's org admin, so on an operation
   * whose OpenAPI security names its scope it gets the org admin's answer, and a key with every
   * other scope gets 403 there; on every other signed-in operation any key gets 403. The scope
   * is read from the document, so the document and the guard cannot disagree.
   */
  it('answers a firm API key as the org admin where the document names its scope, and 403 elsewhere', async () => {
    const orgAdminId = await userIdOf(t, 'orgadmin@firm-a.demo.test');
    const [profile] = await t.database.db.select().from(schema.profiles).where(eq(schema.profiles.userId, orgAdminId));
    const tokenWith = async (scopes: ApiKeyScope[]) => {
      const fresh = newApiKey();
      await t.database.db.insert(schema.apiKeys).values({
        firmId: profile!.firmId,
        name: 'Matrix caller',
        prefix: fresh.prefix,
        tokenHash: fresh.tokenHash,
        scopes,
        createdBy: orgAdminId,
      });
      return fresh.token;
    };
    const doc = await readJson(await t.request('/api/openapi.json'));
    const scopeOf = new Map<string, ApiKeyScope>();
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { security?: Record<string, string[]>[] }>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const scope = operation.security?.find((requirement) => API_KEY_SCHEME in requirement)?.[API_KEY_SCHEME]?.[0];
        if (scope) scopeOf.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, scope as ApiKeyScope);
      }
    }
    expect(scopeOf.size).toBeGreaterThan(10);
    const everyScope = await tokenWith([...API_KEY_SCOPES]);
    const allBut = new Map(
      await Promise.all(API_KEY_SCOPES.map(async (scope) => [scope, await tokenWith(API_KEY_SCOPES.filter((x) => x !== scope))] as const)),
    );
    const only = new Map(await Promise.all(API_KEY_SCOPES.map(async (scope) => [scope, await tokenWith([scope])] as const)));
    const failures: string[] = [];
    for (const [key, row] of Object.entries(rows)) {
      if (row.expect.visitor !== 401) continue; // public routes take no credential
      // tus's HEAD reaches Hono as its GET route.
      const scope = scopeOf.get(key) ?? scopeOf.get(key.replace(/^GET /, 'HEAD '));
      const calls: [string, number, boolean][] = scope
        ? [
            [only.get(scope)!, row.expect.orgAdmin, true],
            [allBut.get(scope)!, 403, false],
          ]
        : [[everyScope, 403, false]];
      for (const [token, expected, withFixture] of calls) {
        const fixture = withFixture ? await row.fixture('orgAdmin') : { params: {} };
        const res = await callRoute(key, 'visitor', fixture, { authorization: `Bearer ${token}` });
        if (res.status !== expected) {
          const detail = res.status >= 400 ? (await readJson(res).catch(() => ({}))).detail : '';
          failures.push(
            `${key} with a key ${scope ? (withFixture ? `of ${scope}` : `without ${scope}`) : ''}: expected ${expected}, got ${res.status} ${detail ?? ''}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('serves no route that answers outside /api without the front ends', async () => {
    const res = await t.app.request(`${TEST_ORIGIN}/admin`);
    expect(res.status).toBe(404);
  });
});
