/**
 * Safe retries. A mutating request with an `Idempotency-Key` header runs once per caller and
 * key: the first result (success or refusal) is stored and replayed for every repeat, the same
 * key with a different request is a 422, and a repeat that arrives while the first is still
 * running is a 409. A 5xx is not stored, so the client may retry it. The agent app's offline
 * outbox sends every action with its own key.
 */
import { createHash } from 'node:crypto';
import type { Context, Next } from 'hono';
import { schema } from '@signingdesk/db';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Actor } from './actor';
import { AppError } from './app-error';
import type { AppEnv } from './context';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
/** A first attempt that has not finished after this long is taken to have died. */
const ABANDONED_AFTER_MS = 2 * 60_000;

export function isMutating(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
}

export async function withIdempotency(c: Context<AppEnv>, actor: Actor, next: Next): Promise<Response | void> {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined || !isMutating(c.req.method)) return next();
  if (!KEY_PATTERN.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'The Idempotency-Key header must be 1 to 200 visible characters.', [
      { field: 'Idempotency-Key', message: 'must be 1 to 200 visible ASCII characters' },
    ]);
  }
  const db = c.var.db;
  const body = await c.req.raw.clone().text();
  const requestHash = createHash('sha256').update(`${c.req.method} ${c.req.path}\n${body}`).digest('hex');
  const table = schema.idempotencyKeys;
  const match = and(eq(table.userId, actor.userId), eq(table.key, key));

  const [claimed] = await db
    .insert(table)
    .values({ userId: actor.userId, key, method: c.req.method, path: c.req.path, requestHash })
    .onConflictDoNothing()
    .returning({ key: table.key });
  if (!claimed) {
    const [existing] = await db.select().from(table).where(match);
    if (!existing) return next();
    if (existing.requestHash !== requestHash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.', [
        { field: 'Idempotency-Key', message: 'was used before with another request' },
      ]);
    }
    if (existing.state === 'done') {
      const status = existing.responseStatus ?? 200;
      const headers: Record<string, string> = { [REPLAYED_HEADER]: 'true' };
      if (existing.responseBody === null) return c.body(null, status as 200, headers);
      headers['Content-Type'] = status >= 400 ? 'application/problem+json' : 'application/json';
      return c.body(existing.responseBody, status as 200, headers);
    }
    // Still running: unless the first attempt died, the caller must wait for it.
    const [retaken] = await db
      .update(table)
      .set({ createdAt: sql`now()` })
      .where(and(match, eq(table.state, 'in_progress'), lt(table.createdAt, new Date(Date.now() - ABANDONED_AFTER_MS))))
      .returning({ key: table.key });
    if (!retaken) {
      throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'The same request is still being processed. Try again in a moment.');
    }
  }

  await next();
  if (c.res.status >= 500) {
    await db.delete(table).where(match);
    return;
  }
  const text = await c.res.clone().text();
  const responseBody = text === '' ? null : text;
  await db
    .update(table)
    .set({ state: 'done', responseStatus: c.res.status, responseBody, completedAt: sql`now()` })
    .where(match);
}
