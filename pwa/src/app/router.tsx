import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { LoadingScreen } from '../components/full-page-status';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import { paths } from '../config/paths';
import { RequireAuth } from '../features/auth/components/require-auth';
import { NotFoundRoute } from './routes/not-found';
import { WARMED_SCREENS_META } from './warmed-screens';
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
/** The lazy screens' `forget`, for Retry after a chunk could not come. */
const forgetters: (() => void)[] = [];

/**
 * A screen in its own chunk. Rendered after `load()` has brought the chunk, it renders at once;
 * before, through `lazy` (the Loading screen shows meanwhile). A rendered screen keeps the one
 * it began with, so it is never mounted twice. React's `lazy` keeps a failure (no network yet):
 * `forget` makes a new one for the next mount, which asks for the chunk again (Retry).
 */
function lazyScreen<M>(importer: () => Promise<M>, pick: (module: M) => ComponentType) {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  let failed = false;
  const load = () =>
    (loading ??= importer().then(
      (module) => {
        Loaded = pick(module);
      },
      (error: unknown) => {
        loading = undefined;
        failed = true;
        throw error;
      },
    ));
  const lazyOfLoad = () =>
    lazy(async () => {
      await load();
      return { default: Loaded! };
    });
  let Lazy = lazyOfLoad();
  forgetters.push(() => {
    if (!failed) return;
    failed = false;
    Lazy = lazyOfLoad();
  });
  function Screen() {
    const [Component] = useState<ComponentType>(() => Loaded ?? Lazy);
    return <Component />;
  }
  return { Screen, load };
}

/** Before Retry mounts a screen again: the screens whose chunk could not come ask for it again. */
function forgetFailedScreens(): void {
  for (const forget of forgetters) forget();
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
const resetPassword = lazyScreen(
  () => import('./routes/reset-password'),
  (m) => m.ResetPasswordRoute,
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
const availability = lazyScreen(
  () => import('./routes/availability'),
  (m) => m.AvailabilityRoute,
);
const credentials = lazyScreen(
  () => import('./routes/credentials'),
  (m) => m.CredentialsRoute,
);
const record = lazyScreen(
  () => import('./routes/record'),
  (m) => m.RecordRoute,
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
          : path === paths.resetPassword
            ? resetPassword
            : path === paths.sync
              ? sync
              : path === paths.profile
                ? profile
                : path === paths.availability
                  ? availability
                  : path === paths.credentials
                    ? credentials
                    : path === paths.record
                      ? record
                      : path.startsWith('/preview/')
                        ? preview
                        : path.startsWith('/appointments/')
                          ? appointment
                          : null;
  await screen?.load().catch(() => undefined);
}

/**
 * The signed-in agent's screens, once the list is on screen: their code is fetched then, so
 * that an agent who loses the signal seconds after the first login can still open an
 * appointment, the pending actions and the profile (the service worker's precache takes longer).
 * Preloaded, not imported: the browser fetches each module and keeps it for the screen's own
 * import, and each stylesheet for the screen's own link, so that they open with no signal; none
 * of their code runs and none of their CSS applies now (warmed-screens.ts). One file per task:
 * each preload's start is a few milliseconds of a phone's main thread. (A prefetch, cheaper,
 * leaves the files in the HTTP cache, which a page with no signal does not read.) The
 * development server writes no list: nothing is warmed there.
 */
export function warmScreens(): void {
  const files = document.querySelector<HTMLMetaElement>(`meta[name="${WARMED_SCREENS_META}"]`)?.content.split(' ') ?? [];
  const pending = files.filter(Boolean);
  const next = () => {
    const file = pending.shift();
    if (file === undefined) return;
    const link = document.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    // As the build's own links: the screen's import and stylesheet then find them in the same (CORS) mode.
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
    setTimeout(next, 0);
  };
  next();
}

/** Every route's screen in an error boundary: a screen that fails, or whose code cannot come, says so with Retry. */
function Guarded({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname} beforeRetry={forgetFailedScreens}>
      {children}
    </RouteErrorBoundary>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route
          path={paths.login}
          element={
            <Guarded>
              <login.Screen />
            </Guarded>
          }
        />
        <Route
          path={paths.signUp}
          element={
            <Guarded>
              <signUp.Screen />
            </Guarded>
          }
        />
        <Route
          path={paths.resetPassword}
          element={
            <Guarded>
              <resetPassword.Screen />
            </Guarded>
          }
        />
        <Route
          path={paths.forgotPassword}
          element={
            <Guarded>
              <forgotPassword.Screen />
            </Guarded>
          }
        />
        <Route
          path="/preview/:id"
          element={
            <Guarded>
              <preview.Screen />
            </Guarded>
          }
        />
        <Route
          element={
            <Guarded>
              <RequireAuth />
            </Guarded>
          }
        >
          <Route
            index
            element={
              <Guarded>
                <PortalRoute />
              </Guarded>
            }
          />
          <Route
            path="/appointments/:id"
            element={
              <Guarded>
                <appointment.Screen />
              </Guarded>
            }
          />
          <Route
            path={paths.sync}
            element={
              <Guarded>
                <sync.Screen />
              </Guarded>
            }
          />
          <Route
            path={paths.profile}
            element={
              <Guarded>
                <profile.Screen />
              </Guarded>
            }
          />
          <Route
            path={paths.availability}
            element={
              <Guarded>
                <availability.Screen />
              </Guarded>
            }
          />
          <Route
            path={paths.credentials}
            element={
              <Guarded>
                <credentials.Screen />
              </Guarded>
            }
          />
          <Route
            path={paths.record}
            element={
              <Guarded>
                <record.Screen />
              </Guarded>
            }
          />
        </Route>
        <Route
          path="*"
          element={
            <Guarded>
              <NotFoundRoute />
            </Guarded>
          }
        />
      </Routes>
    </Suspense>
  );
}
