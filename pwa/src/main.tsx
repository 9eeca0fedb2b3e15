import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen, warmScreens } from './app/router';
import { ROUTER_BASENAME } from './config/paths';
import { appointmentListQueryOptions, fetchListEarly } from './features/appointments/api/get-appointments';
import { meKeys, meQueryOptions, type MeResult } from './features/auth/api/get-me';
import { toTab } from './features/appointments/tabs';
import { afterFirstScreen } from './lib/first-screen';
import { createQueryClient } from './lib/query-client';
import { offlineCopyMarked } from './lib/offline-store';
import { isSignOutPending } from './lib/outbox/signed-out';
import { registerServiceWorker } from './lib/service-worker';
import './app/app.css';

// Who is signed in is asked for now, as the script starts, not after the first render; opened
// at the portal, its list goes out beside it rather than after it.
const queryClient = createQueryClient();
const meAnswered = queryClient.prefetchQuery(meQueryOptions());
const atPortal = `${location.pathname.replace(/\/$/, '')}/` === ROUTER_BASENAME;
const portalTab = toTab(new URLSearchParams(location.search).get('tab'));
const earlyList = atPortal && !isSignOutPending();
if (earlyList) fetchListEarly(portalTab);
// Opened at another screen (the login, a deep link): the first render waits for its chunk; the
// page's own HTML shows the Loading screen meanwhile.
const screenLoaded = atPortal
  ? Promise.resolve()
  : preloadScreen(location.pathname.slice(ROUTER_BASENAME.length - 1).replace(/(.)\/$/, '$1'));

/**
 * At the portal, online, on a device with no offline copy yet (a first visit, a new phone), the
 * first render also waits for who is signed in and the tab's list, up to FIRST_DATA_WAIT_MS:
 * there is nothing else to show, and the screen is then rendered once, as a transition in
 * slices, with its cards. Rendered before them, each answer would re-render the screen in one
 * long task (a query's answer is a synchronous update) and hold up the agent's first tap. With
 * an offline copy the app renders at once and shows the copy while the network answers.
 */
const FIRST_DATA_WAIT_MS = 1_500;
function firstData(): Promise<unknown> {
  if (!earlyList || !navigator.onLine || offlineCopyMarked()) return Promise.resolve();
  const answered = meAnswered.then(() => {
    const me = queryClient.getQueryData<MeResult>(meKeys.all)?.me;
    const listShown = me?.role === 'notary' && me.status === 'active';
    return listShown ? queryClient.prefetchQuery(appointmentListQueryOptions(portalTab, me.id)) : undefined;
  });
  return Promise.race([answered, new Promise<void>((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void Promise.all([screenLoaded, firstData()]).then(() => {
  // The first render as a transition: React renders it in slices and lets the browser in between.
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
});

// In development the service worker would serve stale bundles; it runs in production builds only.
// Registered once the first screen is shown: its precache download must not compete with it.
if (import.meta.env.PROD) void afterFirstScreen().then(registerServiceWorker);
// The other screens' code too, so that they open in this visit should the signal go before the
// service worker has kept them (a first login, then straight into a basement).
void afterFirstScreen().then(warmScreens);
