/// <reference types="node" />
/**
 * Build of the signing-agent PWA, served by the API server at /notary/.
 * The service worker (src/sw.ts) is compiled by vite-plugin-pwa's injectManifest strategy and
 * registered from app code with workbox-window (no inline scripts: CSP `script-src 'self'`).
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { codeSplitting, oneCopyOfEachModule } from '../scripts/vite-chunks';

const THEME_COLOR = '#0e5566';
const BACKGROUND_COLOR = '#f4f7f8';

export default defineConfig({
  base: '/notary/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting } },
  },
  server: {
    proxy: {
      '/api': process.env.API_ORIGIN ?? 'http://localhost:3000',
    },
  },
  plugins: [
    react(),
    oneCopyOfEachModule(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      // The plugin adds manifest.webmanifest to the precache itself. The big install icons are
      // only fetched by the browser when installing: not worth an agent's mobile data.
      includeManifestIcons: false,
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg}', 'icons/icon-192.png'],
      },
      manifest: {
        id: '/notary/',
        name: 'SigningDesk for Signing Agents',
        short_name: 'SigningDesk',
        description:
          'Claim signing appointments near you, see your assignments offline and mark them complete — the SigningDesk app for signing agents.',
        scope: '/notary/',
        start_url: '/notary/',
        display: 'standalone',
        orientation: 'portrait',
        lang: 'en',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
});
