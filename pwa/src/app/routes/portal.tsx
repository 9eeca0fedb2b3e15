import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { PageLayout } from '../../components/page-layout';
import { appointmentListQueryOptions } from '../../features/appointments/api/get-appointments';
import { useFirstScreenShown } from '../../lib/first-screen';
import { PortalTabs } from '../../features/appointments/components/portal-tabs';
import { AgentHeader } from '../../features/auth/components/agent-header';
import { useSignedInAgent } from '../../features/auth/components/require-auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { Me } from '../../types/api';

// Shown only once the list is there (below), so loaded then: their code stays out of the first
// screen's JavaScript, and the service worker has precached it for offline starts.
const PushCard = lazy(async () => ({ default: (await import('../../features/push/components/push-card')).PushCard }));
const Promotions = lazy(async () => ({ default: (await import('../../features/promotions/components/promotions')).Promotions }));

export function PortalRoute() {
  useDocumentTitle('Signing Agent Portal');
  const me = useSignedInAgent();
  return (
    <PageLayout header={<AgentHeader me={me} />}>
      <h1 className="portal-title">Signing Agent Portal</h1>
      <PortalTabs me={me} />
      {/* The agent's work first (three of the day's appointments on a phone's first screen), then
          the notifications prompt and the ads. */}
      <AfterTheList me={me} />
    </PageLayout>
  );
}

/**
 * The notifications prompt and the ads, under the list. Their own component: what they wait
 * for (the first screen, the open offers) re-renders them alone, not the portal and its list.
 * An agent still under review has no offers to hear about and no program to join yet.
 */
function AfterTheList({ me }: { me: Me }) {
  const active = me.status === 'active';
  // The prompt and the ads wait for the selected tab's list to be on screen (lib/first-screen.ts):
  // painted first, in the empty space the list is about to fill, the ad's text became the first
  // screen's largest paint; loaded with the list, their code competed with it.
  const firstScreenShown = useFirstScreenShown();
  const listShown = firstScreenShown || !active;
  // The open offers, to tell the notifications prompt which offers arrived since "Not now"
  // (asked for with the other tabs, once the selected one is on screen).
  const open = useQuery({ ...appointmentListQueryOptions('open', me.id), enabled: active && firstScreenShown });
  const openOfferIds = open.data?.items.filter((item) => item.offerStatus !== 'declined').map((item) => item.id);
  return (
    <Suspense fallback={null}>
      {listShown && active && <PushCard userId={me.id} openOfferIds={openOfferIds} />}
      {listShown && <Promotions affiliate={active} />}
    </Suspense>
  );
}
