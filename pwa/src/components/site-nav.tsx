import { siteNavFor, SITE_NAV_PATHS } from '@signingdesk/domain/site-nav';
import { Link, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { useOnlineStatus } from '../lib/use-online-status';
import { ExternalLink } from './external-link';
import './chrome.css';

/**
 * The site's navigation by role (spec 01 §2): a signed-in agent gets Home, About Us, Portal and
 * Contact Us; a visitor Home, About Us, Contact Us and Sign Up. Portal and Sign Up are this
 * app's own screens (they open offline); the others are pages of the website, which open in
 * the browser so the agent keeps the app, and which offline say they need a connection.
 */
export function SiteNav({ signedIn }: { signedIn: boolean }) {
  const { pathname } = useLocation();
  const online = useOnlineStatus();
  const inApp: Record<string, string> = { [SITE_NAV_PATHS.notary]: paths.portal, [SITE_NAV_PATHS.signUp]: paths.signUp };
  const links = siteNavFor(signedIn ? 'notary' : null);
  const outside = links.filter(({ href }) => inApp[href] === undefined).map(({ label }) => label);
  return (
    <nav className="site-nav" aria-label="Site">
      <ul>
        {links.map(({ label, href }) => {
          const route = inApp[href];
          return (
            <li key={href}>
              {route === undefined ? (
                <ExternalLink href={href} className="site-nav__out" offlineHint="screen-reader">
                  {label}
                </ExternalLink>
              ) : (
                <Link to={route} aria-current={pathname === route ? 'page' : undefined}>
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      {/* Screen readers hear the same after each name. */}
      {!online && outside.length > 0 ? (
        <p className="site-nav__note" aria-hidden="true">
          {listOf(outside)} {outside.length === 1 ? 'needs' : 'need'} a connection.
        </p>
      ) : null}
    </nav>
  );
}

/** 'Home, About Us and Contact Us'. */
function listOf(labels: string[]): string {
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}
