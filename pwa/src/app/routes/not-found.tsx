import { Link } from 'react-router';
import { PageLayout } from '../../components/page-layout';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <PageLayout>
      <h1>Page not found</h1>
      <p>There is no page at this address in the agent app.</p>
      <p>
        <Link to={paths.portal} className="button button--primary">
          Go to the Signing Agent Portal
        </Link>
      </p>
    </PageLayout>
  );
}
