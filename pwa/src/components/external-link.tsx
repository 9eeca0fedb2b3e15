import { useId, type ReactNode } from 'react';
import { useOnlineStatus } from '../lib/use-online-status';
import './chrome.css';

export const OPENS_IN_BROWSER_TEXT = 'Opens in your browser';
export const NEEDS_CONNECTION_TEXT = 'needs a connection';

interface ExternalLinkProps {
  /** A page outside the app (the website on the same origin, outside the /notary/ scope). */
  href: string;
  children: ReactNode;
  className?: string;
  /**
   * Offline, the words 'needs a connection' follow the text: shown, or for screen readers only
   * when the place shows one note for several links (the site navigation).
   */
  offlineHint?: 'visible' | 'screen-reader';
}

/**
 * A link out of the agent app. Followed inside the installed app, a website page replaced the
 * app (no way back) and, offline, ended on the browser's error page. So it opens in the
 * browser, with an icon and a description saying so; offline it is text, not a dead link.
 */
export function ExternalLink({ href, children, className, offlineHint = 'visible' }: ExternalLinkProps) {
  const online = useOnlineStatus();
  const hintId = useId();
  const classes = (extra: string) => [extra, className].filter(Boolean).join(' ');
  if (!online) {
    return (
      <span className={classes('external-link external-link--offline')} data-offline="">
        {children}
        <span className={offlineHint === 'visible' ? 'external-link__needs' : 'visually-hidden'}>
          {offlineHint === 'visible' ? ` — ${NEEDS_CONNECTION_TEXT}` : ` (${NEEDS_CONNECTION_TEXT})`}
        </span>
      </span>
    );
  }
  return (
    <>
      <a href={href} target="_blank" rel="noopener" className={classes('external-link')} aria-describedby={hintId}>
        {children}
        <OpensOutIcon />
      </a>
      <span id={hintId} hidden>
        {OPENS_IN_BROWSER_TEXT}
      </span>
    </>
  );
}

/** A box with an arrow leaving it: the usual mark of a link that opens elsewhere. */
function OpensOutIcon() {
  return (
    <svg className="external-link__icon" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path
        d="M9 2h5v5M14 2 7.5 8.5M12 9.5V13a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
