/**
 * Navigation by role (spec 01 §2). Agents' Portal is the PWA and Sign Up redirects into it,
 * so both are `external`: plain links with a full page load.
 */
import { isOperator, isEscrowRole, type Role } from '@signingdesk/api/domain/roles';
import { isExternalPath, paths } from '../../config/paths';

export type NavItem = { label: string; to: string; external: boolean };

function item(label: string, to: string): NavItem {
  return { label, to, external: isExternalPath(to) };
}

export function navItemsFor(role: Role | null): NavItem[] {
  const home = item('Home', paths.home);
  const aboutUs = item('About Us', paths.aboutUs);
  const contactUs = item('Contact Us', paths.support);
  const signUp = item('Sign Up', paths.signUp);

  if (role === null) return [home, aboutUs, contactUs, signUp];
  if (isOperator(role)) return [home, aboutUs, item('Admin Portal', paths.admin), signUp];
  if (isEscrowRole(role)) return [home, aboutUs, item('Portal', paths.originator), contactUs];
  return [home, aboutUs, item('Portal', paths.notary), contactUs];
}

/** Whether a nav item is the page being shown (home only matches itself exactly). */
export function isActiveItem(itemPath: string, pathname: string): boolean {
  if (itemPath === paths.home) return pathname === paths.home;
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
