import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import './chrome.css';

interface AppHeaderProps {
  /** Right-hand side: the sync chip when signed in, and the menu. */
  children?: ReactNode;
}

/**
 * The sticky header: one 56 px line, every control a 44 px target — the brand (its name shown
 * from 400 px), the sync chip and the Menu (the site's links, the profile and Log Out), so the
 * day's work starts near the top of a phone (chrome.css, app.css).
 */
export function AppHeader({ children }: AppHeaderProps) {
  return (
    <header className="app-header">
      <Link to={paths.portal} className="app-header__brand" aria-label="SigningDesk">
        <img src={`${import.meta.env.BASE_URL}icons/icon.svg`} alt="" width="32" height="32" />
        <span className="app-header__brand-name">SigningDesk</span>
      </Link>
      {children ? <div className="app-header__user">{children}</div> : null}
    </header>
  );
}
