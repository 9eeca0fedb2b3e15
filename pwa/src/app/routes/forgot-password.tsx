import { useSearchParams } from 'react-router';
import { PageLayout } from '../../components/page-layout';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Public: ask for an emailed link to choose a new password (POST /api/password-resets). */
export function ForgotPasswordRoute() {
  useDocumentTitle('Reset Your Password');
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email')?.trim() ?? '';
  return (
    <PageLayout>
      <div className="page__narrow">
        <h1>Reset Your Password</h1>
        <p className="lead">Enter the email you log in with. We will email you a link to choose a new password.</p>
        <ForgotPasswordForm initialEmail={email} />
      </div>
    </PageLayout>
  );
}
