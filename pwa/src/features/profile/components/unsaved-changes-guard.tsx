import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { paths } from '../../../config/paths';

export const LEAVE_TITLE = 'Leave without saving?';
export const LEAVE_TEXT = 'Your changes to your profile are not saved yet. If you leave this screen now, they are lost.';
export const KEEP_EDITING_TEXT = 'Keep Editing';
export const LEAVE_BUTTON_TEXT = 'Leave Without Saving';

/**
 * Asks before unsaved profile edits are dropped: inside the app (another screen, Back) with
 * the app's dialog; on reload, closing the tab or leaving the site with the browser's own
 * prompt (beforeunload shows no text of ours).
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  // Log Out goes to the login page after the session and this phone's data are gone: staying
  // then would leave a form nobody can save, so that one navigation is not held.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== paths.login,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium and Safari ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const blocked = blocker.state === 'blocked';
  return (
    <Dialog
      open={blocked}
      title={LEAVE_TITLE}
      onClose={() => blocker.reset?.()}
      actions={
        <>
          <button type="button" className="button button--primary" onClick={() => blocker.reset?.()}>
            {KEEP_EDITING_TEXT}
          </button>
          <button type="button" className="button button--secondary" onClick={() => blocker.proceed?.()}>
            {LEAVE_BUTTON_TEXT}
          </button>
        </>
      }
    >
      <p>{LEAVE_TEXT}</p>
    </Dialog>
  );
}
