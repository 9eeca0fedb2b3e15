/**
 * createTestApp(): the real app over a fresh, migrated test database (in-memory PGlite, or a
 * new PostgreSQL database when DATABASE_URL is set) seeded with the demo accounts and a small
 * set of agents, plus helpers to sign in as any of them.
 */
import { createTestDatabase, type TestDatabase } from '@signingdesk/db/testing';
import { DEMO_PASSWORD } from '@signingdesk/db/seed';
import { createApp } from '../app';
import { createAuth } from '../auth/auth';
import { parseEnv } from '../env';
import type { AppDeps } from '../lib/context';
import { seedDemoData } from '../seed';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: TestDatabase;
  /** Signs in and returns the Cookie header value of the new session. */
  signIn(email: string, password?: string): Promise<string>;
  /** GET/POST… with an optional session cookie. */
  request(path: string, init?: RequestInit & { cookie?: string | undefined }): Promise<Response>;
  close(): Promise<void>;
}

export async function createTestApp(options: { seed?: boolean; staticRoots?: AppDeps['staticRoots'] } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  if (options.seed !== false) await seedDemoData(database.db, { agentCount: 60 });
  const env = parseEnv({ NODE_ENV: 'test', PUBLIC_ORIGIN: TEST_ORIGIN });
  const auth = createAuth({ db: database.db, secret: 'test-secret-that-is-long-enough-0123456789', origin: TEST_ORIGIN });
  const app = createApp({ env, database, auth, staticRoots: options.staticRoots });

  const request = (path: string, init: RequestInit & { cookie?: string | undefined } = {}) => {
    const { cookie, ...rest } = init;
    const headers = new Headers(rest.headers);
    headers.set('origin', TEST_ORIGIN);
    if (cookie) headers.set('cookie', cookie);
    if (rest.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
    return Promise.resolve(app.request(`${TEST_ORIGIN}${path}`, { ...rest, headers }));
  };

  return {
    app,
    database,
    request,
    async signIn(email, password = DEMO_PASSWORD) {
      const res = await request('/api/auth/sign-in/email', { method: 'POST', body: JSON.stringify({ email, password }) });
      if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    },
    close: () => database.close(),
  };
}

/** The parsed JSON body of a response, typed loosely for assertions. */
export async function readJson(res: Response): Promise<any> {
  return res.json();
}
