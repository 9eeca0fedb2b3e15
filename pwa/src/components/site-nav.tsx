import { siteNavFor, SITE_NAV_PATHS } from '@signingdesk/api/domain/site-nav';
import { Link, useLocation } from 'react-router';
import { paths } from '../config/paths';

/**
 * The site's navigation by role (spec 01 §2): a signed-in agent gets Home, About Us, Portal and
 * Contact Us; a visitor Home, About Us, Contact Us and Sign Up. Portal and Sign Up are this
 * app's own screens (they open offline); the others are pages of the website.
 */
export function SiteNav({ signedIn }: { signedIn: boolean }) {
  const { pathname } = useLocation();
  const inApp: Record<string, string> = { [SITE_NAV_PATHS.notary]: paths.portal, [SITE_NAV_PATHS.signUp]: paths.signUp };
  return (
    <nav className="site-nav" aria-label="Site">
      <ul>
        {siteNavFor(signedIn ? 'notary' : null).map(({ label, href }) => {
          const route = inApp[href];
          return (
            <li key={href}>
              {route === undefined ? (
                <a href={href}>{label}</a>
              ) : (
                <Link to={route} aria-current={pathname === route ? 'page' : undefined}>
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
