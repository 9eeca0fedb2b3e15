/**
 * Cross-site writes (issue 9, finding 5): a page of another site, even a sibling subdomain or
 * another port of the host, cannot make a signed-in user's browser change anything.
 */
import { schema } from '@signingdesk/db';
import { DEMO_PASSWORD } from '@signingdesk/db/seed';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../app';
import { createOrder, offerTo, signInAll, userIdOf, type Sessions } from '../testing/fixtures';
import { createTestApp, readJson, TEST_ORIGIN, type TestApp } from '../testing/test-app';
import { CROSS_SITE_MESSAGE } from './same-origin';

describe('cross-site writes', () => {
  let t: TestApp;
  let s: Sessions;
  let agentId: string;

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    agentId = await userIdOf(t, 'agent@demo.test');
  });
  afterAll(() => t.close());

  /** A request as a browser would send it, with the headers a page of `origin` gets. */
  const fromBrowser = (path: string, cookie: string | undefined, headers: Record<string, string>, method = 'POST') =>
    t.app.request(`${TEST_ORIGIN}${path}`, { method, headers: { ...(cookie ? { cookie } : {}), ...headers } });

  const offerOf = async (appointmentId: string) =>
    (
      await t.database.db
        .select()
        .from(schema.offers)
        .where(and(eq(schema.offers.appointmentId, appointmentId), eq(schema.offers.agentId, agentId)))
    )[0];

  it('refuses a body-less claim sent from another site, a sibling subdomain or another port, and the offer stays as it was', async () => {
    const id = await createOrder(t, s.escrowA);
    await offerTo(t, id, [agentId]);
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://attacker.localhost:3000', 'sec-fetch-site': 'same-site' },
      { origin: 'http://localhost:4000', 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of attempts) {
      const res = await fromBrowser(`/api/appointments/${id}/claim`, s.agent, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(await readJson(res)).toMatchObject({ code: 'FORBIDDEN', detail: CROSS_SITE_MESSAGE });
    }
    expect(await offerOf(id)).toMatchObject({ status: 'offered' });
    const [appointment] = await t.database.db.select().from(schema.appointments).where(eq(schema.appointments.id, id));
    expect(appointment!.status).toBe('Open');

    // The agent app itself, on the product's origin, claims it.
    const own = await fromBrowser(`/api/appointments/${id}/claim`, s.agent, { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(200);
    expect(await offerOf(id)).toMatchObject({ status: 'claimed' });
  });

  it('refuses every write route of the API from another origin before the route runs, and lets reads through', async () => {
    const id = await createOrder(t, s.escrowA);
    const routes = createApi({ env: t.env, database: t.database, auth: undefined as never }).routes.filter((r) => r.method !== 'ALL');
    const writes = routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(writes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const route of writes) {
      const path = `/api${route.path.replace(/:(\w+)/g, (_, name: string) => (name === 'id' ? id : '00000000-0000-4000-8000-000000000000'))}`;
      const res = await fromBrowser(path, s.admin, { origin: 'https://evil.example', 'content-type': 'application/json' }, route.method);
      if (res.status !== 403) wrong.push(`${route.method} ${route.path}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
    const read = await fromBrowser(
      `/api/appointments/${id}`,
      s.admin,
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      'GET',
    );
    expect(read.status).toBe(200);
    // The browser keeps the answer from the other site's page: no CORS permission for it.
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('covers better-auth’s and the uploads’ routes too', async () => {
    const signIn = await t.app.request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'agent@demo.test', password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(403);
    expect(signIn.headers.get('set-cookie')).toBeNull();
    const signOut = await fromBrowser('/api/auth/sign-out', s.agent, { origin: 'https://evil.example' });
    expect(signOut.status).toBe(403);
    expect((await t.request('/api/me', { cookie: s.agent })).status).toBe(200);
    const tus = await fromBrowser(
      '/api/uploads/00000000-0000-4000-8000-000000000000',
      s.agent,
      { origin: 'https://evil.example', 'tus-resumable': '1.0.0' },
      'DELETE',
    );
    expect(tus.status).toBe(403);
  });

  it('lets clients that are not browser pages through to the route’s own checks', async () => {
    const id = await createOrder(t, s.escrowA);
    await offerTo(t, id, [agentId]);
    const res = await fromBrowser(`/api/appointments/${id}/decline`, s.agent, {});
    expect(res.status).toBe(200);
    expect(await offerOf(id)).toMatchObject({ status: 'declined' });
  });
});
