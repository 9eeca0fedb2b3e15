/**
 * Safe retries. A mutating request with an `Idempotency-Key` header runs once per scope and
 * key: the first result (success or refusal) is stored and replayed for every repeat, and the
 * same key with a different request is a 422. A 5xx or a 429 is not stored: nothing happened,
 * and the client may retry it under the same key. The agent app's offline outbox sends every
 * action with its own key.
 *
 * The scope is the signed-in caller (requireActor, middleware/guard.ts) or, on the public forms,
 * the visitor (middleware/idempotent.ts). A visitor has no account to keep their keys apart,
 * so theirs must be long enough to be unguessable (a random UUID), only an accepted submission
 * is stored — a refused one changed nothing and is simply answered again — and a repeat is
 * replayed only for the very same request.
 *
 * Owns the `idempotency_keys` rows. By default the key is claimed, the handler runs and its
 * answer is stored in one transaction, which the handler gets as `c.var.db` (the services' own
 * transactions become savepoints of it): "the action happened" and "the key holds its answer"
 * commit together or not at all, so no crash between them can let a retry run the action
 * again. A duplicate sent meanwhile waits on the key's unique index until the first commits,
 * then replays its answer. A route whose handler moves bytes through storage or its own
 * database handle records the key around the handler instead (mode 'separate'); such a
 * handler must be safe to run twice, because a crash after it can leave the key in progress.
 */
import { createHash } from 'node:crypto';
import type { Context, Next } from 'hono';
import { schema, type Db, type Tx } from '@signingdesk/db';
import { and, eq, lt, sql, TransactionRollbackError } from 'drizzle-orm';
import { AppError } from './app-error';
import type { AppEnv } from './context';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const VISITOR_KEY_PATTERN = /^[\x21-\x7e]{16,200}$/;
/** A first attempt still in progress after this long (database clock) is taken to have died. */
const ABANDONED_AFTER_SECONDS = 2 * 60;

/**
 * How a route takes part:
 * - 'transaction' (default): the handler runs inside the key's transaction and may use only
 *   `c.var.db`;
 * - 'separate': the key is claimed before and answered after the handler, which keeps its own
 *   handles and transactions (storage moves, the files context) and must be safe to repeat;
 * - 'none': the header is ignored (tus uploads resume by offset and stream their bodies).
 */
export type IdempotencyMode = 'transaction' | 'separate' | 'none';

/** Whose keys: the signed-in caller's, or a visitor's on a public form. */
export type IdempotencyScope = { userId: string } | 'visitor';

const table = schema.idempotencyKeys;

interface Attempt {
  scope: string;
  userId: string | null;
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

type StoredAnswer = Pick<typeof table.$inferSelect, 'responseStatus' | 'responseBody'>;

export function isMutating(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
}

export async function withIdempotency(
  c: Context<AppEnv>,
  scope: IdempotencyScope,
  next: Next,
  mode: IdempotencyMode = 'transaction',
): Promise<Response | void> {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined || mode === 'none' || !isMutating(c.req.method)) return next();
  const visitor = scope === 'visitor';
  if (!(visitor ? VISITOR_KEY_PATTERN : KEY_PATTERN).test(key)) {
    const length = visitor ? '16 to 200' : '1 to 200';
    throw new AppError('VALIDATION_FAILED', `The Idempotency-Key header must be ${length} visible characters.`, [
      { field: 'Idempotency-Key', message: `must be ${length} visible ASCII characters${visitor ? ' (a random UUID, for example)' : ''}` },
    ]);
  }
  const body = await c.req.raw.clone().text();
  const attempt: Attempt = {
    scope: visitor ? 'visitor' : scope.userId,
    userId: visitor ? null : scope.userId,
    key,
    method: c.req.method,
    path: c.req.path,
    requestHash: createHash('sha256').update(`${c.req.method} ${c.req.path}\n${body}`).digest('hex'),
  };
  return mode === 'transaction' ? inOneTransaction(c, attempt, next) : aroundHandler(c, attempt, next);
}

