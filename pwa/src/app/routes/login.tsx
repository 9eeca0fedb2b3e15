import { Link, Navigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../components/page-layout';
import { paths } from '../../config/paths';
import { useMe } from '../../features/auth/api/get-me';
import { LoginForm } from '../../features/auth/components/login-form';
import { safeRedirectTarget } from '../../lib/safe-redirect';
import { useDocumentTitle } from '../../lib/use-document-title';

export function LoginRoute() {
  useDocumentTitle('Log In');
  const [searchParams] = useSearchParams();
  const target = safeRedirectTarget(searchParams.get('redirect'), window.location.origin);
  const email = searchParams.get('email')?.trim() ?? '';
  const meQuery = useMe();

  // Already signed in (for example the installed app reopened on this page): go on.
  if (meQuery.data?.me) return <Navigate to={target} replace />;

  return (
    <PageLayout>
      <div className="page__narrow">
        <h1>Log In</h1>
        <p className="lead">Sign in to see your open offers, pending bids and assignments.</p>
        <LoginForm target={target} initialEmail={email} />
        <p className="aside-text">
          New signing agent? <Link to={paths.signUp}>Register as a Signing Agent</Link>
        </p>
      </div>
    </PageLayout>
  );
}
