/**
 * Per-address limit of the public forms. Owns the form_rate_limits table: one row per
 * `<form>:<address>` holding a fixed window (one hour unless the caller sets another) and how
 * many submissions it has seen. The key may name something else than an address: password
 * resets also count the emails sent to one account (`password-reset-email:<user id>`).
 * The count is taken with one atomic upsert, so every API process shares the same limit and
 * concurrent submissions can never slip past it. Window start and the retry time are read
 * from the database clock, never from a process's own.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, eq, gt, lte, sql } from 'drizzle-orm';

const { formRateLimits } = schema;

export type Allowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The window of the public forms' limits. */
const HOUR_SECONDS = 60 * 60;

/**
 * Counts one submission of `form` from `address` and says whether it is within `limit` for the
 * current window of `windowSeconds`. A refused submission still counts (it cannot extend the
 * window).
 */
export async function takeFormAllowance(
  db: Db | Tx,
  form: string,
  address: string,
  limit: number,
  windowSeconds: number = HOUR_SECONDS,
): Promise<Allowance> {
  const window = sql`(${Math.trunc(windowSeconds)}::int * interval '1 second')`;
  const expired = sql`${formRateLimits.windowStartedAt} <= now() - ${window}`;
  const [row] = await db
    .insert(formRateLimits)
    .values({ key: `${form}:${address}`, windowStartedAt: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: formRateLimits.key,
      // Both expressions read the row as it was before this update.
      set: {
        count: sql`case when ${expired} then 1 else ${formRateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${formRateLimits.windowStartedAt} end`,
      },
    })
    .returning({
      count: formRateLimits.count,
      retryAfterSeconds:
        sql<number>`greatest(1, ceil(extract(epoch from ${formRateLimits.windowStartedAt} + ${window} - now())))::int`.mapWith(Number),
    });
  if (row!.count <= limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: row!.retryAfterSeconds };
}

/**
 * Gives back one counted request of `form` from `address` (the request was refused for another
 * reason, so it used nothing): the count goes down, and a row this request created goes away.
 */
export async function giveBackFormAllowance(db: Db | Tx, form: string, address: string): Promise<void> {
  const key = `${form}:${address}`;
  await db.delete(formRateLimits).where(and(eq(formRateLimits.key, key), lte(formRateLimits.count, 1)));
  await db
    .update(formRateLimits)
    .set({ count: sql`${formRateLimits.count} - 1` })
    .where(and(eq(formRateLimits.key, key), gt(formRateLimits.count, 1)));
}
