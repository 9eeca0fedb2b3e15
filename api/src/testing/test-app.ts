/**
 * createTestApp(): the real app over a fresh, migrated test database (in-memory PGlite, or a
 * new PostgreSQL database when DATABASE_URL is set) seeded with the demo accounts and a small
 * set of agents, plus helpers to sign in as any of them. Under the `db` test project the
 * database is a copy of the run's template (db/src/testing.ts), with the demo accounts' sessions.
 */
import { createTestDatabase, testTemplates, type TestDatabase } from '@signingdesk/db/testing';
import { DEMO_PASSWORD } from '@signingdesk/db/seed';
import { createApp } from '../app';
import { createAuth } from '../auth/auth';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv, type Env } from '../env';
import type { AppDeps } from '../lib/context';
import { seedDemoData } from '../seed';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: TestDatabase;
  /** Signs in and returns the Cookie header value of the new session. */
  signIn(email: string, password?: string): Promise<string>;
  /**
   * The Cookie header of a session of `email` made before this file ran (in the run's `seeded`
   * template), once; afterwards, or for any other account, undefined: sign in then.
   */
  preparedSession(email: string): string | undefined;
  /** GET/POST… with an optional session cookie. */
  request(path: string, init?: RequestInit & { cookie?: string | undefined; clientIp?: string }): Promise<Response>;
  /** The configuration the app runs with (FILES_DIR points at a temporary folder). */
  env: Env;
  close(): Promise<void>;
}

/** Agents the seed adds when a test names no count: the `seeded` template holds this many. */
export const TEST_AGENT_COUNT = 60;
/** The auth secret of every test app; sessions prepared in a template are signed with it. */
export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-0123456789';

export interface TestAppOptions {
  seed?: boolean;
  agentCount?: number;
  staticRoots?: AppDeps['staticRoots'];
  readiness?: AppDeps['readiness'];
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const seed = options.seed !== false;
  const agentCount = options.agentCount ?? TEST_AGENT_COUNT;
  // The run's `seeded` template already holds the default seed, and a session of each demo account.
  const templates = testTemplates();
  const fromTemplate = seed && agentCount === TEST_AGENT_COUNT && templates !== null;
  const database = await createTestDatabase(fromTemplate ? 'seeded' : 'migrated');
  if (seed && !fromTemplate) await seedDemoData(database.db, { agentCount });
  return testAppOver(database, options, fromTemplate ? templates.sessions : {});
}

/**
 * The real app over `database`. `sessions` (email → Cookie header) are sessions already in that
 * database: preparedSession() hands each out once.
 */
export function testAppOver(database: TestDatabase, options: TestAppOptions = {}, sessions: Record<string, string> = {}): TestApp {
  const unused = new Map(Object.entries(sessions));
  // Stored files go to a folder of this test app, removed by close().
  const filesDir = mkdtempSync(join(tmpdir(), 'sd-test-files-'));
  // Webhook receivers of the tests listen on 127.0.0.1 over plain HTTP.
  const env = parseEnv({ NODE_ENV: 'test', PUBLIC_ORIGIN: TEST_ORIGIN, FILES_DIR: filesDir, WEBHOOKS_ALLOW_HTTP_LOCALHOST: '1' });
  const auth = createAuth({ db: database.db, secret: TEST_AUTH_SECRET, origin: TEST_ORIGIN });
  const app = createApp({ env, database, auth, staticRoots: options.staticRoots, readiness: options.readiness });

  // Each sign-in comes from its own address, so suites signing in many users stay under the
  // per-address sign-in limit (which has its own test).
  let signIns = 0;
  const request = (path: string, init: RequestInit & { cookie?: string | undefined; clientIp?: string } = {}) => {
    const { cookie, clientIp = '127.0.0.1', ...rest } = init;
    const headers = new Headers(rest.headers);
    headers.set('origin', TEST_ORIGIN);
    if (cookie) headers.set('cookie', cookie);
    if (rest.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const bindings = { incoming: { socket: { remoteAddress: clientIp, remotePort: 40000, remoteFamily: 'IPv4' } } };
    return Promise.resolve(app.request(`${TEST_ORIGIN}${path}`, { ...rest, headers }, bindings));
  };

  return {
    app,
    database,
    request,
    async signIn(email, password = DEMO_PASSWORD) {
      signIns++;
      const clientIp = `10.${(signIns >> 16) & 255}.${(signIns >> 8) & 255}.${signIns & 255}`;
      const res = await request('/api/auth/sign-in/email', { method: 'POST', body: JSON.stringify({ email, password }), clientIp });
      if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    },
    preparedSession(email) {
      const cookie = unused.get(email);
      unused.delete(email);
      return cookie;
    },
    env,
    async close() {
      await database.close();
      // The upload store's own mkdir of its folder may still be queued on the thread pool
      // (files.context.ts): one more goes through before the folder is removed.
      await mkdir(join(filesDir, '.staging'), { recursive: true }).catch(() => undefined);
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** The parsed JSON body of a response, typed loosely for assertions. */
export async function readJson(res: Response): Promise<any> {
  return res.json();
}
