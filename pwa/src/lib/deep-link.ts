/**
 * Opens the link of a tapped notification when the browser started the app at its start URL
 * instead (the app had been killed; iOS does this): the service worker stored the link
 * (sw.ts), the app reads it once on start and erases it.
 */
import { DEEP_LINK_CACHE, DEEP_LINK_KEY, DEEP_LINK_MAX_AGE_MS } from './deep-link-keys';

/** The in-app path to open (relative to the app's base), or null. */
export async function takeDeepLink(): Promise<string | null> {
  if (typeof caches === 'undefined') return null;
  try {
    const cache = await caches.open(DEEP_LINK_CACHE);
    const response = await cache.match(DEEP_LINK_KEY);
    if (!response) return null;
    await cache.delete(DEEP_LINK_KEY);
    const { url, at } = (await response.json()) as { url?: unknown; at?: unknown };
    if (typeof url !== 'string' || typeof at !== 'number' || Date.now() - at > DEEP_LINK_MAX_AGE_MS) return null;
    const target = new URL(url, window.location.href);
    const base = import.meta.env.BASE_URL;
    if (target.origin !== window.location.origin || !target.pathname.startsWith(base)) return null;
    const here = window.location.pathname + window.location.search;
    if (target.pathname + target.search === here) return null;
    return `/${target.pathname.slice(base.length)}${target.search}${target.hash}`;
  } catch {
    return null;
  }
}

/** Sign-out: a link the previous agent tapped must not open for whoever signs in next. */
export async function clearDeepLink(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(DEEP_LINK_CACHE);
  } catch {
    // Storage refused: the link expires on its own (DEEP_LINK_MAX_AGE_MS).
  }
}
