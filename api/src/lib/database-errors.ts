/**
 * Which errors mean "the database cannot be reached just now" rather than "this request is
 * wrong": a connection refused, reset or timed out, a backend terminated (failover, pooler
 * restart, pg_terminate_backend), or a statement cut by the pool's timeouts. Those answer
 * 503 DATABASE_UNAVAILABLE with Retry-After instead of a 500; the client tries again.
 */
import type { Context } from 'hono';
import { problem } from './problem';

/** postgres.js's own connection codes and Node's socket errors. */
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away or refusing work for now: class 08 (connection exception),
 * 57P01–57P03 (terminated by an administrator, crash shutdown, cannot connect now), 53300 (too
 * many connections), 57014 (statement timeout) and 25P03 (idle-in-transaction timeout).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300', '57014', '25P03'].includes(code);
}

/** Seconds a client should wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE = 'SigningDesk cannot reach its database just now. Please try again in a few seconds.';

/** True when `err` (or an error it wraps: drizzle keeps the driver's error as `cause`) is a lost database. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || isUnavailableState(code))) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** One line for the log: what was lost, never a stack (an outage would print thousands). */
export function databaseErrorLine(err: unknown): string {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || isUnavailableState(code))) {
      return `${code}: ${(current as { message?: unknown }).message ?? ''}`.trim();
    }
    current = (current as { cause?: unknown }).cause;
  }
  return err instanceof Error ? err.message : String(err);
}

export function databaseUnavailable(c: Context): Response {
  c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
  return problem(c, 503, 'DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
}
