/**
 * Navigation by role (spec 01 §2). Agents' Portal is the PWA and Sign Up redirects into it,
 * so both are `external`: plain links with a full page load.
 */
import type { Role } from '@signingdesk/domain/roles';
import { siteNavFor } from '@signingdesk/domain/site-nav';
import { isExternalPath, paths } from '../../config/paths';

export type NavItem = { label: string; to: string; external: boolean };

export function navItemsFor(role: Role | null): NavItem[] {
  return siteNavFor(role).map(({ label, href }) => ({ label, to: href, external: isExternalPath(href) }));
}

/** Whether a nav item is the page being shown (home only matches itself exactly). */
export function isActiveItem(itemPath: string, pathname: string): boolean {
  if (itemPath === paths.home) return pathname === paths.home;
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
