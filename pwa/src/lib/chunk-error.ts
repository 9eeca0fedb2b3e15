/**
 * Whether an error is a screen's code that could not be fetched (a lazy chunk asked for with no
 * network, before the service worker had kept it). Each browser words it its own way.
 */
const CHUNK_FAILURE = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's CSS preload of a chunk
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_FAILURE.some((pattern) => pattern.test(error.message));
}
