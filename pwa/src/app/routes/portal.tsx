import { useQuery } from '@tanstack/react-query';
import { PageLayout } from '../../components/page-layout';
import { appointmentListQueryOptions } from '../../features/appointments/api/get-appointments';
import { PortalTabs } from '../../features/appointments/components/portal-tabs';
import { PushCard } from '../../features/push/components/push-card';
import { Promotions } from '../../features/promotions/components/promotions';
import { AgentHeader } from '../../features/auth/components/agent-header';
import { useSignedInAgent } from '../../features/auth/components/require-auth';
import { useDocumentTitle } from '../../lib/use-document-title';

export function PortalRoute() {
  useDocumentTitle('Signing Agent Portal');
  const me = useSignedInAgent();
  const active = me.status === 'active';
  // The open offers, to tell the notifications prompt which offers arrived since "Not now".
  const open = useQuery({ ...appointmentListQueryOptions('open', me.id), enabled: active });
  const openOfferIds = open.data?.items.filter((item) => item.offerStatus !== 'declined').map((item) => item.id);
  return (
    <PageLayout header={<AgentHeader me={me} />}>
      <h1 className="portal-title">Signing Agent Portal</h1>
      <PortalTabs me={me} />
      {/* The agent's work first (three of the day's appointments on a phone's first screen), then
          the notifications prompt and the ads. An agent still under review has no offers to
          hear about and no program to join yet. */}
      {active && <PushCard userId={me.id} openOfferIds={openOfferIds} />}
      <Promotions affiliate={active} />
    </PageLayout>
  );
}
