/**
 * Navigation by role (spec 01 §2), shared by the console and the agent app. Paths are of the
 * one origin (DESIGN.md URL map); the agent app is under /notary/ and Sign Up redirects into it.
 */
import { isEscrowRole, isOperator, type Role } from './roles';

export interface SiteNavLink {
  label: string;
  href: string;
}

export const SITE_NAV_PATHS = {
  home: '/',
  aboutUs: '/about-us',
  support: '/support',
  signUp: '/sign-up',
  admin: '/admin',
  originator: '/originator',
  notary: '/notary/',
} as const;

/** The links of the site's navigation for a role, or for a visitor (`null`). */
export function siteNavFor(role: Role | null): SiteNavLink[] {
  const p = SITE_NAV_PATHS;
  const home = { label: 'Home', href: p.home };
  const aboutUs = { label: 'About Us', href: p.aboutUs };
  const contactUs = { label: 'Contact Us', href: p.support };
  const signUp = { label: 'Sign Up', href: p.signUp };

  if (role === null) return [home, aboutUs, contactUs, signUp];
  if (isOperator(role)) return [home, aboutUs, { label: 'Admin Portal', href: p.admin }, signUp];
  if (isEscrowRole(role)) return [home, aboutUs, { label: 'Portal', href: p.originator }, contactUs];
  return [home, aboutUs, { label: 'Portal', href: p.notary }, contactUs];
}
