import { useId } from 'react';
import { NetworkError } from '../../../lib/api-client';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { useSignOutOtherDevices } from '../api/sign-out-other-devices';
import '../profile.css';

export const OFFLINE_TEXT = 'You are offline. Signing out your other devices needs an internet connection.';
const UNSENT_TEXT = 'SigningDesk could not be reached, so no device was signed out. Try again when you are back online.';

/** The profile's Devices section: Sign out of all other devices (online only), then the server's message. */
export function SignOutOtherDevices() {
  const headingId = useId();
  const online = useOnlineStatus();
  const signOut = useSignOutOtherDevices();
  const failure = signOut.error instanceof NetworkError ? UNSENT_TEXT : signOut.error?.message;
  return (
    <section className="profile-devices" aria-labelledby={headingId}>
      <h2 id={headingId}>Devices</h2>
      <p className="profile-devices__note">
        Lost a phone, or signed in on a computer you share? Sign out everywhere else at once. This phone stays signed in.
      </p>
      {online ? null : <p className="notice notice--info profile-devices__notice">{OFFLINE_TEXT}</p>}
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={!online || signOut.isPending}
        aria-busy={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        Sign out of all other devices
      </button>
      <div role="status" className="profile-devices__result">
        {signOut.isSuccess ? <p className="notice notice--success">{signOut.data.message}</p> : null}
      </div>
      {failure ? (
        <p className="form__error" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
