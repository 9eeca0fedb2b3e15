import { Link } from 'react-router';
import { PageLayout } from '../../components/page-layout';
import { paths } from '../../config/paths';
import { AgentHeader } from '../../features/auth/components/agent-header';
import { useSignedInAgent } from '../../features/auth/components/require-auth';
import { OutboxList } from '../../features/outbox/components/outbox-list';
import { useDocumentTitle } from '../../lib/use-document-title';

export function SyncRoute() {
  useDocumentTitle('Pending Actions');
  const me = useSignedInAgent();
  return (
    <PageLayout header={<AgentHeader me={me} />}>
      <p>
        <Link to={paths.portal} className="back-link">
          ← Back to your requests
        </Link>
      </p>
      <h1>Pending Actions</h1>
      <OutboxList userId={me.id} />
    </PageLayout>
  );
}
