import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.layer.css';
import { isEscrowRole } from '@signingdesk/domain/roles';
import { Outlet } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { AffiliateBanner } from '../../features/promotions/components/affiliate-banner';
import { LiveUpdates } from './live-updates';

/**
 * The signed-in pages' frame: result toasts and confirmation modals are shown there only, so
 * their containers — with Mantine's Modal and transitions — are loaded with those pages, not
 * with a visitor's first page. Open screens follow the API's live updates from here. Escrow
 * users see the affiliate banner below the page (decision 059).
 */
export function PortalLayout() {
  const me = useMe();
  return (
    <>
      <Notifications position="top-right" />
      <LiveUpdates />
      <ModalsProvider>
        <Outlet />
        {me.data && isEscrowRole(me.data.role) ? <AffiliateBanner /> : null}
      </ModalsProvider>
    </>
  );
}
