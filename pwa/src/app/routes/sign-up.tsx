import { Link } from 'react-router';
import { PageLayout } from '../../components/page-layout';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Public. Placeholder until agent registration (spec 02) is built. */
export function SignUpRoute() {
  useDocumentTitle('Register as a Signing Agent');
  return (
    <PageLayout>
      <h1>Register as a Signing Agent</h1>
      <p>Signing agent and field inspector registration arrives with a later issue.</p>
      <p>
        <Link to={paths.portal} className="button button--primary">
          Go to the Signing Agent Portal
        </Link>
      </p>
    </PageLayout>
  );
}
