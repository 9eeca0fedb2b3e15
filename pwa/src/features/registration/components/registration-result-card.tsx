import type { RegistrationResult } from '../../../types/api';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

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
      <Link to={paths.login} className="button button--primary button--block">
        Log In
      </Link>
    </section>
  );
}
