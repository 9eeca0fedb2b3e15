/**
 * Where the agent app lives and the paths of its screens (router paths are relative to the
 * basename; `href` values are what the address bar shows).
 */
export const APP_BASENAME = '/notary';

/**
 * The router's basename keeps the trailing slash so the portal's own URL is `/notary/`: the
 * service worker's scope (and the manifest's start_url) is `/notary/`, and `/notary` without
 * the slash is outside it, so it would not open offline.
 */
export const ROUTER_BASENAME = `${APP_BASENAME}/`;

export const paths = {
  portal: '/',
  login: '/login',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  profile: '/profile',
  availability: '/profile/availability',
  /** Profile › Credentials; the expiry reminders link here (`/notary/profile/credentials`). */
  credentials: '/profile/credentials',
  record: '/record',
  sync: '/sync',
  preview: (id: string) => `/preview/${encodeURIComponent(id)}`,
  appointment: (id: string) => `/appointments/${encodeURIComponent(id)}`,
} as const;

export const API_PATHS = {
  authBase: '/api/auth',
} as const;
