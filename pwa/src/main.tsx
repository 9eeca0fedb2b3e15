import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/router';
import { ROUTER_BASENAME } from './config/paths';
import { fetchListEarly } from './features/appointments/api/get-appointments';
import { meQueryOptions } from './features/auth/api/get-me';
import { toTab } from './features/appointments/tabs';
import { afterFirstScreen } from './lib/first-screen';
import { createQueryClient } from './lib/query-client';
import { isSignOutPending } from './lib/outbox/signed-out';
import { registerServiceWorker } from './lib/service-worker';
import './app/app.css';

// Who is signed in is asked for now, as the script starts, not after the first render; opened
// at the portal, its list goes out beside it rather than after it.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(meQueryOptions());
const atPortal = `${location.pathname.replace(/\/$/, '')}/` === ROUTER_BASENAME;
if (atPortal && !isSignOutPending()) fetchListEarly(toTab(new URLSearchParams(location.search).get('tab')));
// Opened at another screen (the login, a deep link): the first render waits for its chunk; the
// page's own HTML shows the Loading screen meanwhile.
const screenLoaded = atPortal ? Promise.resolve() : preloadScreen(location.pathname.slice(ROUTER_BASENAME.length - 1).replace(/(.)\/$/, '$1'));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void screenLoaded.then(() => {
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
