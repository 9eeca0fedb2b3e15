import { Link } from 'react-router';
import { PageLayout } from '../../components/page-layout';
import { paths } from '../../config/paths';
import { AgentHeader } from '../../features/auth/components/agent-header';
import { useSignedInAgent } from '../../features/auth/components/require-auth';
import { AvailabilityScreen } from '../../features/availability/components/availability-screen';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The agent's availability (GET/PUT /api/agents/me/availability), opened from the profile. */
export function AvailabilityRoute() {
  useDocumentTitle('Availability');
  const me = useSignedInAgent();
  return (
    <PageLayout header={<AgentHeader me={me} />}>
      <div className="profile-page">
        <Link to={paths.profile} className="profile-page__back">
          <span aria-hidden="true">←</span> Back to your profile
        </Link>
        <h1>Availability</h1>
        <AvailabilityScreen userId={me.id} />
      </div>
    </PageLayout>
  );
}
