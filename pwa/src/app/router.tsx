import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingScreen } from '../components/full-page-status';
import { paths } from '../config/paths';
import { RequireAuth } from '../features/auth/components/require-auth';
import { NotFoundRoute } from './routes/not-found';
import { PortalRoute } from './routes/portal';

/**
 * The portal is in the first bundle; every other screen, the login included, is its own chunk,
 * loaded when opened (the service worker precaches them all, so they open offline too). A
 * signed-in agent, who opens the portal every time, does not download the login.
 *
 * React Router in declarative mode (`<BrowserRouter>` in app.tsx), not its data router: the
 * app loads no data through the router, and the data router's code was 16 KiB gzip of the first
 * screen's budget (docs/decisions/035). Navigations are transitions, so the screen that is
 * showing stays while the next one's chunk loads; opened directly at a lazy screen (a deep
 * link, a reload), the app's Loading screen shows meanwhile.
 */
const LoginRoute = lazy(async () => ({ default: (await import('./routes/login')).LoginRoute }));
const SignUpRoute = lazy(async () => ({ default: (await import('./routes/sign-up')).SignUpRoute }));
const ForgotPasswordRoute = lazy(async () => ({ default: (await import('./routes/forgot-password')).ForgotPasswordRoute }));
const PreviewRoute = lazy(async () => ({ default: (await import('./routes/preview')).PreviewRoute }));
const AppointmentDetailRoute = lazy(async () => ({ default: (await import('./routes/appointment-detail')).AppointmentDetailRoute }));
const SyncRoute = lazy(async () => ({ default: (await import('./routes/sync')).SyncRoute }));
const ProfileRoute = lazy(async () => ({ default: (await import('./routes/profile')).ProfileRoute }));

export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path={paths.login} element={<LoginRoute />} />
        <Route path={paths.signUp} element={<SignUpRoute />} />
        <Route path={paths.forgotPassword} element={<ForgotPasswordRoute />} />
        <Route path="/preview/:id" element={<PreviewRoute />} />
        <Route element={<RequireAuth />}>
          <Route index element={<PortalRoute />} />
          <Route path="/appointments/:id" element={<AppointmentDetailRoute />} />
          <Route path={paths.sync} element={<SyncRoute />} />
          <Route path={paths.profile} element={<ProfileRoute />} />
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </Suspense>
  );
}
