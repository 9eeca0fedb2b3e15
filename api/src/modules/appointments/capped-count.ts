/**
 * Counting a list of appointments without reading all of it: the rows of a filter up to a limit,
 * and whether there were more. The cost is that of reading `limit` index entries, the same at a
 * hundred thousand appointments as at a million (issue 13), where an exact count reads every
 * match. The lists count COUNT_AHEAD rows past their page; the Dashboard's buckets as many.
 */
import { schema, type Db } from '@signingdesk/db';
import { count, sql, type SQL } from 'drizzle-orm';

const { appointments } = schema;

export async function countAppointmentsUpTo(db: Db, where: SQL | undefined, limit: number) {
  const upTo = db
    .select({ one: sql`1` })
    .from(appointments)
    .where(where)
    .limit(limit + 1)
    .as('counted');
  const [row] = await db.select({ n: count() }).from(upTo);
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, limit), totalCapped: n > limit };
}
