/** Where the service worker leaves the link of the last tapped notification (Cache Storage). */
export const DEEP_LINK_CACHE = 'signingdesk-deep-link';
export const DEEP_LINK_KEY = '/notary/__deep-link';
/** A stored link older than this is stale: the agent opened the app for something else. */
export const DEEP_LINK_MAX_AGE_MS = 10 * 60_000;
