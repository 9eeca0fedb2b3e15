/**
 * Firm API keys (issue 34): created by the firm's org admin and shown once, stored hashed; a
 * request with the key acts for the firm with the org admin's reach and the key's scopes, is
 * limited per key, audited with the key, and refused at once — on every process — when the key
 * is revoked or its creator can no longer sign in as the firm's org admin.
 */
import { schema } from '@signingdesk/db';
import { API_KEY_LIMITS, API_KEY_MESSAGES, API_KEY_PATTERN } from '@signingdesk/domain/api-keys';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey, newApiKey } from '../../lib/api-key-actor';
import { createOrder, post, signInAll, userIdOf, VALID_ORDER, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, testAppOver, type TestApp } from '../../testing/test-app';

const { apiKeys, appointments, auditLog, formRateLimits, idempotencyKeys, profiles } = schema;

describe('firm API keys', () => {
  let t: TestApp;
  let s: Sessions;
  let orgAdminId: string;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    orgAdminId = await userIdOf(t, 'orgadmin@firm-a.demo.test');
  });
  afterAll(() => t.close());

  const create = (body: unknown, cookie = s.orgAdmin) => post(t, '/api/api-keys', cookie, body);
  const withKey = (app: TestApp, token: string, path: string, init: RequestInit = {}) =>
    app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } });
  async function keyWith(scopes: string[], name = 'Qualia production') {
    const created = await create({ name, scopes });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { token: string; key: { id: string; hint: string; status: string } };
  }

  it('is shown once and stored as a hash with its visible prefix; the org admin lists it', async () => {
    const { token, key, message } = (await keyWith(['orders:read', 'orders:write'])) as Awaited<ReturnType<typeof keyWith>> & {
      message: string;
    };
    expect(token).toMatch(API_KEY_PATTERN);
    expect(message).toBe('Qualia production was created. Copy the key now: it is shown only once.');
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row).toMatchObject({ tokenHash: hashApiKey(token), prefix: token.slice(4, 12), scopes: ['orders:read', 'orders:write'] });
    expect(Object.values(row!).some((value) => typeof value === 'string' && value.includes(token.slice(13)))).toBe(false);
    expect(key.hint).toBe(`sdk_${token.slice(4, 12)}_…`);

    const listed = await readJson(await t.request('/api/api-keys', { cookie: s.orgAdmin }));
    expect(listed.items[0]).toMatchObject({
      id: key.id,
      name: 'Qualia production',
      status: 'active',
      statusText: 'Active',
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(token.slice(13));
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, key.id));
    expect(entry).toMatchObject({ action: 'api_key.created', actorId: orgAdminId });

    // Sent with an Idempotency-Key, the answer (which holds the key) is not stored for replays.
    const keyed = await post(
      t,
      '/api/api-keys',
      s.orgAdmin,
      { name: 'Keyed', scopes: ['orders:read'] },
      { 'Idempotency-Key': 'create-key-1' },
    );
    expect(keyed.status).toBe(201);
    const stored = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'create-key-1'));
    expect(stored).toEqual([]);
    await post(t, `/api/api-keys/${keyed.body.key.id}/revoke`, s.orgAdmin);
  });

  it('refuses a name or scopes the form does not allow, and an escrow officer who is not the org admin', async () => {
    const noName = await create({ name: '  ', scopes: ['orders:read'] });
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toEqual([{ field: 'name', message: API_KEY_MESSAGES.nameRequired }]);
    const noScope = await create({ name: 'ResWare', scopes: [] });
    expect(noScope.body.errors).toEqual([{ field: 'scopes', message: API_KEY_MESSAGES.scopesRequired }]);
    const unknownScope = await create({ name: 'ResWare', scopes: ['orders:delete'] });
    expect(unknownScope.status).toBe(400);
    expect(unknownScope.body.errors[0]).toMatchObject({ field: 'scopes.0', message: API_KEY_MESSAGES.scopesRequired });
    expect((await create({ name: 'ResWare', scopes: ['orders:read'] }, s.escrowA)).status).toBe(403);
    expect(await t.database.db.$count(apiKeys, eq(apiKeys.name, 'ResWare'))).toBe(0);
  });

  it('creates an order for the firm as its org admin, audited with the key, and marks the key used', async () => {
    const { token, key } = await keyWith(['orders:read', 'orders:write'], 'SoftPro');
    const res = await withKey(t, token, '/api/appointments', {
      method: 'POST',
      body: JSON.stringify({ ...VALID_ORDER, fileNumber: 'KEY-1' }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { appointment } = await readJson(res);
    const [order] = await t.database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(order).toMatchObject({ createdBy: orgAdminId, fileNumber: 'KEY-1' });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.appointmentId, appointment.id));
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.apiKeyId === key.id && entry.actorId === orgAdminId)).toBe(true);

    // The escrow portal lists it; the key reads it back.
    const list = await readJson(await t.request('/api/escrow/appointments?q=KEY-1', { cookie: s.orgAdmin }));
    expect(JSON.stringify(list)).toContain(appointment.id);
    expect((await withKey(t, token, `/api/appointments/${appointment.id}`)).status).toBe(200);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('does only what its scopes name, within the firm, and nothing a key may not call', async () => {
    const { token } = await keyWith(['orders:read'], 'Read only');
    const write = await withKey(t, token, '/api/appointments', { method: 'POST', body: JSON.stringify(VALID_ORDER) });
    expect(write.status).toBe(403);
    expect((await readJson(write)).detail).toBe(API_KEY_MESSAGES.missingScope('orders:write'));
    // Firm B's order is not the key's to see.
    const firmB = await createOrder(t, s.escrowB);
    expect((await withKey(t, token, `/api/appointments/${firmB}`)).status).toBe(404);
    // Session-only operations: the keys themselves, operator routes.
    for (const path of ['/api/api-keys', '/api/appointments', '/api/me']) {
      const res = await withKey(t, token, path);
      expect(res.status, path).toBe(403);
      expect((await readJson(res)).detail).toBe(API_KEY_MESSAGES.notForKeys);
    }
    // A malformed header, a mistyped key.
    const malformed = await t.request('/api/escrow/appointments', { headers: { authorization: 'Bearer 12345' } });
    expect(malformed.status).toBe(401);
    expect((await readJson(malformed)).detail).toBe(API_KEY_MESSAGES.malformed);
    // Another scheme (a proxy's Basic authentication) is not a key: the session decides.
    const basic = await t.request('/api/escrow/appointments', {
      cookie: s.orgAdmin,
      headers: { authorization: 'Basic c3RhZ2luZzpzZWNyZXQ=' },
    });
    expect(basic.status).toBe(200);
    const mistyped = `${token.slice(0, -4)}AAAA`;
    const wrong = await withKey(t, mistyped === token ? `${token.slice(0, -4)}BBBB` : mistyped, '/api/escrow/appointments');
    expect(wrong.status).toBe(401);
    expect((await readJson(wrong)).detail).toBe(API_KEY_MESSAGES.invalid);
  });

  it('is refused at once by every process when revoked, and only the firm or an operator may revoke it', async () => {
    const { token, key } = await keyWith(['orders:read'], 'Rotating');
    const other = testAppOver(t.database);
    expect((await withKey(other, token, '/api/escrow/appointments')).status).toBe(200);
    expect((await post(t, `/api/api-keys/${key.id}/revoke`, s.escrowB)).status).toBe(403);
    const revoked = await post(t, `/api/api-keys/${key.id}/revoke`, s.orgAdmin);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({
      message: 'Rotating was revoked. Requests with it are refused from now on.',
      key: { status: 'revoked' },
    });
    for (const app of [t, other]) expect((await withKey(app, token, '/api/escrow/appointments')).status).toBe(401);
    // Again: nothing changes, and one audit row says who revoked it.
    expect((await post(t, `/api/api-keys/${key.id}/revoke`, s.admin)).status).toBe(200);
    expect(await t.database.db.$count(auditLog, and(eq(auditLog.entityId, key.id), eq(auditLog.action, 'api_key.revoked')))).toBe(1);
  });

  it('lets operators see every firm’s keys, and keeps one firm’s keys from another', async () => {
    const escrowBId = await userIdOf(t, 'escrow@firm-b.demo.test');
    const [profileB] = await t.database.db.select().from(profiles).where(eq(profiles.userId, escrowBId));
    const fresh = newApiKey();
    const [keyB] = await t.database.db
      .insert(apiKeys)
      .values({
        firmId: profileB!.firmId,
        name: 'Firm B system',
        prefix: fresh.prefix,
        tokenHash: fresh.tokenHash,
        scopes: ['orders:read'],
        createdBy: escrowBId,
      })
      .returning();
    const operators = await readJson(await t.request('/api/api-keys', { cookie: s.subAdmin }));
    expect(operators.items.map((k: { name: string }) => k.name)).toEqual(expect.arrayContaining(['Firm B system', 'Qualia production']));
    const oneFirm = await readJson(await t.request(`/api/api-keys?firmId=${profileB!.firmId}`, { cookie: s.admin }));
    expect(oneFirm.items.map((k: { name: string }) => k.name)).toEqual(['Firm B system']);
    const firmA = await readJson(await t.request('/api/api-keys', { cookie: s.orgAdmin }));
    expect(firmA.items.map((k: { name: string }) => k.name)).not.toContain('Firm B system');
    expect((await post(t, `/api/api-keys/${keyB!.id}/revoke`, s.orgAdmin)).status).toBe(404);
    // Its creator is no org admin: the key is stopped, and says why.
    expect(oneFirm.items[0]).toMatchObject({ status: 'stopped' });
    expect((await withKey(t, fresh.token, '/api/escrow/appointments')).status).toBe(401);
  });

  it('is limited per key per minute, with Retry-After', async () => {
    const { token, key } = await keyWith(['orders:read'], 'Busy');
    await t.database.db
      .insert(formRateLimits)
      .values({ key: `api-key:${key.id}`, windowStartedAt: new Date(), count: API_KEY_LIMITS.requestsPerMinute });
    const res = await withKey(t, token, '/api/escrow/appointments');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await readJson(res)).detail).toMatch(/^This API key has made 240 requests in the last minute/);
  });

  it('allows at most 10 active keys a firm', async () => {
    const active = await t.database.db.$count(apiKeys, and(eq(apiKeys.createdBy, orgAdminId), isNull(apiKeys.revokedAt)));
    for (let i = active; i < API_KEY_LIMITS.activePerFirm; i++) await keyWith(['orders:read'], `System ${i}`);
    const over = await create({ name: 'One too many', scopes: ['orders:read'] });
    expect(over.status).toBe(409);
    expect(over.body.detail).toBe(API_KEY_MESSAGES.tooMany);
  });

  it('stops when its creator is disabled', async () => {
    // The limit test left the firm full: revoke its keys first.
    await t.database.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.createdBy, orgAdminId));
    const { token } = await keyWith(['orders:read'], 'Leaver');
    await t.database.db.update(profiles).set({ status: 'disabled' }).where(eq(profiles.userId, orgAdminId));
    try {
      const res = await withKey(t, token, '/api/escrow/appointments');
      expect(res.status).toBe(401);
      expect((await readJson(res)).detail).toBe(API_KEY_MESSAGES.invalid);
      const listed = await readJson(await t.request('/api/api-keys', { cookie: s.admin }));
      expect(listed.items.find((k: { name: string }) => k.name === 'Leaver')).toMatchObject({ status: 'stopped' });
    } finally {
      await t.database.db.update(profiles).set({ status: 'active' }).where(eq(profiles.userId, orgAdminId));
    }
    expect((await withKey(t, token, '/api/escrow/appointments')).status).toBe(200);
  });
});
