import type { Database, Db } from '@signingdesk/db';
import type { Auth } from '../auth/auth';
import type { Env } from '../env';
import type { Actor } from './actor';
import type { KeyCaller } from './api-key-actor';
import type { Readiness } from './readiness';
import type { SessionCache } from './session-cache';

/** What every request handler can reach through `c.var`. */
export interface AppVariables {
  db: Db;
  auth: Auth;
  actor: Actor;
  /** The client's address for the per-address limits (lib/client-ip.ts); undefined without a socket. */
  clientIp: string | undefined;
  /** This process's recently resolved callers (lib/session-cache.ts). */
  sessionCache: SessionCache;
  /** The firm API key of the request, when it came with one (lib/api-key-actor.ts). */
  apiKey: KeyCaller['key'] | undefined;
}

export interface AppDeps {
  env: Env;
  database: Database;
  auth: Auth;
  /** Whether this process takes traffic (/api/health); set stopping by the server's SIGTERM. */
  readiness?: Readiness | undefined;
  /** Folders of the built front ends; when absent (API tests) only /api is served. */
  staticRoots?: { console: string; pwa: string } | undefined;
}

export type AppEnv = { Variables: AppVariables };
