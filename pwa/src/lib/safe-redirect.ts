import { APP_BASENAME, paths } from '../config/paths';

/**
 * Where to go after login: the `redirect` query value when it is a path inside the agent app
 * (same origin, under /notary, not the login page itself), as a router path relative to the
 * basename; otherwise the portal. Blocks open redirects such as `//evil.test` or `https://…`.
 */
export function safeRedirectTarget(redirect: string | null, origin: string): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return paths.portal;
  let url: URL;
  try {
    url = new URL(redirect, origin);
  } catch {
    return paths.portal;
  }
  if (url.origin !== origin) return paths.portal;
  const { pathname } = url;
  if (pathname !== APP_BASENAME && !pathname.startsWith(`${APP_BASENAME}/`)) return paths.portal;
  const inApp = pathname.slice(APP_BASENAME.length) || '/';
  if (inApp === paths.login || inApp.startsWith(`${paths.login}/`)) return paths.portal;
  return `${inApp}${url.search}${url.hash}`;
}

/** The `redirect` value for the current location (path with the /notary prefix, plus query and #part). */
export function redirectParamFor(location: { pathname: string; search: string; hash?: string }): string {
  return `${APP_BASENAME}${location.pathname === '/' ? '/' : location.pathname}${location.search}${location.hash ?? ''}`;
}
