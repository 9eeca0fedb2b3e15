import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../config/theme';
import { createQueryClient } from '../lib/query-client';

/**
 * The nonce the server gave this page (api/src/app.ts appPage): the CSP admits style elements
 * only with it, so Mantine puts it on the ones it adds. Empty under the Vite dev server.
 */
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
const getStyleNonce = () => styleNonce;

/** Providers every page needs: the Mantine theme and the query cache (toasts and confirmation modals: PortalLayout). */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" getStyleNonce={getStyleNonce}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
