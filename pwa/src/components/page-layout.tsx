import type { ReactNode } from 'react';
import { AppHeader } from './app-header';
import { SiteMenu } from './site-menu';

interface PageLayoutProps {
  /** The signed-in agent's part of the header (the sync chip and the menu); without it the page is a visitor's. */
  header?: ReactNode;
  children: ReactNode;
}

export function PageLayout({ header, children }: PageLayoutProps) {
  return (
    <>
      <AppHeader>{header ?? <SiteMenu signedIn={false} />}</AppHeader>
      <main id="main" className="page">
        {children}
      </main>
    </>
  );
}
