import { PageLayout } from '../../components/page-layout';
import { PortalTabs } from '../../features/appointments/components/portal-tabs';
import { PushCard } from '../../features/push/components/push-card';
import { Promotions } from '../../features/promotions/components/promotions';
import { AgentHeader } from '../../features/auth/components/agent-header';
import { useSignedInAgent } from '../../features/auth/components/require-auth';
import { useDocumentTitle } from '../../lib/use-document-title';

export function PortalRoute() {
  useDocumentTitle('Signing Agent Portal');
  const me = useSignedInAgent();
  return (
    <PageLayout
      header={<AgentHeader me={me} />}
    >
      <h1>Signing Agent Portal</h1>
      <PushCard />
      <PortalTabs me={me} />
      {/* The agent's work first; the ads come after it on a phone's first screen. */}
      <Promotions />
    </PageLayout>
  );
}
