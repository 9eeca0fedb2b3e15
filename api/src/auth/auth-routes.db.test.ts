import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@signingdesk/db/testing';
import { createTestApp, readJson, type TestApp } from '../testing/test-app';
import { createAuth } from './auth';
import { AUTH_ROUTES_IN_USE, BETTER_AUTH_DISABLED_PATHS, isAuthRouteInUse } from './auth-routes';

describe('the better-auth routes the product mounts', () => {
  it('lets through only the exact method and path of the routes the apps call', () => {
    expect(isAuthRouteInUse('POST', '/api/auth/sign-in/email')).toBe(true);
    expect(isAuthRouteInUse('POST', '/api/auth/sign-out')).toBe(true);
    expect(isAuthRouteInUse('POST', '/api/auth/reset-password')).toBe(true);
    for (const [method, path] of [
      ['GET', '/api/auth/sign-in/email'],
      ['POST', '/api/auth/update-user'],
      ['POST', '/api/auth/sign-up/email'],
      ['POST', '/api/auth/delete-user'],
      ['GET', '/api/auth/list-sessions'],
      ['POST', '/api/auth/change-email'],
      ['GET', '/api/auth/reset-password/some-token'],
      ['POST', '/api/auth/sign-in/email/'],
      ['POST', '/api/auth/Sign-In/email'],
      ['POST', '/api/auth/sign-in%2Femail'],
      ['POST', '/api/auth//sign-in/email'],
      ['POST', '/api/auth/sign-in/../update-user'],
    ] as const) {
      expect(isAuthRouteInUse(method, path), `${method} ${path}`).toBe(false);
    }
  });

  it('switches off in better-auth itself every route it serves that the product does not use', async () => {
    const database = await createTestDatabase();
    try {
      const auth = createAuth({ db: database.db, secret: 'test-secret-that-is-long-enough-0123456789', origin: 'http://localhost:3000' });
      const inUse = new Set<string>(AUTH_ROUTES_IN_USE.map((r) => r.path));
      // Paths with a parameter (/callback/:id) cannot be listed in disabledPaths: the allow-list covers them.
      const served = Object.values(auth.api)
        .map((endpoint) => (endpoint as { path?: string }).path)
        .filter((path): path is string => typeof path === 'string' && !path.includes(':'));
      expect(served.length).toBeGreaterThan(20);
      for (const path of served) {
        expect(inUse.has(path) || BETTER_AUTH_DISABLED_PATHS.includes(path), `${path} is neither in use nor disabled`).toBe(true);
      }
      for (const path of inUse) expect(BETTER_AUTH_DISABLED_PATHS).not.toContain(path);
      // Reached directly, past the app's allow-list, better-auth refuses them itself.
      const direct = await auth.handler(
        new Request('http://localhost:3000/api/auth/update-user', {
          method: 'POST',
          headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Bob' }),
        }),
      );
      expect(direct.status).toBe(404);
    } finally {
      await database.close();
    }
  });
});

describe('better-auth routes the product does not use, called over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ agentCount: 2 });
  });
  afterAll(() => t.close());

  const snapshot = async (email: string) => {
    const [row] = await t.database.db.select().from(schema.user).where(eq(schema.user.email, email));
    const sessions = await t.database.db.select({ id: schema.session.id }).from(schema.session).where(eq(schema.session.userId, row!.id));
    const accounts = await t.database.db.select().from(schema.account).where(eq(schema.account.userId, row!.id));
    return { user: row, sessions: sessions.map((s) => s.id).sort(), accounts };
  };

  it('answers 404 problem+json to update-user, sign-up, delete-user, list-sessions and the rest, and changes nothing', async () => {
    const cookie = await t.signIn('agent@demo.test');
    const before = await snapshot('agent@demo.test');
    const attacks: [string, string, unknown?][] = [
      ['POST', '/api/auth/update-user', { name: 'Bob\n\nClick https://evil.example to verify' }],
      ['POST', '/api/auth/update-user', { name: 'x'.repeat(20_000) }],
      ['POST', '/api/auth/sign-up/email', { email: 'intruder@example.com', password: 'long-enough-password', name: 'Intruder' }],
      ['POST', '/api/auth/delete-user', {}],
      ['GET', '/api/auth/list-sessions'],
      ['POST', '/api/auth/revoke-sessions', {}],
      ['POST', '/api/auth/change-email', { newEmail: 'taken-over@example.com' }],
      ['POST', '/api/auth/change-password', { currentPassword: 'signing-demo-2026', newPassword: 'attacker-chosen-2026' }],
      ['POST', '/api/auth/request-password-reset', { email: 'agent@demo.test' }],
      ['GET', '/api/auth/get-session'],
      ['GET', '/api/auth/reset-password/anything'],
      ['POST', '/api/auth/update-user/', { name: 'Trailing slash' }],
      ['POST', '/api/auth/Update-User', { name: 'Other case' }],
      ['POST', '/api/auth/update%2Duser', { name: 'Encoded' }],
    ];
    for (const [method, path, body] of attacks) {
      const res = await t.request(path, { method, cookie, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type'), `${method} ${path}`).toBe('application/problem+json');
      expect((await readJson(res)).code).toBe('NOT_FOUND');
    }
    expect(await snapshot('agent@demo.test')).toEqual(before);
    expect(await t.database.db.select().from(schema.user).where(eq(schema.user.email, 'intruder@example.com'))).toHaveLength(0);
    expect(await t.database.db.select().from(schema.user).where(eq(schema.user.email, 'taken-over@example.com'))).toHaveLength(0);
    // The session still works: the refusals ended nothing.
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
  });

  it('still signs in, signs out and redeems a set-password link', async () => {
    const cookie = await t.signIn('escrow@firm-a.demo.test');
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
    const out = await t.request('/api/auth/sign-out', { method: 'POST', cookie, body: '{}' });
    expect(out.status).toBe(200);
    expect((await t.request('/api/me', { cookie })).status).toBe(401);
    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      body: JSON.stringify({ newPassword: 'whatever-password-1', token: 'not-a-token' }),
    });
    expect(reset.status).toBe(400);
  });
});
