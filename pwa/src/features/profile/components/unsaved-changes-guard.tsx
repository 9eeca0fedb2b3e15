import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { ROUTER_BASENAME } from '../../../config/paths';

export const LEAVE_TITLE = 'Leave without saving?';
export const LEAVE_TEXT = 'Your changes to your profile are not saved yet. If you leave this screen now, they are lost.';
export const KEEP_EDITING_TEXT = 'Keep Editing';
export const LEAVE_BUTTON_TEXT = 'Leave Without Saving';

/** The Navigation API's part this guard uses (Chromium, Safari 26.2+, Firefox 147+; not in TypeScript's DOM types yet). */
interface TraverseEvent extends Event {
  readonly navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  readonly cancelable: boolean;
  readonly destination: { readonly url: string; readonly key: string };
}
interface NavigationLike extends EventTarget {
  traverseTo(key: string): unknown;
}

/**
 * Asks before unsaved profile edits are dropped: inside the app with the app's dialog — a link
 * to another screen (the header, the site navigation, "Back to the portal"), and Back or
 * Forward where the browser has the Navigation API; on reload, closing the tab or leaving for
 * another part of the site, with the browser's own prompt (beforeunload shows no text of ours).
 *
 * The app's router runs in declarative mode (docs/decisions/035), which has no `useBlocker`:
 * link clicks are held in the capture phase, before the router's Link sees them, and Back is
 * held by cancelling the Navigation API's traverse event, before the router hears a popstate.
 * Log Out is a button that signs out first and then opens the login: not held, since staying
 * would leave a form nobody can save.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const navigate = useNavigate();
  const [leave, setLeave] = useState<(() => void) | null>(null);
  // Set when the agent chose to leave: the navigation that follows is not held again.
  const leaving = useRef(false);

  useEffect(() => {
    if (!when) return;
    leaving.current = false;
    const hold = (go: () => void) =>
      setLeave(() => () => {
        leaving.current = true;
        setLeave(null);
        go();
      });

    const onClick = (event: MouseEvent) => {
      if (leaving.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const to = new URL(link.href);
      // Another page of the site or another site: a full load, which beforeunload asks about.
      if (to.origin !== window.location.origin || !to.pathname.startsWith(ROUTER_BASENAME)) return;
      if (to.pathname === window.location.pathname) return;
      event.preventDefault();
      hold(() => void navigate(`/${to.pathname.slice(ROUTER_BASENAME.length)}${to.search}${to.hash}`));
    };

    const navigation = (window as Window & { navigation?: NavigationLike }).navigation;
    const onNavigate = (event: Event) => {
      const traverse = event as TraverseEvent;
      if (leaving.current || traverse.navigationType !== 'traverse' || !traverse.cancelable) return;
      if (new URL(traverse.destination.url).pathname === window.location.pathname) return;
      const { key } = traverse.destination;
      event.preventDefault();
      hold(() => void navigation?.traverseTo(key));
    };

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older Chromium and Safari ask only when returnValue is set.
      event.returnValue = '';
    };

    document.addEventListener('click', onClick, true);
    navigation?.addEventListener('navigate', onNavigate);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      navigation?.removeEventListener('navigate', onNavigate);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [when, navigate]);

  return (
    <Dialog
      open={leave !== null}
      title={LEAVE_TITLE}
      onClose={() => setLeave(null)}
      actions={
        <>
          <button type="button" className="button button--primary" onClick={() => setLeave(null)}>
            {KEEP_EDITING_TEXT}
          </button>
          <button type="button" className="button button--secondary" onClick={() => leave?.()}>
            {LEAVE_BUTTON_TEXT}
          </button>
        </>
      }
    >
      <p>{LEAVE_TEXT}</p>
    </Dialog>
  );
}
