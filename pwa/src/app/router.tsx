import { createBrowserRouter } from 'react-router';
import { ROUTER_BASENAME } from '../config/paths';
import { RequireAuth } from '../features/auth/components/require-auth';
import { AppointmentDetailRoute } from './routes/appointment-detail';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { PortalRoute } from './routes/portal';
import { PreviewRoute } from './routes/preview';
import { SignUpRoute } from './routes/sign-up';

export function createRouter() {
  return createBrowserRouter(
    [
      { path: '/login', element: <LoginRoute /> },
      { path: '/sign-up', element: <SignUpRoute /> },
      { path: '/preview/:id', element: <PreviewRoute /> },
      {
        element: <RequireAuth />,
        children: [
          { index: true, element: <PortalRoute /> },
          { path: 'appointments/:id', element: <AppointmentDetailRoute /> },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
    { basename: ROUTER_BASENAME },
  );
}
