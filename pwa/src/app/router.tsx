import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/full-page-status';
import { ROUTER_BASENAME } from '../config/paths';
import { RequireAuth } from '../features/auth/components/require-auth';
import { NotFoundRoute } from './routes/not-found';
import { PortalRoute } from './routes/portal';

/**
 * The portal is in the first bundle; every other screen, the login included, is its own chunk,
 * loaded when opened (the service worker precaches them all, so they open offline too). A
 * signed-in agent, who opens the portal every time, does not download the login.
 */
const screens: RouteObject[] = [
  { path: '/login', lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }) },
  { path: '/sign-up', lazy: async () => ({ Component: (await import('./routes/sign-up')).SignUpRoute }) },
  { path: '/forgot-password', lazy: async () => ({ Component: (await import('./routes/forgot-password')).ForgotPasswordRoute }) },
  { path: '/preview/:id', lazy: async () => ({ Component: (await import('./routes/preview')).PreviewRoute }) },
  {
    element: <RequireAuth />,
    children: [
      { index: true, element: <PortalRoute /> },
      {
        path: 'appointments/:id',
        lazy: async () => ({ Component: (await import('./routes/appointment-detail')).AppointmentDetailRoute }),
      },
      { path: 'sync', lazy: async () => ({ Component: (await import('./routes/sync')).SyncRoute }) },
      { path: 'profile', lazy: async () => ({ Component: (await import('./routes/profile')).ProfileRoute }) },
    ],
  },
  { path: '*', element: <NotFoundRoute /> },
];

/**
 * Opened directly at a lazy screen (a deep link, a reload), the router loads that chunk before
 * its first render: the root route's HydrateFallback, the app's Loading screen, shows meanwhile
 * (without one react-router warns and renders nothing).
 */
export function createRouter() {
  return createBrowserRouter([{ id: 'root', HydrateFallback: LoadingScreen, children: screens }], {
    basename: ROUTER_BASENAME,
  });
}
