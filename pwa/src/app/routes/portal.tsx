import { PageLayout } from '../../components/page-layout';
import { PortalTabs } from '../../features/appointments/components/portal-tabs';
import { LogOutButton } from '../../features/auth/components/log-out-button';
import { useSignedInAgent } from '../../features/auth/components/require-auth';
import { useDocumentTitle } from '../../lib/use-document-title';

export function PortalRoute() {
  useDocumentTitle('Signing Agent Portal');
  const me = useSignedInAgent();
  return (
    <PageLayout
      header={
        <>
          <span className="app-header__name" title={me.email}>
            {me.name}
          </span>
          <LogOutButton />
        </>
      }
    >
      <h1>Signing Agent Portal</h1>
      <PortalTabs me={me} />
    </PageLayout>
  );
}
