/// <reference types="node" />
/**
 * Build of the signing-agent PWA, served by the API server at /notary/.
 * The service worker (src/sw.ts) is compiled by vite-plugin-pwa's injectManifest strategy and
 * registered from app code with workbox-window (no inline scripts: CSP `script-src 'self'`).
 */
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const THEME_COLOR = '#0e5566';
const BACKGROUND_COLOR = '#f4f7f8';

/**
 * Fails the build if a module was written into two chunks: a second copy of a module keeps its
 * own state (React's contexts, the query client, the Dexie database), so screens of the lazy
 * chunk would silently read another app. Grouping chunks by tag has done this in the console.
 */
function oneCopyOfEachModule(): Plugin {
  return {
    name: 'signingdesk:one-copy-of-each-module',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunkOf = new Map<string, string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of Object.keys(chunk.modules)) {
          const other = chunkOf.get(id);
          if (other) this.error(`${id} is in two chunks: ${other} and ${chunk.fileName}`);
          chunkOf.set(id, chunk.fileName);
        }
      }
    },
  };
}

export default defineConfig({
  base: '/notary/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // What the first screen needs comes in three files, not fifteen: on a phone's HTTP/1.1
        // connection (six at a time) each small chunk cost a round trip before the first paint.
        // React and the router, which change least, stay a chunk of their own so that a release
        // of the app leaves them cached; everything else the entry imports is one chunk (decision
        // 039). Lazy screens keep their own chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
            { name: 'start', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
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
