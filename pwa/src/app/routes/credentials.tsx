import { Link } from 'react-router';
import { PageLayout } from '../../components/page-layout';
import { paths } from '../../config/paths';
import { AgentHeader } from '../../features/auth/components/agent-header';
import { useSignedInAgent } from '../../features/auth/components/require-auth';
import { CredentialsScreen } from '../../features/credentials/components/credentials-screen';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../features/profile/profile.css';
import '../../features/credentials/credentials.css';

/** Profile › Credentials: the agent's credentials with each one's state; add and renew (reminders link here). */
export function CredentialsRoute() {
  useDocumentTitle('Credentials');
  const me = useSignedInAgent();
  return (
    <PageLayout header={<AgentHeader me={me} />}>
      <div className="profile-page">
        <Link to={paths.profile} className="profile-page__back">
          <span aria-hidden="true">←</span> Back to the profile
        </Link>
        <h1>Credentials</h1>
        <CredentialsScreen userId={me.id} />
      </div>
    </PageLayout>
  );
}
