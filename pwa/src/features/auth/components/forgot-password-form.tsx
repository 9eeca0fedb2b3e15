import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { loginPath } from '../auth-paths';
import '../forgot-password.css';
import { EmailField } from './email-field';

export const NEEDS_CONNECTION_TEXT = 'Sending a reset link needs a connection.';
const UNSENT_TEXT = 'Could not reach SigningDesk. Check your connection and try again.';
const TIMED_OUT_TEXT = 'SigningDesk did not answer in time. Check your connection and try again.';

interface ForgotPasswordFormProps {
  /** The email to start with (typed on the login screen, or from `?email=`). */
  initialEmail: string;
}

/**
 * Asks for a link to choose a new password. The server's answer is the same whether or not
 * the email has an account, and is shown as it comes; asking again is harmless (the server
 * sends at most one email per account every few minutes). Offline the button waits.
 */
export function ForgotPasswordForm({ initialEmail }: ForgotPasswordFormProps) {
  const online = useOnlineStatus();
  const mutation = useRequestPasswordReset();
  const errorId = useId();
  const offlineId = useId();
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sending = mutation.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || !online) return;
    setError(null);
    setSent(null);
    const outcome = await mutation.mutateAsync(email.trim());
    switch (outcome.type) {
      case 'sent':
        setSent(outcome.message);
        return;
      case 'refused':
        setError(outcome.message);
        return;
      case 'unsent':
        setError(outcome.timedOut ? TIMED_OUT_TEXT : UNSENT_TEXT);
        return;
    }
  };

  return (
    <>
      <form className="form" onSubmit={(event) => void onSubmit(event)}>
        <EmailField
          autoFocus={initialEmail === ''}
          aria-describedby={error ? errorId : undefined}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            // The answer was about the email as it was.
            setSent(null);
          }}
        />
        {error ? (
          <p id={errorId} className="form__error" role="alert">
            {error}
          </p>
        ) : null}
        {/* Always in the page, so screen readers announce the answer when it arrives. */}
        <div className="forgot-password__status" role="status">
          {sent ? <p className="notice notice--success">{sent}</p> : null}
        </div>
        {online ? null : (
          <p id={offlineId} className="notice notice--info">
            {NEEDS_CONNECTION_TEXT}
          </p>
        )}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={!online || sending}
          aria-busy={sending}
          aria-describedby={online ? undefined : offlineId}
        >
          Send Reset Link
        </button>
      </form>
      <p className="aside-text forgot-password__back">
        <Link to={loginPath(email)}>Back to Log In</Link>
      </p>
    </>
  );
}
