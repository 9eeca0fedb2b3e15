import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SiteNav } from './site-nav';
import './chrome.css';

interface SiteMenuProps {
  signedIn: boolean;
  /** The signed-in agent's part: their profile and Log Out, under the site's links. */
  account?: ReactNode;
}

/**
 * The header's Menu: the site's links (spec 01 §2) and, signed in, the profile and Log Out.
 * Folded away, the chrome leaves a phone's screen to the day's work; Log Out sits at the
 * bottom of a panel opened at the top, away from where the thumb rests. It closes on Escape,
 * on a tap outside it and when a screen opens.
 */
export function SiteMenu({ signedIn, account }: SiteMenuProps) {
  const { pathname } = useLocation();
  // Open on the screen it was opened on: opening another screen folds it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // A dialog opened from the menu (Log Out's question) closes first, on its own.
      if (event.key !== 'Escape' || root.current?.querySelector('dialog[open]')) return;
      setOpenOn(null);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className="site-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="site-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <MenuIcon open={open} />
        <span className="visually-hidden">Menu</span>
      </button>
      <div id={panelId} className="site-menu__panel" hidden={!open}>
        <SiteNav signedIn={signedIn} />
        {account ? <div className="site-menu__account">{account}</div> : null}
      </div>
    </div>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}
