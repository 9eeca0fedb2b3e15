/// <reference types="node" />
/**
 * Build of the signing-agent PWA, served by the API server at /notary/.
 * The service worker (src/sw.ts) is compiled by vite-plugin-pwa's injectManifest strategy and
 * registered from app code with workbox-window (no inline scripts: CSP `script-src 'self'`).
 */
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { codeSplitting, oneCopyOfEachModule } from '../scripts/vite-chunks';
import { WARMED_SCREENS, WARMED_SCREENS_META } from './src/app/warmed-screens';

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
    warmedScreenFiles(),
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

/**
 * Writes into index.html the files of the screens warmed once the list shows
 * (src/app/warmed-screens.ts): each one's chunk, the chunks it imports and its CSS, less what the
 * page loaded already. The page preloads them without running them. Fails the build when a
 * warmed screen has no chunk of its own (renamed, or no longer lazy).
 */
function warmedScreenFiles(): Plugin {
  let base = '/';
  return {
    name: 'signingdesk:warmed-screen-files',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return;
        const chunks = new Map<string, { imports: string[]; css: Iterable<string> }>();
        const bySource = new Map<string, string>();
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          chunks.set(output.fileName, { imports: output.imports, css: output.viteMetadata?.importedCss ?? [] });
          if (output.facadeModuleId) bySource.set(output.facadeModuleId.replaceAll('\\', '/'), output.fileName);
        }
        const closure = (start: string, into: Set<string>) => {
          const pending = [start];
          for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
            if (into.has(next)) continue;
            into.add(next);
            const known = chunks.get(next);
            if (!known) continue;
            pending.push(...known.imports);
            for (const css of known.css) into.add(css);
          }
        };
        const loaded = new Set<string>();
        closure(entry.fileName, loaded);
        const files = new Set<string>();
        for (const screen of WARMED_SCREENS) {
          const source = [...bySource.keys()].find((id) => id.endsWith(`/src/${screen}`));
          if (!source) throw new Error(`warmed screen ${screen} has no chunk of its own (src/app/warmed-screens.ts)`);
          const own = new Set<string>();
          closure(bySource.get(source)!, own);
          for (const file of own) if (!loaded.has(file)) files.add(file);
        }
        return [
          {
            tag: 'meta',
            attrs: { name: WARMED_SCREENS_META, content: [...files].map((file) => `${base}${file}`).join(' ') },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
