import type { ReactNode } from 'react';
import { AppHeader } from './app-header';

interface PageLayoutProps {
  header?: ReactNode;
  children: ReactNode;
}

export function PageLayout({ header, children }: PageLayoutProps) {
  return (
    <>
      <AppHeader>{header}</AppHeader>
      <main id="main" className="page">
        {children}
      </main>
    </>
  );
}
