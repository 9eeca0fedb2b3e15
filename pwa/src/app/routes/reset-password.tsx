import { Link, useSearchParams } from 'react-router';
import { PageLayout } from '../../components/page-layout';
import { paths } from '../../config/paths';
import { SetPasswordForm } from '../../features/auth/components/set-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * Public: /notary/reset-password?token=… — the link of a signing agent's password-reset or
 * invitation email, in the agent app's look (the API sends agents' links here).
 */
export function ResetPasswordRoute() {
  useDocumentTitle('Set Your Password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return (
    <PageLayout>
      <div className="page__narrow">
        <h1>Set Your Password</h1>
        <p className="lead">Choose the password you will log in with.</p>
        {token ? (
          <SetPasswordForm token={token} />
        ) : (
          <div className="notice notice--error" role="alert">
            <p>This link is incomplete. Open the link from your email again, or ask for a new one.</p>
            <Link to={paths.forgotPassword}>Forgot password?</Link>
          </div>
        )}
      </div>
    </PageLayout>
  );
}
