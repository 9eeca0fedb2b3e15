/**
 * Shared pieces of the role × route matrix (access-matrix.db.test.ts). Each module that adds
 * routes also adds a `testing/access-rows/<module>.access-rows.ts` exporting a RowsFactory, listed in
 * testing/access-rows/index.ts; the test collects them
 * and fails when a live route has no row.
 */
import type { TestApp } from './test-app';
import type { Sessions } from './fixtures';

export const CALLERS = ['visitor', 'pendingAgent', 'agent', 'otherAgent', 'escrowA', 'escrowB', 'orgAdmin', 'subAdmin', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export type Expected = Record<Caller, number>;

export interface Fixture {
  params: Record<string, string>;
  /** A query string (without `?`) the route needs. */
  query?: string;
  body?: unknown;
  /** Extra request headers (e.g. a content type other than JSON). */
  headers?: Record<string, string>;
  /** A raw body sent as is instead of JSON. */
  rawBody?: string | Uint8Array;
}

export interface Row {
  /**
   * What a call of the route needs. One that takes no argument is made once for all the calls
   * that must change nothing (refusals, reads); one that reads its caller is made for each call.
   */
  fixture: (caller: Caller) => Promise<Fixture>;
  expect: Expected;
}

export interface MatrixContext {
  t: TestApp;
  s: Sessions;
  agentId: string;
  escrowAId: string;
  fixtures: {
    none: () => Promise<Fixture>;
    /** An Open order of firm A created by escrow@firm-a.demo.test. */
    open: () => Promise<Fixture>;
    /** Open, offered to agent@demo.test (not to the other agent). */
    offered: () => Promise<Fixture>;
    /** Pending with agent@demo.test's claimed bid (params id, offerId). */
    pending: () => Promise<Fixture>;
    /** Scheduled, assigned to agent@demo.test. */
    scheduled: () => Promise<Fixture>;
    /** Completed by agent@demo.test: the agent may be paid and the firm invoiced. */
    completed: () => Promise<Fixture>;
  };
}

/** Keyed by `METHOD /path` as Hono lists it (`/appointments/:id`). */
export type RowsFactory = (ctx: MatrixContext) => Promise<Record<string, Row>> | Record<string, Row>;

export const everyone = (status: number, overrides: Partial<Expected> = {}): Expected => ({
  ...(Object.fromEntries(CALLERS.map((c) => [c, status])) as Expected),
  ...overrides,
});

/** Operators only: others are told 401/403 before anything is looked up. */
export const operatorsOnly = (ok: number): Expected => everyone(403, { visitor: 401, subAdmin: ok, admin: ok });

/** Operators only; anyone else signed in is answered 404, as for an id they may not see (decision 065). */
export const operatorsElse404 = (ok: number): Expected => everyone(404, { visitor: 401, subAdmin: ok, admin: ok });

/** Admin only (Pending Signing Agents, Feedback, Add Firm). */
export const adminOnly = (ok: number): Expected => everyone(403, { visitor: 401, admin: ok });

/** Whoever may see the full appointment of firm A assigned to agent@demo.test. */
export const seesAppointment = (ok: number): Expected => ({
  visitor: 401,
  pendingAgent: 403,
  agent: ok,
  otherAgent: 404,
  escrowA: ok,
  escrowB: 404,
  orgAdmin: ok,
  subAdmin: ok,
  admin: ok,
});
