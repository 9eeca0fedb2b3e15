/**
 * The one paging rule of the lists: `page` (from 1) and `pageSize` in the query, the same
 * fields back with the total, and the bounds every list shares. A list may choose its own
 * default and largest page size (the firm pickers load more at once); the rest is common.
 */
import { z } from 'zod';

/** No list is read past this page: deeper offsets cost the database more than they show. */
export const MAX_PAGE = 10_000;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export interface PageQuery {
  page: number;
  pageSize: number;
}

const count = (what: string, max: number) =>
  z.coerce
    .number({ message: `must be ${what}` })
    .int(`must be ${what}`)
    .min(1, `must be ${what}`)
    .max(max, `must be at most ${max}`);

/** The query fields of a paged list; spread into the list's query object. */
export function pageQueryFields({ defaultPageSize = DEFAULT_PAGE_SIZE, maxPageSize = MAX_PAGE_SIZE } = {}) {
  return {
    page: count('a page number', MAX_PAGE).default(1),
    pageSize: count('a page size', maxPageSize).default(defaultPageSize),
  };
}

/** The query field of a list that is read from its start only (`limit` rows). */
export function limitQueryField(defaultLimit: number, maxLimit = MAX_PAGE_SIZE) {
  return count('a number of items', maxLimit).default(defaultLimit);
}

/** The paging fields of a list's answer, beside its `items`. */
export const pageResultFields = {
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
};

/**
 * How far past the page a long list counts its rows. A list of appointments answers its total
 * up to here and `totalCapped` beyond it (shown "1,000+"): counting every match of a million-row
 * table would cost more than the page itself, and nobody pages through a thousand rows.
 */
export const COUNT_AHEAD = 1_000;

/** The paging fields of a list that counts its rows up to COUNT_AHEAD past the page. */
export const cappedPageResultFields = {
  ...pageResultFields,
  totalCapped: z.boolean(),
};

/** The most rows a capped count reads for a page: the rows before it and COUNT_AHEAD more. */
export function countLimit(query: PageQuery): number {
  return pageOffset(query) + COUNT_AHEAD;
}

/** Rows to skip for a page. */
export function pageOffset(query: PageQuery): number {
  return (query.page - 1) * query.pageSize;
}
