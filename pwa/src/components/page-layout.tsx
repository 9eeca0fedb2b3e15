import type { ReactNode } from 'react';
import { AppHeader } from './app-header';
import { SiteNav } from './site-nav';

interface PageLayoutProps {
  /** The signed-in agent's part of the header; without it the page is a visitor's. */
  header?: ReactNode;
  children: ReactNode;
}

export function PageLayout({ header, children }: PageLayoutProps) {
  return (
    <>
      <AppHeader>{header}</AppHeader>
      <SiteNav signedIn={header !== undefined} />
      <main id="main" className="page">
        {children}
      </main>
    </>
  );
}
