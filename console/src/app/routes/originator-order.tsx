import { Button, Group } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { OrderDetails } from '../../features/order-details/components/order-details';
import { useWayBack } from '../../lib/came-from';
import { useSignedInUser } from '../../features/auth/api/get-me';

/**
 * /originator/orders/:id: one order's details, at a URL that can be bookmarked and shared in the
 * firm. Close returns to the list it was opened from, as it was (tab, search, page).
 */
export function OriginatorOrderRoute() {
  const { id = '' } = useParams();
  const back = useWayBack(paths.originator, `${paths.originator}?tab=in-process`);
  const user = useSignedInUser();
  return (
    <Page title="Order Details" size="xl">
      <Group justify="flex-end" mb="md">
        <Button component={Link} to={back} variant="default">
          Close
        </Button>
      </Group>
      <OrderDetails appointmentId={id} escrowViewer={{ orgAdmin: user.role === 'creator_admin', firmName: user.firm.name }} />
    </Page>
  );
}
