/**
 * Where a details page was opened from, so that its way back (spec 01 §4: the list "opens the
 * order details with a close button") returns to the same list — tab, search, sort and page
 * included (issue 27, item 10). The list's link puts its own URL in the history entry's state,
 * which a reload keeps; a page opened any other way (an email's link, a bookmark) goes back to
 * its list's default.
 */
import { useLocation } from 'react-router';

interface CameFrom {
  from: string;
}

/** The state a list's link passes: this list's URL. */
export function useCameFromHere(): CameFrom {
  const location = useLocation();
  return { from: `${location.pathname}${location.search}` };
}

/** The URL to go back to: the list the page was opened from, if it is `listPath`, else `fallback`. */
export function useWayBack(listPath: string, fallback: string): string {
  const state: unknown = useLocation().state;
  const from = typeof state === 'object' && state !== null && 'from' in state ? (state as CameFrom).from : null;
  return typeof from === 'string' && (from === listPath || from.startsWith(`${listPath}?`)) ? from : fallback;
}
