import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A tab the signed-in role may not open, asked for by a link (a sub_admin's link to Feedback, an
 * escrow officer's to Integrations): the page lands on its default tab with a URL that says so,
 * `?tab=<fallback>&denied=<tab>` (issue 30). Returns the denied tab while the default one shows,
 * for the page's sentence. `tabs` is every tab of the page, `allowed` those of this role.
 */
export function useDeniedTab<T extends string>(tabs: readonly T[], allowed: readonly T[], fallback: T): T | undefined {
  const [params, setParams] = useSearchParams();
  const isDenied = (value: string | null): value is T => tabs.some((tab) => tab === value) && !allowed.some((tab) => tab === value);
  const asked = params.get('tab');
  const forbidden = isDenied(asked) ? asked : undefined;
  useEffect(() => {
    if (!forbidden) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', fallback);
        next.set('denied', forbidden);
        return next;
      },
      { replace: true },
    );
  }, [forbidden, fallback, setParams]);
  const current = allowed.find((tab) => tab === asked) ?? fallback;
  const denied = params.get('denied');
  return current === fallback && isDenied(denied) ? denied : undefined;
}
