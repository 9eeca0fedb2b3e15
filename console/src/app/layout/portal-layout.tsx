import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.layer.css';
import { Outlet } from 'react-router';
import { LiveUpdates } from './live-updates';

/**
 * The signed-in pages' frame: result toasts and confirmation modals are shown there only, so
 * their containers — with Mantine's Modal and transitions — are loaded with those pages, not
 * with a visitor's first page. Open screens follow the API's live updates from here.
 */
export function PortalLayout() {
  return (
    <>
      <Notifications position="top-right" />
      <LiveUpdates />
      <ModalsProvider>
        <Outlet />
      </ModalsProvider>
    </>
  );
}
