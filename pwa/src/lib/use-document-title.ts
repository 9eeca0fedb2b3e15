import { useEffect } from 'react';

const APP_TITLE = 'SigningDesk for Signing Agents';

/** Sets the tab/window title; screen readers announce it on route changes. */
export function useDocumentTitle(pageTitle: string | null): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${APP_TITLE}` : APP_TITLE;
  }, [pageTitle]);
}