async function inOneTransaction(c: Context<AppEnv>, attempt: Attempt, next: Next): Promise<Response | void> {
  const db = c.var.db;
  let replay: StoredAnswer | null;
  try {
    replay = await db.transaction(async (tx) => {
      const claim = await claimKey(tx, attempt);
      if (claim !== 'run') return claim;
      c.set('db', tx as unknown as Db);
      try {
        await next();
      } finally {
        c.set('db', db);
      }
      // Keeps nothing, the key included: the action did not happen and may be retried.
      if (!kept(attempt, c.res.status)) tx.rollback();
      await storeAnswer(tx, attempt, c.res);
      return null;
    });
  } catch (err) {
    if (err instanceof TransactionRollbackError) return;
    throw err;
  }
  if (replay) return replayOf(c, replay);
}

async function aroundHandler(c: Context<AppEnv>, attempt: Attempt, next: Next): Promise<Response | void> {
  const db = c.var.db;
  const claim = await claimKey(db, attempt);
  if (claim !== 'run') return replayOf(c, claim);
  await next();
  if (!kept(attempt, c.res.status)) {
    await db.delete(table).where(keyOf(attempt));
    return;
  }
  await storeAnswer(db, attempt, c.res);
}

/** Whether an answer is stored for the key: not a 5xx or a 429, and for a visitor only a success. */
function kept(attempt: Attempt, status: number): boolean {
  if (status >= 500 || status === 429) return false;
  return attempt.userId !== null || status < 300;
}

function keyOf(attempt: Attempt) {
  return and(eq(table.scope, attempt.scope), eq(table.key, attempt.key));
}

/**
 * Takes the key for this attempt ('run'), or says how a repeat is answered: the stored answer,
 * 422 for another request under the key, 409 while an earlier attempt is still running.
 */
async function claimKey(db: Db | Tx, attempt: Attempt): Promise<'run' | StoredAnswer> {
  const [claimed] = await db.insert(table).values(attempt).onConflictDoNothing().returning({ key: table.key });
  if (claimed) return 'run';
  const [existing] = await db.select().from(table).where(keyOf(attempt));
  // Gone between the two statements: the earlier attempt failed and let go of the key.
  if (!existing) throw stillRunning();
  if (existing.requestHash !== attempt.requestHash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.', [
      { field: 'Idempotency-Key', message: 'was used before with another request' },
    ]);
  }
  if (existing.state === 'done') return existing;
  const [retaken] = await db
    .update(table)
    .set({ createdAt: sql`now()` })
    .where(
      and(
        keyOf(attempt),
        eq(table.state, 'in_progress'),
        lt(table.createdAt, sql`now() - make_interval(secs => ${sql.raw(String(ABANDONED_AFTER_SECONDS))})`),
      ),
    )
    .returning({ key: table.key });
  if (!retaken) throw stillRunning();
  return 'run';
}

function stillRunning() {
  return new AppError('IDEMPOTENCY_IN_PROGRESS', 'The same request is still being processed. Try again in a moment.');
}

async function storeAnswer(db: Db | Tx, attempt: Attempt, res: Response) {
  const text = await res.clone().text();
  await db
    .update(table)
    .set({ state: 'done', responseStatus: res.status, responseBody: text === '' ? null : text, completedAt: sql`now()` })
    .where(keyOf(attempt));
}

function replayOf(c: Context<AppEnv>, stored: StoredAnswer): Response {
  const status = (stored.responseStatus ?? 200) as 200;
  const headers: Record<string, string> = { [REPLAYED_HEADER]: 'true' };
  if (stored.responseBody === null) return c.body(null, status, headers);
  headers['Content-Type'] = status >= 400 ? 'application/problem+json' : 'application/json';
  return c.body(stored.responseBody, status, headers);
}
