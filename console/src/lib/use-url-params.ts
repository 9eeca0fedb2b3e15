import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's filter kept in its URL's query string, so Back, a reload and a shared link keep
 * it: the current parameters, and `update` to set (or, with null or '', remove) some of them
 * while the others stay.
 */
export function useUrlParams(): [URLSearchParams, (changes: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      }),
    [setParams],
  );
  return [params, update];
}
