/**
 * Paths of the single origin (DESIGN.md URL map). `external` paths are served by another app
 * (the agent PWA, or a server redirect into it), so the console links to them with a plain
 * <a> and leaves them with a full page load instead of client-side navigation.
 */
export const paths = {
  home: '/',
  login: '/login',
  aboutUs: '/about-us',
  support: '/support',
  escrow: '/escrow',
  faq: '/faq',
  dataPolicy: '/data-policy',
  titleLanding: '/title-landing',
  autoAppraisals: '/auto-appraisals',
  profile: '/profile',
  profileDetails: '/profile-details',
  originator: '/originator',
  admin: '/admin',
  externalApi: '/external-api',
  signUp: '/sign-up',
  notary: '/notary/',
  /** The agent's editable profile, in the agent app. */
  notaryProfile: '/notary/profile',
  openApiDocument: '/api/openapi.json',
} as const;

const EXTERNAL_PREFIXES = ['/notary', '/sign-up', '/preview/', '/api/'];

/** True when the path belongs to another app on this origin, not to the console router. */
export function isExternalPath(path: string): boolean {
  return EXTERNAL_PREFIXES.some(
    (prefix) =>
      path === prefix ||
      path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) ||
      path.startsWith(`${prefix}?`),
  );
}
