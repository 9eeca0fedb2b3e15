import { MIN_PASSWORD_LENGTH, passwordProblem } from '@signingdesk/domain/password';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { useSetPassword } from '../api/set-password';
import '../forgot-password.css';

export const PASSWORD_SET_TEXT = 'Your password is set. Log in with it now.';
const NEEDS_CONNECTION_TEXT = 'Setting a password needs a connection.';

/**
 * The new password, twice, for the token of the emailed link; the server checks and spends
 * the token. Mistakes are said under the form before anything is sent.
 */
export function SetPasswordForm({ token }: { token: string }) {
  const online = useOnlineStatus();
  const mutation = useSetPassword();
  const passwordId = useId();
  const confirmId = useId();
  const hintId = useId();
  const errorId = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [set, setSet] = useState(false);
  const saving = mutation.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !online) return;
    const problem = passwordProblem(password);
    const mistake = problem ? `New password ${problem}.` : password !== confirm ? 'The two passwords are not the same.' : null;
    setError(mistake);
    if (mistake) return;
    const outcome = await mutation.mutateAsync({ token, newPassword: password });
    if (outcome.type === 'set') setSet(true);
    else setError(outcome.message);
  };

  if (set) {
    return (
      <div className="form">
        <p className="notice notice--success" role="status">
          {PASSWORD_SET_TEXT}
        </p>
        <Link to={paths.login} className="button button--primary button--block">
          Log In
        </Link>
      </div>
    );
  }

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="form__field">
        <label htmlFor={passwordId}>New password</label>
        <input
          id={passwordId}
          name="new-password"
          type="password"
          autoComplete="new-password"
          required
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p id={hintId} className="form__hint">
          At least {MIN_PASSWORD_LENGTH} characters.
        </p>
      </div>
      <div className="form__field">
        <label htmlFor={confirmId}>Confirm password</label>
        <input
          id={confirmId}
          name="confirm-password"
          type="password"
          autoComplete="new-password"
          required
          aria-describedby={error ? errorId : undefined}
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
      </div>
      {error ? (
        <p id={errorId} className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      {online ? null : <p className="notice notice--info">{NEEDS_CONNECTION_TEXT}</p>}
      <button type="submit" className="button button--primary button--block" disabled={!online || saving} aria-busy={saving}>
        Set Password
      </button>
      <p className="aside-text forgot-password__back">
        <Link to={paths.login}>Back to Log In</Link>
      </p>
    </form>
  );
}
