/**
 * How both front ends (console/, pwa/) cut their builds into chunks, used by their vite.config.ts
 * (decision 039).
 */
import type { Plugin } from 'vite';

/**
 * What the first screen needs comes in three script files (the entry, `react`, Rolldown's
 * runtime), not one per module shared with a lazy screen: served over HTTP/1.1 (six files at a
 * time), each small chunk cost a round trip before the first paint. React and the router, which
 * change least, are a chunk of their own so that a release of the app leaves them cached;
 * everything else the entry imports (`$initial`) is merged into the entry. Lazy screens keep their
 * own chunks.
 */
export const codeSplitting = {
  groups: [
    { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
    { name: 'start', tags: ['$initial' as const], priority: 1 },
  ],
};

/**
 * Fails the build if a module was written into two chunks: a second copy of a module keeps its
 * own state (a React context such as Mantine's provider, the query client, the Dexie database),
 * so the screens of a lazy chunk would silently read another app's. Grouping chunks by tag has
 * done this (a `$initial` group of node_modules copied @mantine/core into lazy chunks).
 */
export function oneCopyOfEachModule(): Plugin {
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
