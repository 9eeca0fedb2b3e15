import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { OfflineBanner } from '../components/offline-banner';
import { UpdatePrompt } from '../components/update-prompt';
import { takeDeepLink } from '../lib/deep-link';
import { requestPersistentStorage, startSignOutFlushes } from '../lib/outbox/agent-outbox';
import { createQueryClient } from '../lib/query-client';
import { createRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);

  useEffect(() => {
    // A sign-out made with no signal ends the server session as soon as the network is back.
    startSignOutFlushes();
    // A notification tapped while the app was killed: open what it pointed to.
    void takeDeepLink().then((path) => {
      if (path) void router.navigate(path);
    });
    // Installed to the home screen: ask that the browser keep the offline copy and the outbox.
    const persist = () => void requestPersistentStorage();
    if (window.matchMedia?.('(display-mode: standalone)').matches) persist();
    window.addEventListener('appinstalled', persist);
    return () => window.removeEventListener('appinstalled', persist);
  }, [router]);

  return (
    <QueryClientProvider client={queryClient}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <OfflineBanner />
      <RouterProvider router={router} />
      <UpdatePrompt />
    </QueryClientProvider>
  );
}
