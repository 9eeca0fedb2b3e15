import { Anchor, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { OrderDetails } from '../../features/order-details/components/order-details';

/**
 * /admin/requests/:id: one request as operators see it — an Open one in its review-and-edit
 * form, the others in their details — with the operator's actions, the bids, files, messages,
 * the full timeline (bids, payment) and the comparison orders; it follows live updates.
 */
export function AdminRequestRoute() {
  const { id = '' } = useParams();
  return (
    <Page title="Request Details" size="xl">
      <Text mb="md">
        <Anchor component={Link} to={`${paths.admin}?tab=assignments`}>
          Back to Assignments
        </Anchor>
      </Text>
      <OrderDetails appointmentId={id} />
    </Page>
  );
}
