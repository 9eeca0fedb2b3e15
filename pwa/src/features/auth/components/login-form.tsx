import { isApiErrorCode, type ApiErrorCode } from '@signingdesk/domain/error-codes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import '../../../components/chrome.css';
import { loadAuthClient } from '../../../lib/load-auth-client';
import { allowUserData } from '../../../lib/offline-store';
import { signInReplacingSignOuts } from '../../../lib/outbox/agent-outbox';
import { meQueryOptions } from '../api/get-me';
import { forgotPasswordPath } from '../auth-paths';
import { EmailField } from './email-field';

interface LoginFormProps {
  /** Router path to open after a successful sign-in. */
  target: string;
  /** The email to start with (from a link such as the sign-up form's 'Log in with this email'). */
  initialEmail?: string;
}

type SignInError = { status: number; code?: ApiErrorCode | undefined } | null;

export function LoginForm({ target, initialEmail = '' }: LoginFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const passwordId = useId();
  const errorId = useId();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Fetch the auth client while the agent types, so Log In answers at once.
  useEffect(() => {
    loadAuthClient().catch(() => undefined);
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    let failure: SignInError = null;
    try {
      const authClient = await loadAuthClient();
      await signInReplacingSignOuts(async () => {
        const result = await authClient.signIn.email({ email: email.trim(), password });
        if (result.error)
          failure = { status: result.error.status, code: isApiErrorCode(result.error.code) ? result.error.code : undefined };
        return !result.error;
      });
    } catch {
      failure = { status: 0 };
    }
    if (failure) {
      setError(messageFor(failure));
      setSubmitting(false);
      return;
    }
    // A new session: nothing cached for a previous user may survive.
    queryClient.clear();
    await allowUserData();
    try {
      await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
    } catch {
      // The guard on the next screen shows the error and a Retry button.
    }
    await navigate(target, { replace: true });
  };

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} aria-describedby={error ? errorId : undefined}>
      <EmailField value={email} onChange={(event) => setEmail(event.target.value)} />
      <div className="form__field">
        <label htmlFor={passwordId}>Password</label>
        <input
          id={passwordId}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          // Arriving with the email filled in, the password is what is left to type.
          autoFocus={initialEmail !== ''}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <p className="login-form__forgot">
        {/* The agent app's own screen (it works offline too, and says sending needs a connection),
            carrying the email typed so far. */}
        <Link to={forgotPasswordPath(email)}>Forgot password?</Link>
      </p>
      {error ? (
        <p id={errorId} className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={submitting} aria-busy={submitting}>
        Log In
      </button>
    </form>
  );
}

function messageFor(failure: NonNullable<SignInError>): string {
  if (failure.code === 'ACCOUNT_DISABLED') return 'This account is disabled.';
  if (failure.status === 0) return 'Could not reach SigningDesk. Check your connection and try again.';
  if (failure.status === 429) return 'Too many attempts. Please wait a minute and try again.';
  return 'Login failed';
}
