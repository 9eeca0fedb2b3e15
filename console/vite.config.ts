/**
 * Build and dev server of the console SPA. The production build is served by the API server
 * on the same origin; in development `/api` is proxied to a running API (API_ORIGIN).
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { codeSplitting, oneCopyOfEachModule } from '../scripts/vite-chunks';

const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3000';
const proxy = { '/api': { target: apiOrigin } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react(), oneCopyOfEachModule()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Assets are files, never data: URLs, so a strict Content-Security-Policy needs no img-src data:.
    assetsInlineLimit: 0,
    // React apart, what the landing page imports in one chunk; every other library stays with
    // the lazy screens that use it, so a portal's own (tables, dates, uploads) never reach a
    // visitor (../scripts/vite-chunks.ts, decision 039).
    rolldownOptions: { output: { codeSplitting } },
  },
  server: { proxy },
  preview: { proxy },
});
