import type { ReactNode } from 'react';
import { PageLayout } from './page-layout';

/** A whole-screen loading or error state, before we know who is signed in. */
export function FullPageStatus({ children }: { children: ReactNode }) {
  return (
    <PageLayout>
      <div className="page__center">{children}</div>
    </PageLayout>
  );
}

export function LoadingScreen() {
  return (
    <FullPageStatus>
      <p className="status-text" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>Loading...</span>
      </p>
    </FullPageStatus>
  );
}
