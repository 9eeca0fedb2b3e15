import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { isWaiting, useOutboxItems } from '../../../lib/outbox/use-outbox';
import { useSignOut } from '../api/sign-out';

/**
 * Log Out, at the end of the header's menu. It asks only when something would be lost: with
 * actions still waiting to be sent (signing out erases this phone's copy, those actions
 * included); otherwise it logs out at once.
 */
export function LogOutButton({ userId }: { userId: string }) {
  const { signOut, pending } = useSignOut(userId);
  const waiting = useOutboxItems(userId)?.filter(isWaiting).length ?? 0;
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => (waiting > 0 ? setAsking(true) : void signOut())}
        disabled={pending}
      >
        Log Out
      </button>
      <Dialog
        open={asking}
        title="Actions not sent yet"
        onClose={() => setAsking(false)}
        actions={
          <>
            <button type="button" className="button button--primary" onClick={() => setAsking(false)}>
              Stay Logged In
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setAsking(false);
                void signOut();
              }}
            >
              Log Out and Discard
            </button>
          </>
        }
      >
        <p>
          {waiting} action{waiting === 1 ? ' has' : 's have'} not reached SigningDesk yet. If you log out now,{' '}
          {waiting === 1 ? 'it' : 'they'} will be lost. Stay logged in until you are back online to send {waiting === 1 ? 'it' : 'them'}.
        </p>
      </Dialog>
    </>
  );
}
