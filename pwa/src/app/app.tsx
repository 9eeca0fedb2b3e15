import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { OfflineBanner } from '../components/offline-banner';
import { UpdatePrompt } from '../components/update-prompt';
import { createQueryClient } from '../lib/query-client';
import { createRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
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
