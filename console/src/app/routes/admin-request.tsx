import { Anchor, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { OrderDetails } from '../../features/order-details/components/order-details';

/**
 * /admin/requests/:id: one request as operators see it — the order's details, files, messages
 * and its full timeline (bids, payment). Its operator actions come with issue 12.
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
