import { Link } from 'react-router';
import { PageLayout } from '../../components/page-layout';
import { paths } from '../../config/paths';
import { RegistrationForm } from '../../features/registration/components/registration-form';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Public: Signing Agent / Field Inspector registration (spec 02 §2, POST /api/agents/registrations). */
export function SignUpRoute() {
  useDocumentTitle('Register as a Signing Agent');
  return (
    <PageLayout>
      <div className="registration-page">
        <h1>Register as a Signing Agent or Field Inspector</h1>
        <p className="lead">
          Register to hear about signings near you. We review every registration; once you are approved, we text you about appointments in
          your area and you can claim them or make an offer.
        </p>
        <RegistrationForm />
        <p className="aside-text">
          Already registered? <Link to={paths.login}>Log In</Link>
        </p>
      </div>
    </PageLayout>
  );
}
