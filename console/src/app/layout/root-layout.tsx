import { Box } from '@mantine/core';
import { Outlet, ScrollRestoration } from 'react-router';
import { usePageViews } from '../../lib/analytics';
import classes from './root-layout.module.css';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Frame of every console page: skip link, header with navigation, the page, footer; each page reached is a page view. */
export function RootLayout() {
  usePageViews();
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <SiteHeader />
      <Box component="main" id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </Box>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
