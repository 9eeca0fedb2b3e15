/**
 * Counting a list of appointments without reading all of it: the rows of a filter up to a limit,
 * and whether there were more. The cost is that of reading `limit` index entries, the same at a
 * hundred thousand appointments as at a million (issue 13), where an exact count reads every
 * match. The lists count COUNT_AHEAD rows past their page; the Dashboard's buckets as many.
 */
import { schema, type Db } from '@signingdesk/db';
import { count, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { prepared } from '../../lib/prepared';

const { appointments } = schema;

function countUpTo(db: Db, where: SQL | undefined, limitPlusOne: number | Placeholder) {
  const upTo = db
    .select({ one: sql`1` })
    .from(appointments)
    .where(where)
    .limit(limitPlusOne)
    .as('counted');
  return db.select({ n: count() }).from(upTo);
}

const capped = (row: { n: number } | undefined, limit: number) => {
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, limit), totalCapped: n > limit };
};

export async function countAppointmentsUpTo(db: Db, where: SQL | undefined, limit: number) {
  const [row] = await countUpTo(db, where, limit + 1);
  return capped(row, limit);
}

/**
 * The same count prepared as `name` (lib/prepared.ts): `where` builds the condition with
 * placeholders the first time, `values` fill them.
 */
export async function countPreparedUpTo(
  db: Db,
  name: string,
  where: () => SQL | undefined,
  values: Record<string, unknown>,
  limit: number,
) {
  const query = prepared(db, name, () => countUpTo(db, where(), sql.placeholder('countUpTo')));
  const [row] = await query.execute({ ...values, countUpTo: limit + 1 });
  return capped(row, limit);
}
