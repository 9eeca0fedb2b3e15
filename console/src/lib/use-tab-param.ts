import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The selected tab of a page, kept in the `?tab=` query parameter so that a reload, a shared
 * link or the return after login opens the same tab. An unknown or forbidden value falls back
 * to `fallback`; other query parameters are left as they are.
 */
export function useTabParam<T extends string>(allowed: readonly T[], fallback: T): [T, (next: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const current = allowed.find((tab) => tab === raw) ?? fallback;

  const select = useCallback(
    (next: string | null) => {
      if (next === null || !allowed.some((tab) => tab === next)) return;
      setParams((previous) => {
        const updated = new URLSearchParams(previous);
        updated.set('tab', next);
        return updated;
      });
    },
    [allowed, setParams],
  );

  return [current, select];
}
