/** A count as the console writes numbers: '1,234' (one formatter for every count a user reads). */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/**
 * The long lists of appointments count their rows up to 1,000 past the page (the API's
 * `totalCapped`); past that a count reads "1,000+". One formatter for the lists' pagination and
 * the Dashboard's buckets.
 */
export function countText(count: number, capped: boolean): string {
  return `${formatCount(count)}${capped ? '+' : ''}`;
}

/** mantine-datatable's pagination text for a list counted up to a cap: "1–25 of 1,000+". */
export function pageRangeText(from: number, to: number, total: number, capped: boolean): string {
  return `${from}–${to} of ${countText(total, capped)}`;
}
