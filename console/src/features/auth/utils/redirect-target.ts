/**
 * Where to send someone after login. The `redirect` query parameter comes from the address
 * bar, so it is untrusted: only a path on this origin is accepted (no scheme, no `//host`,
 * no backslash tricks), never the login page itself.
 */
import { paths } from '../../../config/paths';

export function safeRedirectPath(raw: string | null | undefined, origin: string): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters and whitespace are stripped or reinterpreted by URL parsers.
  if (/[\p{Cc}\s\\]/u.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname === paths.login) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page, remembering the path and query string to return to. */
export function loginPathFor(returnTo: string): string {
  return `${paths.login}?redirect=${encodeURIComponent(returnTo)}`;
}
