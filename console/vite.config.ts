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
        // Only libraries of the first page go to `vendor`: a portal's own (tables, dates,
        // uploads) stay in its lazy chunks, so a visitor never downloads them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
