import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { OfflineBanner } from '../components/offline-banner';
import { OfflineReadyNote } from '../components/offline-ready-note';
import { UpdatePrompt } from '../components/update-prompt';
import { takeDeepLink } from '../lib/deep-link';
import { requestPersistentStorage, startSignOutFlushes } from '../lib/outbox/agent-outbox';
import { ROUTER_BASENAME } from '../config/paths';
import { AppRoutes } from './router';

export function App({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => {
    // A sign-out made with no signal ends the server session as soon as the network is back.
    startSignOutFlushes();
    // Installed to the home screen: ask that the browser keep the offline copy and the outbox.
    const persist = () => void requestPersistentStorage();
    if (window.matchMedia?.('(display-mode: standalone)').matches) persist();
    window.addEventListener('appinstalled', persist);
    return () => window.removeEventListener('appinstalled', persist);
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <OfflineBanner />
      <BrowserRouter basename={ROUTER_BASENAME}>
        <DeepLinkOpener />
        <AppRoutes />
      </BrowserRouter>
      <UpdatePrompt />
      <OfflineReadyNote />
    </QueryClientProvider>
  );
}

/**
 * A notification tapped while the app was killed: open what it pointed to, once per start
 * (`navigate` changes with every location, so the effect runs again; the link is taken once).
 */
function DeepLinkOpener() {
  const navigate = useNavigate();
  const taken = useRef(false);
  useEffect(() => {
    if (taken.current) return;
    taken.current = true;
    void takeDeepLink().then((path) => {
      if (path) void navigate(path);
    });
  }, [navigate]);
  return null;
}
