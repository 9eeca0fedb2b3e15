/**
 * Paths of the single origin (DESIGN.md URL map). `external` paths are served by another app
 * (the agent PWA, or a server redirect into it), so the console links to them with a plain
 * <a> and leaves them with a full page load instead of client-side navigation.
 */
import { SITE_NAV_PATHS } from '@signingdesk/domain/site-nav';

export const paths = {
  home: SITE_NAV_PATHS.home,
  login: '/login',
  forgotPassword: '/forgot-password',
  aboutUs: SITE_NAV_PATHS.aboutUs,
  support: SITE_NAV_PATHS.support,
  escrow: '/escrow',
  faq: '/faq',
  dataPolicy: '/data-policy',
  titleLanding: '/title-landing',
  autoAppraisals: '/auto-appraisals',
  profile: '/profile',
  profileDetails: '/profile-details',
  originator: SITE_NAV_PATHS.originator,
  /** One escrow order's details. */
  originatorOrder: (id: string) => `${SITE_NAV_PATHS.originator}/orders/${encodeURIComponent(id)}`,
  admin: SITE_NAV_PATHS.admin,
  /** One request in the operator console. */
  adminRequest: (id: string) => `${SITE_NAV_PATHS.admin}/requests/${encodeURIComponent(id)}`,
  externalApi: '/external-api',
  signUp: SITE_NAV_PATHS.signUp,
  notary: SITE_NAV_PATHS.notary,
  /** The agent's editable profile, in the agent app. */
  notaryProfile: '/notary/profile',
  openApiDocument: '/api/openapi.json',
  /** The Assignments search as CSV (streamed by the API). */
  assignmentsExport: '/api/appointments/export',
} as const;

const EXTERNAL_PREFIXES = ['/notary', '/sign-up', '/preview/', '/api/'];

/** True when the path belongs to another app on this origin, not to the console router. */
export function isExternalPath(path: string): boolean {
  return EXTERNAL_PREFIXES.some(
    (prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) || path.startsWith(`${prefix}?`),
  );
}
