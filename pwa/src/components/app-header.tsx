import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import './chrome.css';

interface AppHeaderProps {
  /** Right-hand side: the agent's name and the Log Out button when signed in. */
  children?: ReactNode;
}

/**
 * The sticky header. On a phone it holds two lines (brand and Log Out; the agent's name and
 * the sync chip), every control a 44 px target; from 560 px one line (chrome.css, app.css).
 */
export function AppHeader({ children }: AppHeaderProps) {
  return (
    <header className="app-header">
      <Link to={paths.portal} className="app-header__brand">
        <img src={`${import.meta.env.BASE_URL}icons/icon.svg`} alt="" width="32" height="32" />
        <span>SigningDesk</span>
      </Link>
      {children ? <div className="app-header__user">{children}</div> : null}
    </header>
  );
}
