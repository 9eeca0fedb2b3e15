import { Anchor, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { OrderDetails } from '../../features/order-details/components/order-details';
import { useWayBack } from '../../lib/came-from';

/**
 * /admin/requests/:id: one request as operators see it — an Open one in its review-and-edit
 * form, the others in their details — with the operator's actions, the bids, files, messages,
 * the full timeline (bids, payment) and the comparison orders; it follows live updates.
 */
export function AdminRequestRoute() {
  const { id = '' } = useParams();
  // Back to the Assignments list as it was (status, firm, search, page) when opened from it.
  const back = useWayBack(paths.admin, `${paths.admin}?tab=assignments`);
  return (
    <Page title="Request Details" size="xl">
      <Text mb="md">
        <Anchor component={Link} to={back}>
          Back to Assignments
        </Anchor>
      </Text>
      <OrderDetails appointmentId={id} />
    </Page>
  );
}
