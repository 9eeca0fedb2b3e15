import { PageLayout } from '../../../components/page-layout';
import { SiteMenu } from '../../../components/site-menu';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { Me } from '../../../types/api';
import { LogOutButton } from './log-out-button';

/** A signed-in escrow officer or operator who opened the agent app. */
export function WrongRole({ me }: { me: Me }) {
  useDocumentTitle('For signing agents');
  return (
    <PageLayout
      header={
        <SiteMenu
          signedIn
          account={
            <>
              <p className="site-menu__profile-name">{me.name}</p>
              <LogOutButton userId={me.id} />
            </>
          }
        />
      }
    >
      <h1>This app is for signing agents</h1>
      <p>The SigningDesk agent app is for signing agents. You are signed in as {me.name}, whose work happens in another portal.</p>
      <p>
        <a className="button button--primary" href={me.portal}>
          Go to your portal
        </a>
      </p>
    </PageLayout>
  );
}
