import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.layer.css';
import { Outlet } from 'react-router';

/**
 * The signed-in pages' frame: result toasts and confirmation modals are shown there only, so
 * their containers — with Mantine's Modal and transitions — are loaded with those pages, not
 * with a visitor's first page.
 */
export function PortalLayout() {
  return (
    <>
      <Notifications position="top-right" />
      <ModalsProvider>
        <Outlet />
      </ModalsProvider>
    </>
  );
}
