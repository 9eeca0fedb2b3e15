import { lazy, Suspense, useState, type ComponentType } from 'react';
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
/**
 * A screen in its own chunk. Rendered after `load()` has brought the chunk, it renders at once;
 * before, through `lazy` (the Loading screen shows meanwhile). A rendered screen keeps the one
 * it began with, so it is never mounted twice.
 */
function lazyScreen<M>(importer: () => Promise<M>, pick: (module: M) => ComponentType) {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const load = () =>
    (loading ??= importer().then(
      (module) => {
        Loaded = pick(module);
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await load();
    return { default: Loaded! };
  });
  function Screen() {
    const [Component] = useState<ComponentType>(() => Loaded ?? Lazy);
    return <Component />;
  }
  return { Screen, load };
}

const login = lazyScreen(
  () => import('./routes/login'),
  (m) => m.LoginRoute,
);
const signUp = lazyScreen(
  () => import('./routes/sign-up'),
  (m) => m.SignUpRoute,
);
const forgotPassword = lazyScreen(
  () => import('./routes/forgot-password'),
  (m) => m.ForgotPasswordRoute,
);
const preview = lazyScreen(
  () => import('./routes/preview'),
  (m) => m.PreviewRoute,
);
const appointment = lazyScreen(
  () => import('./routes/appointment-detail'),
  (m) => m.AppointmentDetailRoute,
);
const sync = lazyScreen(
  () => import('./routes/sync'),
  (m) => m.SyncRoute,
);
const profile = lazyScreen(
  () => import('./routes/profile'),
  (m) => m.ProfileRoute,
);

/**
 * Opened at a lazy screen (the login, a deep link): its chunk, asked for as the script starts,
 * beside GET /api/me, so that the first render can show the screen itself rather than the
 * Loading screen and then the screen (React reveals what replaces a fallback no sooner than
 * 300 ms after it). `path` is the router's (after the basename). Resolves when the chunk is
 * there, or failed to come (the screen's own `lazy` then tries again and reports it).
 */
export async function preloadScreen(path: string): Promise<void> {
  const screen =
    path === paths.login
      ? login
      : path === paths.signUp
        ? signUp
        : path === paths.forgotPassword
          ? forgotPassword
          : path === paths.sync
            ? sync
            : path === paths.profile
              ? profile
              : path.startsWith('/preview/')
                ? preview
                : path.startsWith('/appointments/')
                  ? appointment
                  : null;
  await screen?.load().catch(() => undefined);
}

export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path={paths.login} element={<login.Screen />} />
        <Route path={paths.signUp} element={<signUp.Screen />} />
        <Route path={paths.forgotPassword} element={<forgotPassword.Screen />} />
        <Route path="/preview/:id" element={<preview.Screen />} />
        <Route element={<RequireAuth />}>
          <Route index element={<PortalRoute />} />
          <Route path="/appointments/:id" element={<appointment.Screen />} />
          <Route path={paths.sync} element={<sync.Screen />} />
          <Route path={paths.profile} element={<profile.Screen />} />
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </Suspense>
  );
}
