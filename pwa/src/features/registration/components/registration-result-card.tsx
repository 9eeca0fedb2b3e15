import type { RegistrationResult } from '../../../types/api';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { APP_BASENAME, paths } from '../../../config/paths';

const STATUS_LABELS: Record<string, string> = { pending: 'Pending review' };

/** The Registration Status card: the server's status, message and details (spec 02 §2). */
export function RegistrationResultCard({ result }: { result: RegistrationResult }) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  // The form is gone: the card takes the focus, so keyboard and screen-reader users land on it.
  useEffect(() => ref.current?.focus(), []);
  const { details } = result;
  return (
    <section ref={ref} className="registration-result" aria-labelledby={headingId} tabIndex={-1}>
      <h2 id={headingId}>Registration Status</h2>
      <p className="registration-result__message">{result.message}</p>
      <dl className="registration-result__facts">
        <div>
          <dt>Status</dt>
          <dd>{STATUS_LABELS[result.status] ?? result.status}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{details.email}</dd>
        </div>
        <div>
          <dt>Password</dt>
          <dd>{details.passwordSet ? 'Set: you can log in now.' : 'Not set yet: use the link we emailed you to choose one.'}</dd>
        </div>
      </dl>
      {details.passwordSet ? (
        <>
          {/* The review goes faster with the commission on file: offer it now, right after the account exists. */}
          <p className="registration-result__next">
            Add your notary commission now (a photo or PDF of it) so we can review it with your registration.
          </p>
          <Link
            to={`${paths.login}?redirect=${encodeURIComponent(`${APP_BASENAME}${paths.credentials}`)}`}
            className="button button--primary button--block"
          >
            Add your notary commission
          </Link>
          <Link to={paths.login} className="button button--secondary button--block">
            Log In
          </Link>
        </>
      ) : (
        <>
          <p className="registration-result__next">
            Once you have chosen a password, add your notary commission under Profile › Credentials.
          </p>
          <Link to={paths.login} className="button button--primary button--block">
            Log In
          </Link>
        </>
      )}
    </section>
  );
}
