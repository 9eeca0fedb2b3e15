/**
 * Hot reads built once (issue 35, decision 072). Building a query through drizzle — the tree of
 * columns and conditions, then its SQL text — cost the API more CPU under load than the driver
 * did. A hot read is therefore written once per shape with `sql.placeholder` for every value
 * that varies between calls, prepared once per database object, and from then on only executed:
 * drizzle fills the placeholders and maps the rows, nothing else. On PostgreSQL a prepared query
 * is also a named statement on each connection (parsed once); planning still happens per call
 * (`plan_cache_mode = force_custom_plan`, db/src/index.ts), so the plan fits each call's values.
 *
 * Rules for a prepared read: the name says everything that changes the SQL text (the tab, the
 * sort, whether a filter is present); placeholder values are what the driver takes (strings,
 * numbers; a timestamp as ISO text, never a Date: drizzle does not encode placeholders); a list
 * of values is either part of the shape or an `= any(…)` over an array placeholder.
 */
import type { Db } from '@signingdesk/db';

interface Preparable<Q> {
  prepare(name: string): Q;
}

const preparedByDatabase = new WeakMap<Db, Map<string, unknown>>();

/**
 * The query `name` of this database, built by `build` on first use. Keyed by the database
 * object: a transaction's own object gets its own copies, which run inside it and are dropped
 * with it (a query prepared on the pool would wait for the transaction on PGlite's one connection).
 */
export function prepared<Q>(db: Db, name: string, build: () => Preparable<Q>): Q {
  let queries = preparedByDatabase.get(db);
  if (!queries) {
    queries = new Map();
    preparedByDatabase.set(db, queries);
  }
  let query = queries.get(name) as Q | undefined;
  if (!query) {
    query = build().prepare(name);
    queries.set(name, query);
  }
  return query;
}
