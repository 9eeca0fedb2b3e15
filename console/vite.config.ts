/**
 * Build and dev server of the console SPA. The production build is served by the API server
 * on the same origin; in development `/api` is proxied to a running API (API_ORIGIN).
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3000';
const proxy = { '/api': { target: apiOrigin } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Assets are files, never data: URLs, so a strict Content-Security-Policy needs no img-src data:.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // React, which changes least, gets its own chunk; every other library is split with the
        // code that uses it, so a portal's own (tables, dates, uploads) stay in its lazy chunks
        // and a visitor never downloads them. (A `$initial`-tagged catch-all `vendor` group
        // copied @mantine/core into lazy chunks too, whose components then found no
        // MantineProvider.)
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
