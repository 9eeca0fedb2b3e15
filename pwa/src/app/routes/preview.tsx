import { Link } from 'react-router';
import { PageLayout } from '../../components/page-layout';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Public. Placeholder until the offer preview (spec 02) is built. */
export function PreviewRoute() {
  useDocumentTitle('Offer Preview');
  return (
    <PageLayout>
      <h1>Offer Preview</h1>
      <p>The offer preview arrives with a later issue.</p>
      <p>
        <Link to={paths.portal} className="button button--primary">
          Go to the Signing Agent Portal
        </Link>
      </p>
    </PageLayout>
  );
}
