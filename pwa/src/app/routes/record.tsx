import { Link } from 'react-router';
import { PageLayout } from '../../components/page-layout';
import { paths } from '../../config/paths';
import { AgentHeader } from '../../features/auth/components/agent-header';
import { useSignedInAgent } from '../../features/auth/components/require-auth';
import { RecordScreen } from '../../features/record/components/record-screen';
import { useDocumentTitle } from '../../lib/use-document-title';

/** "Your record" (issue 31), opened from the profile: the agent's score and what it is made of. */
export function RecordRoute() {
  useDocumentTitle('Your record');
  const me = useSignedInAgent();
  return (
    <PageLayout header={<AgentHeader me={me} />}>
      <p>
        <Link to={paths.profile} className="back-link">
          ← Back to your profile
        </Link>
      </p>
      <h1>Your record</h1>
      <RecordScreen userId={me.id} />
    </PageLayout>
  );
}
